import { describe, expect, it } from "vitest";
import { parsePipeline } from "../pipeline/parsePipeline";
import { vellumProfile } from "../profiles";
import type { TraceEvent } from "../trace/events";
import { createScriptedModel } from "./scriptedModel";
import { simulate } from "./simulate";
import { assertTraceContract, runHarness, type HarnessScenario } from "./testing/harness";
import { SimulatedLimit, type TestContext } from "./testing/inProcessRunner";

const text = (t: string) => ({ content: [{ type: "text" as const, text: t }], stopReason: "end_turn" as const });
const empty = { content: [], stopReason: "end_turn" as const };
const toolCall = (id: string, name: string, input: Record<string, unknown> = {}) => ({
  content: [{ type: "tool_use" as const, id, name, input }],
  stopReason: "tool_use" as const,
});
const scenario = (s: HarnessScenario): HarnessScenario => s;

describe("simulate (vellum)", () => {
  it("sends the system prompt a pre-model-call hook edited, and records its patch", async () => {
    const run = await runHarness({
      profile: "vellum",
      scenario: { system: "You are helpful." },
      hooks: {
        "pre-model-call": [
          (ctx) => {
            if (ctx.callSite !== "mainAgent") return;
            ctx.systemPrompt = `${ctx.systemPrompt ?? ""}\nBe concise.`;
          },
        ],
      },
    });
    expect(run.of("model.request")[0]?.system).toBe("You are helpful.\nBe concise.");
    const end = run.hookEnd("pre-model-call#0");
    expect(end.patch).toEqual([{ op: "replace", path: "/systemPrompt", value: "You are helpful.\nBe concise." }]);
    expect(end.status).toBe("changed");
    expect(end.ignoredWrites).toEqual([]);
    expect(run.of("point.start")[0]).toMatchObject({ point: "pre-model-call", edge: "request-to-provider" });
    expect(run.of("point.end")[0]?.result).toEqual({ systemPrompt: "You are helpful.\nBe concise.", modelProfile: null, deferAssistantOutput: false });
    expect(run.exitReason).toBe("no_tool_calls");
  });

  it("drops the edits of a hook that throws after mutating, and the next hook sees the last commit", async () => {
    let seen: unknown;
    const run = await runHarness({
      profile: "vellum",
      scenario: { system: "S" },
      hooks: {
        "pre-model-call": [
          (ctx) => {
            ctx.systemPrompt = "A";
          },
          (ctx) => {
            ctx.systemPrompt = "B";
            throw new TypeError("oops");
          },
          (ctx) => {
            seen = ctx.systemPrompt;
          },
        ],
      },
    });
    expect(seen).toBe("A");
    expect(run.of("model.request")[0]?.system).toBe("A");
    const failed = run.hookEnd("pre-model-call#1");
    expect(failed).toMatchObject({ error: "TypeError: oops", status: "threw", patch: [] });
    expect(failed.ignoredWrites).toEqual([{ path: "/systemPrompt", reason: "discarded: the hook threw" }]);
  });

  it("reports a timeout and an out-of-memory hook by their status", async () => {
    const run = await runHarness({
      profile: "vellum",
      hooks: {
        "pre-model-call": [
          () => {
            throw new SimulatedLimit("timeout");
          },
          () => {
            throw new SimulatedLimit("memory");
          },
        ],
      },
    });
    expect(run.hookEnd("pre-model-call#0")).toMatchObject({ status: "timeout", error: "the hook timed out after 1000 ms" });
    expect(run.hookEnd("pre-model-call#1")).toMatchObject({ status: "memory" });
    expect(run.exitReason).toBe("no_tool_calls");
  });

  it("merges a returned partial over in-place edits", async () => {
    const run = await runHarness({
      profile: "vellum",
      scenario: { system: "S" },
      hooks: {
        "pre-model-call": [
          (ctx) => {
            ctx.deferAssistantOutput = true;
            return { systemPrompt: "from partial" };
          },
        ],
      },
    });
    expect(run.hookEnd("pre-model-call#0").patch).toEqual([
      { op: "replace", path: "/systemPrompt", value: "from partial" },
      { op: "replace", path: "/deferAssistantOutput", value: true },
    ]);
    expect(run.of("model.request")[0]?.system).toBe("from partial");
  });

  it("aliases originalMessages to latestMessages in user-prompt-submit, like the host", async () => {
    let originalLength = 0;
    const run = await runHarness({
      profile: "vellum",
      hooks: {
        "user-prompt-submit": [
          (ctx) => {
            ctx.latestMessages.push({ role: "user", content: [{ type: "text", text: "Context: today is Monday." }] });
          },
          (ctx) => {
            originalLength = ctx.originalMessages.length;
          },
        ],
      },
    });
    expect(originalLength).toBe(2);
    expect(run.of("model.request")[0]?.messages.map((m) => m.content[0])).toEqual([
      { type: "text", text: "Hello" },
      { type: "text", text: "Context: today is Monday." },
    ]);
    expect(run.hookEnd("user-prompt-submit#0").ignoredWrites).toEqual([
      { path: "/originalMessages/1", reason: "originalMessages is the same array as latestMessages: the host reads the change back through latestMessages" },
    ]);
  });

  it("lets later hooks see a read-only write but flags it, and the host ignores it", async () => {
    let seen = "";
    const run = await runHarness({
      profile: "vellum",
      hooks: {
        "pre-model-call": [
          (ctx) => {
            ctx.conversationId = "rewritten";
            ctx.temperature = 0;
          },
          (ctx) => {
            seen = ctx.conversationId;
          },
        ],
      },
    });
    expect(seen).toBe("rewritten");
    expect(run.hookEnd("pre-model-call#0").ignoredWrites).toEqual([
      { path: "/conversationId", reason: "conversationId is read-only: later hooks see the change, the host does not read it back" },
      { path: "/temperature", reason: '"temperature" is not a field of PreModelCallContext: later hooks see it, the host ignores it' },
    ]);
    expect(run.of("point.end")[0]?.result).toEqual({ systemPrompt: null, modelProfile: null, deferAssistantOutput: false });
  });

  it("distinguishes a null key from an absent one in a returned partial", async () => {
    const run = await runHarness({
      profile: "vellum",
      scenario: { system: "S" },
      hooks: { "pre-model-call": [() => ({ systemPrompt: null }), () => ({ modelProfile: undefined })] },
    });
    expect(run.of("model.request")[0]?.system).toBeNull();
    expect(run.hookEnd("pre-model-call#1").patch).toEqual([{ op: "remove", path: "/modelProfile" }]);
    expect(run.of("model.request")[0]?.modelProfile).toBeUndefined();
  });

  describe("post-model-call continue", () => {
    const retryOnEmpty = (ctx: TestContext) => {
      if (ctx.error || ctx.content.length > 0) return;
      ctx.messages.push({ role: "user", content: [{ type: "text", text: "Please answer." }] });
      ctx.decision = "continue";
    };

    it("re-queries the model with ctx.messages after an empty reply", async () => {
      const run = await runHarness({ profile: "vellum", scenario: { model: { kind: "scripted", responses: [empty, text("Here it is.")] } }, hooks: { "post-model-call": [retryOnEmpty] } });
      const requests = run.of("model.request");
      expect(requests).toHaveLength(2);
      expect(requests[1]?.continueOf).toBe(1);
      expect(requests[1]?.messages.map((m) => [m.role, m.content[0]])).toEqual([
        ["user", { type: "text", text: "Hello" }],
        ["user", { type: "text", text: "Please answer." }],
      ]);
      expect(run.hookEnd("post-model-call#0").decision).toBe("continue");
      expect(run.exitReason).toBe("no_tool_calls");
      expect(run.messages.at(-1)).toEqual({ role: "assistant", content: [{ type: "text", text: "Here it is." }] });
    });

    it("honours at most 5 continues per run", async () => {
      const run = await runHarness({
        profile: "vellum",
        scenario: { model: { kind: "scripted", responses: Array.from({ length: 8 }, () => empty) } },
        hooks: { "post-model-call": [retryOnEmpty] },
      });
      expect(run.of("model.request")).toHaveLength(6);
      expect(run.hookEnd("post-model-call#0", 5).ignoredWrites).toContainEqual({ path: "/decision", reason: "the run already used its 5 continues" });
      expect(run.exitReason).toBe("no_tool_calls");
    });

    it("ignores continue on a reply with tool calls: the tools run", async () => {
      const run = await runHarness({
        profile: "vellum",
        scenario: { model: { kind: "scripted", responses: [toolCall("t1", "search"), text("done")] }, tools: [{ name: "search", results: ["found"] }] },
        hooks: { "post-model-call": [(ctx) => void (ctx.decision = "continue")] },
      });
      expect(run.hookEnd("post-model-call#0").ignoredWrites).toContainEqual({
        path: "/decision",
        reason: "continue is ignored on a reply with tool calls: the tools run and the loop goes on anyway",
      });
      expect(run.of("tool.result")).toMatchObject([{ toolUseId: "t1", content: "found", isError: false }]);
      expect(run.of("model.request")[1]?.continueOf).toBeUndefined();
    });

    it("refuses continue after text streamed live, unless pre-model-call deferred the output", async () => {
      const responses = [text("Partial answer"), text("Better answer")];
      const continueAlways = (ctx: TestContext) => {
        if (ctx.messages.length < 2) {
          ctx.messages.push({ role: "user", content: [{ type: "text", text: "Improve it." }] });
          ctx.decision = "continue";
        }
      };
      const live = await runHarness({ profile: "vellum", scenario: { model: { kind: "scripted", responses } }, hooks: { "post-model-call": [continueAlways] } });
      expect(live.of("model.request")).toHaveLength(1);
      expect(live.hookEnd("post-model-call#0").ignoredWrites?.map((w) => w.path)).toEqual(["/messages/1", "/decision"]);
      const deferred = await runHarness({
        profile: "vellum",
        scenario: { model: { kind: "scripted", responses } },
        hooks: { "pre-model-call": [(ctx) => void (ctx.deferAssistantOutput = true)], "post-model-call": [continueAlways] },
      });
      expect(deferred.of("model.request")).toHaveLength(2);
      expect(deferred.messages.at(-1)?.content).toEqual([{ type: "text", text: "Better answer" }]);
    });

    it("hands a provider rejection to hooks and can retry it", async () => {
      let seen: unknown;
      const run = await runHarness({
        profile: "vellum",
        scenario: { model: { kind: "scripted", responses: [{ error: "overloaded" }, text("ok")] } },
        hooks: {
          "post-model-call": [
            (ctx) => {
              if (!ctx.error) return;
              seen = { error: ctx.error, content: ctx.content, stopReason: ctx.stopReason };
              ctx.decision = "continue";
            },
          ],
        },
      });
      expect(seen).toEqual({ error: { name: "ProviderError", message: "overloaded" }, content: [], stopReason: null });
      expect(run.of("model.response")[0]).toMatchObject({ call: 1, error: "overloaded" });
      expect(run.exitReason).toBe("no_tool_calls");
    });

    it("continues after max_tokens with the history the hook left", async () => {
      const run = await runHarness({
        profile: "vellum",
        scenario: { model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "cut of" }], stopReason: "max_tokens" }, text("short answer")] } },
        hooks: {
          "post-model-call": [
            (ctx) => {
              if (ctx.stopReason !== "max_tokens") return;
              ctx.messages.push({ role: "assistant", content: ctx.content }, { role: "user", content: [{ type: "text", text: "Continue, shorter." }] });
              ctx.decision = "continue";
            },
          ],
        },
      });
      expect(run.of("model.request")[1]?.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
      expect(run.exitReason).toBe("no_tool_calls");
    });
  });

  it("runs tool_use blocks a hook appended (fixing an empty id) and never the ones it dropped", async () => {
    const run = await runHarness({
      profile: "vellum",
      scenario: {
        model: { kind: "scripted", responses: [toolCall("t1", "dangerous"), text("done")] },
        tools: [{ name: "dangerous", results: ["boom"] }, { name: "safe", results: ["ok"] }],
      },
      hooks: {
        "post-model-call": [
          (ctx) => {
            ctx.content = ctx.content.filter((b: { name?: string }) => b.name !== "dangerous");
            if (ctx.messages.length === 1) ctx.content.push({ type: "tool_use", id: "", name: "safe", input: {} });
          },
        ],
      },
    });
    expect(run.of("tool.call").map((e) => [e.toolUseId, e.name])).toEqual([["toolu_hw_1_0", "safe"]]);
    expect(run.exitReason).toBe("no_tool_calls");
  });

  it("appends additionalContext after ALL tool results of the turn and sends the rewritten result", async () => {
    const run = await runHarness({
      profile: "vellum",
      scenario: {
        model: {
          kind: "scripted",
          maxInputTokens: 2,
          responses: [{ content: [{ type: "tool_use", id: "a", name: "read", input: {} }, { type: "tool_use", id: "b", name: "read", input: {} }], stopReason: "tool_use" }, text("ok")],
        },
        tools: [{ name: "read", results: ["0123456789", "short"] }],
      },
      hooks: {
        "post-tool-use": [
          (ctx) => {
            const budget = ctx.maxInputTokens * 4;
            if (ctx.toolResponse.content.length > budget) {
              ctx.toolResponse.content = ctx.toolResponse.content.slice(0, budget);
              ctx.additionalContext = `Result ${ctx.toolResponse.tool_use_id} was truncated to ${budget} characters.`;
            }
          },
        ],
      },
    });
    expect(run.of("model.request")[1]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        { type: "tool_result", tool_use_id: "a", content: "01234567", is_error: false },
        { type: "tool_result", tool_use_id: "b", content: "short", is_error: false },
        { type: "text", text: "Result a was truncated to 8 characters." },
      ],
    });
    expect(run.of("tool.result").map((e) => e.content)).toEqual(["0123456789", "short"]);
  });

  it("compacts the history past compactAtChars and fires post-compact before the next call", async () => {
    const long = "x".repeat(300);
    const run = await runHarness({
      profile: "vellum",
      scenario: {
        history: [
          { role: "user", content: [{ type: "text", text: `first question ${long}` }] },
          { role: "assistant", content: [{ type: "text", text: long }] },
        ],
        limits: { maxModelCalls: 5, maxToolCalls: 5, compactAtChars: 400 },
      },
      hooks: { "post-compact": [(ctx) => void ctx.history.push({ role: "user", content: [{ type: "text", text: "Remember: be brief." }] })] },
    });
    expect(run.of("compact")).toMatchObject([{ removedMessages: 2, beforeChars: 620, afterChars: 148 }]);
    const sent = run.of("model.request")[0]?.messages.map((m) => (m.content[0]?.type === "text" ? m.content[0].text : ""));
    expect(sent?.[0]).toMatch(/^\[Compacted: 2 earlier messages \(615 characters\) were summarized\.\] It began with: "first question x/);
    expect(sent?.slice(1)).toEqual(["Hello", "Remember: be brief."]);
    expect(run.of("point.start").map((e) => e.point)).toEqual(["post-compact"]);
  });

  it("fires init first and shutdown last, once each", async () => {
    const run = await runHarness({ profile: "vellum", hooks: { init: [() => undefined], shutdown: [() => undefined], stop: [() => undefined] } });
    expect(run.of("point.start").map((e) => [e.point, e.edge])).toEqual([
      ["init", "plugin-init"],
      ["stop", "end-stop"],
      ["shutdown", "plugin-shutdown"],
    ]);
  });

  describe("stop", () => {
    const stopSeen = (reasons: unknown[]) => ({ stop: [(ctx: TestContext) => void reasons.push([ctx.exitReason, ctx.error ?? null])] });
    const cases: [string, HarnessScenario, string, unknown][] = [
      ["no_tool_calls", {}, "no_tool_calls", null],
      ["max_tokens_reached", { model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "cut" }], stopReason: "max_tokens" }] } }, "max_tokens_reached", null],
      ["error", { model: { kind: "scripted", responses: [{ error: "overloaded" }] } }, "error", { name: "ProviderError", message: "overloaded" }],
      [
        "max_model_calls",
        scenario({ model: { kind: "scripted", responses: [toolCall("t1", "t"), toolCall("t2", "t"), toolCall("t3", "t")] }, tools: [{ name: "t", results: ["r"] }], limits: { maxModelCalls: 2, maxToolCalls: 10, compactAtChars: null } }),
        "max_model_calls",
        null,
      ],
      [
        "max_tool_calls",
        scenario({ model: { kind: "scripted", responses: [toolCall("t1", "t"), toolCall("t2", "t")] }, tools: [{ name: "t", results: ["r"] }], limits: { maxModelCalls: 9, maxToolCalls: 1, compactAtChars: null } }),
        "max_tool_calls",
        null,
      ],
      [
        "script_exhausted",
        { model: { kind: "scripted", responses: [] } },
        "script_exhausted",
        { name: "ProviderError", message: "the scripted model has no response for call 1: the scenario lists 0 responses" },
      ],
    ];
    for (const [name, s, reason, error] of cases) {
      it(`fires exactly once with exitReason ${name}`, async () => {
        const reasons: unknown[] = [];
        const run = await runHarness({ profile: "vellum", scenario: s, hooks: stopSeen(reasons) });
        expect(reasons).toEqual([[reason, error]]);
        expect(run.of("run.end")[0]?.exitReason).toBe(reason);
      });
    }
  });
});

describe("simulate (a failing runner)", () => {
  it("ends the trace cleanly with internal_error and closes the open point", async () => {
    const parsed = parsePipeline({
      format: "hookwright.pipeline/v1",
      name: "p",
      profile: "vellum",
      hooks: [{ id: "h", point: "pre-model-call", name: "h", code: "" }],
      scenarios: [{ name: "s", prompt: "Hi", model: { kind: "scripted", responses: [] } }],
    });
    if (!parsed.ok || !parsed.value.scenarios[0]) throw new Error("setup");
    const events: TraceEvent[] = [];
    const result = await simulate({
      pipeline: parsed.value,
      scenario: parsed.value.scenarios[0],
      profile: vellumProfile,
      model: createScriptedModel(parsed.value.scenarios[0].model),
      emit: (_, full) => events.push(full),
      runner: {
        runChain: () => Promise.reject(new Error("the sandbox crashed")),
        runTool: () => Promise.reject(new Error("unused")),
        dispose: () => undefined,
      },
    });
    expect(result).toMatchObject({ exitReason: "internal_error", error: "the run failed inside Hookwright: the sandbox crashed" });
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "point.end", "run.end"]);
    assertTraceContract(events);
  });
});
