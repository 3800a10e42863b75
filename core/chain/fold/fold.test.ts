import { describe, expect, it } from "vitest";
import { hooksForPoint } from "../../engine/firePoint";
import type { JsonObject } from "../../json";
import { parsePipeline } from "../../pipeline/parsePipeline";
import { openclawProfile } from "../../profiles";
import { executeChain } from "../index";
import type { ExecuteChainResult } from "../types";

/** Each rule of OpenClaw's runner (semantics.md §2c), pinned on the fold with plain handlers. */

type Handler = (event: JsonObject, ctx: JsonObject) => unknown;

async function fold(point: string, handlers: Handler[], event: JsonObject = {}): Promise<ExecuteChainResult> {
  const spec = openclawProfile.points.find((p) => p.id === point);
  if (!spec?.fold) throw new Error(point);
  return executeChain({
    execution: "fold",
    hookIds: handlers.map((_, i) => `h${i}`),
    context: { event, ctx: {} },
    fold: { ...spec.fold, hookName: point, pluginId: "p", args: ["event", "ctx"] },
    invoke: async (id, input) => {
      const [e, c] = input as unknown as [JsonObject, JsonObject];
      const fn = handlers[Number(id.slice(1))] as Handler;
      try {
        const raw = fn(e, c);
        const promise = typeof (raw as { then?: unknown } | null)?.then === "function";
        return { returned: { value: await raw, promise } };
      } catch (error) {
        return { failure: { kind: "threw", message: String(error) } };
      }
    },
  });
}

describe("OpenClaw fold rules", () => {
  it("before_prompt_build: contexts concatenate with a blank line; an explicit empty string erases what came before", async () => {
    expect((await fold("before_prompt_build", [() => ({ prependContext: "a" }), () => ({ prependContext: "b" })])).result).toEqual({ prependContext: "a\n\nb" });
    expect((await fold("before_prompt_build", [() => ({ prependContext: "a" }), () => ({ prependContext: "" })])).result).toEqual({ prependContext: "" });
  });

  it("first-defined keeps an earlier null (?? semantics) and ignores later values", async () => {
    expect((await fold("before_prompt_build", [() => ({ systemPrompt: null }), () => ({ systemPrompt: "x" })])).result).toEqual({ systemPrompt: "x" });
    expect((await fold("before_model_resolve", [() => ({ modelOverride: "" }), () => ({ modelOverride: "m" })])).result).toEqual({ modelOverride: "" });
  });

  it("before_tool_call: params freeze at the first approval request, a later block still blocks, blockReason comes from any handler", async () => {
    const r = await fold("before_tool_call", [
      () => ({ params: { a: 1 }, requireApproval: { title: "t", description: "d" } }),
      () => ({ params: { b: 2 }, blockReason: "later reason" }),
      () => ({ block: true }),
      () => ({ params: { never: true } }),
    ]);
    expect(r.result).toEqual({ params: { a: 1 }, block: true, blockReason: "later reason", requireApproval: { title: "t", description: "d", pluginId: "p" } });
    expect(r.calls.map((c) => c.hookId)).toEqual(["h0", "h1", "h2"]);
  });

  it("before_tool_call: block must be exactly true; block: false cannot clear an earlier block", async () => {
    expect((await fold("before_tool_call", [() => ({ block: 1 }), () => ({ params: { x: 1 } })])).result).toEqual({ params: { x: 1 } });
    const each: JsonObject[] = [];
    const r = await fold("before_tool_call", [(e) => void each.push(e), (e) => void each.push(e)], { toolName: "exec", params: { c: 1 } });
    expect(r.result).toBeNull();
    expect(each[0]).not.toBe(each[1]);
  });

  it("before_tool_call is fail-closed: a throw fails the point, skips the rest and discards what was merged", async () => {
    const r = await fold("before_tool_call", [() => ({ params: { a: 1 } }), () => {
      throw new Error("boom");
    }, () => ({ block: true })]);
    expect(r.result).toBeNull();
    expect(r.pointError).toBe("[hooks] before_tool_call handler from p failed: Error: boom");
    expect(r.calls).toHaveLength(2);
  });

  it("message_sending: cancel is final; before_prompt_build is fail-open", async () => {
    const r = await fold("message_sending", [() => ({ content: "x", cancel: true, cancelReason: "secret" }), () => ({ content: "never" })]);
    expect(r.result).toEqual({ content: "x", cancel: true, cancelReason: "secret" });
    expect(r.calls).toHaveLength(1);
    const open = await fold("before_prompt_build", [() => {
      throw new Error("x");
    }, () => ({ appendContext: "kept" })]);
    expect([open.result, open.pointError]).toEqual([{ appendContext: "kept" }, null]);
  });

  it("before_agent_reply: the first truthy handled claims and stops", async () => {
    const r = await fold("before_agent_reply", [() => ({ handled: false }), () => ({ handled: 1, reply: { text: "hi" } }), () => ({ handled: true })]);
    expect(r.result).toEqual({ handled: 1, reply: { text: "hi" } });
    expect(r.calls.map((c) => c.claimed)).toEqual([false, true]);
  });

  it("before_agent_run: null is an invalid decision (a block), undefined is no opinion, a block stops", async () => {
    expect((await fold("before_agent_run", [() => undefined])).result).toBeNull();
    expect((await fold("before_agent_run", [() => ({ outcome: "pass" }), () => null, () => ({ outcome: "pass" })])).result).toEqual({
      decision: { outcome: "block", reason: "before_agent_run returned an invalid decision" },
      pluginId: "p",
    });
  });

  it("before_agent_finalize: finalize is sticky, revise + revise joins the reasons", async () => {
    expect((await fold("before_agent_finalize", [() => ({ action: "finalize", reason: "done" }), () => ({ action: "revise" })])).result).toEqual({ action: "finalize", reason: "done" });
    expect(
      (await fold("before_agent_finalize", [() => ({ action: "revise", reason: "a", retry: { instruction: " x " } }), () => ({ action: "revise", reason: "b" })])).result,
    ).toEqual({ action: "revise", reason: "a\n\nb", retry: { instruction: "x" } });
  });

  it("tool_result_persist: each handler sees the previous message; an async handler's result is ignored with the host's warning", async () => {
    const message = { role: "toolResult", content: [{ type: "text", text: "out" }] };
    const r = await fold(
      "tool_result_persist",
      [(e) => ({ message: { ...(e.message as JsonObject), content: [{ type: "text", text: "one" }] } }), async () => ({ message: { role: "toolResult", content: [] } }), (e) => ({ message: { ...(e.message as JsonObject), seen: true } })],
      { message },
    );
    expect(r.result).toEqual({ message: { role: "toolResult", content: [{ type: "text", text: "one" }], seen: true } });
    expect(r.calls[1]?.warnings).toEqual(["[hooks] tool_result_persist handler from p returned a Promise; this hook is synchronous and the result was ignored."]);
  });
});

describe("OpenClaw ordering, matchers and gating (the engine's hooksForPoint)", () => {
  const parsed = parsePipeline({
    format: "hookwright.pipeline/v1",
    name: "Order",
    profile: "openclaw",
    hooks: [
      { id: "low", point: "before_tool_call", name: "low", code: "", priority: 0 },
      { id: "high", point: "before_tool_call", name: "high", code: "", priority: 50 },
      { id: "tie", point: "before_tool_call", name: "tie", code: "", priority: 0 },
      { id: "search-only", point: "before_tool_call", name: "search-only", code: "", priority: 100, matcher: ["web_search"] },
      { id: "conv", point: "llm_input", name: "conv", code: "" },
    ],
  });
  if (!parsed.ok) throw new Error("fixture");
  const pipeline = parsed.value;
  const spec = (id: string) => openclawProfile.points.find((p) => p.id === id) as (typeof openclawProfile.points)[number];

  it("runs by priority, highest first, ties in registration order, matcher applied to the call's tool", () => {
    const ids = (tool: string) => hooksForPoint(pipeline, spec("before_tool_call"), { profile: openclawProfile, context: { event: { toolName: tool } } }).map((h) => h.id);
    expect(ids("exec")).toEqual(["high", "low", "tie"]);
    expect(ids("Web_Search")).toEqual(["search-only", "high", "low", "tie"]);
  });

  it("drops conversation hooks unless allowConversationAccess is on", () => {
    expect(hooksForPoint(pipeline, spec("llm_input"), { profile: openclawProfile })).toEqual([]);
    expect(hooksForPoint({ ...pipeline, hostSettings: { allowConversationAccess: true } }, spec("llm_input"), { profile: openclawProfile }).map((h) => h.id)).toEqual(["conv"]);
  });
});

describe("OpenClaw: what each handler is handed, and where its writes go (issue 23)", () => {
  type Seen = { event: JsonObject; ctx: JsonObject };
  /** Runs `handlers` at `point` on event and ctx; each handler's view (as JSON) is recorded when it starts. */
  async function run(point: string, handlers: ((event: JsonObject, ctx: JsonObject) => unknown)[], event: JsonObject, ctx: JsonObject) {
    const spec = openclawProfile.points.find((p) => p.id === point);
    if (!spec?.fold) throw new Error(point);
    const seen: Seen[] = [];
    const r = await executeChain({
      execution: "fold",
      hookIds: handlers.map((_, i) => `h${i}`),
      context: { event, ctx },
      fold: { ...spec.fold, hookName: point, pluginId: "p", args: ["event", "ctx"] },
      invoke: async (id, input) => {
        const [e, c] = input as unknown as [JsonObject, JsonObject];
        seen.push(JSON.parse(JSON.stringify({ event: e, ctx: c })) as Seen);
        const value = (handlers[Number(id.slice(1))] as (event: JsonObject, ctx: JsonObject) => unknown)(e, c);
        return { returned: { value, promise: false } };
      },
    });
    return { ...r, seen };
  }
  const toolResult = { role: "toolResult", toolCallId: "t0", toolName: "exec", content: [{ type: "text", text: "a.txt" }], details: { exitCode: 0 }, isError: false };
  const user = { role: "user", content: "hi", __openclaw: { upstreamUserText: "raw", source: "webchat" } };

  it("before_prompt_build: messages projected (details and private metadata gone), the event shared, ctx a copy per handler", async () => {
    const r = await run(
      "before_prompt_build",
      [
        (e, c) => {
          e.prompt = "edited";
          c.mark = "first";
        },
        () => undefined,
      ],
      { prompt: "hello", messages: [user, toolResult] },
      { runId: "r1" },
    );
    const projected = [
      { role: "user", content: "hi", __openclaw: { source: "webchat" } },
      { role: "toolResult", toolCallId: "t0", toolName: "exec", content: [{ type: "text", text: "a.txt" }], isError: false },
    ];
    expect(r.seen).toEqual([
      { event: { prompt: "hello", messages: projected }, ctx: { runId: "r1" } },
      { event: { prompt: "edited", messages: projected }, ctx: { runId: "r1" } },
    ]);
    // The host's own event and ctx never change: the handlers wrote to copies.
    expect(r.context).toEqual({ event: { prompt: "hello", messages: [user, toolResult] }, ctx: { runId: "r1" } });
    expect(r.calls[0]?.droppedWrites.map((w) => w.path)).toEqual(["/ctx/mark", "/event/prompt"]);
  });

  it("before_tool_call: each handler its own copy of the event, one ctx for all", async () => {
    const r = await run(
      "before_tool_call",
      [
        (e, c) => {
          (e.params as JsonObject).injected = true;
          c.mark = "first";
        },
        () => undefined,
      ],
      { toolName: "exec", params: { command: "ls" } },
      { toolName: "exec" },
    );
    expect(r.seen[1]).toEqual({ event: { toolName: "exec", params: { command: "ls" } }, ctx: { toolName: "exec", mark: "first" } });
    expect(r.context).toEqual({ event: { toolName: "exec", params: { command: "ls" } }, ctx: { toolName: "exec", mark: "first" } });
  });

  it("before_agent_finalize and agent_end: the event gets ctx.runId when it has none", async () => {
    for (const point of ["before_agent_finalize", "agent_end"]) {
      const r = await run(point, [() => undefined], { messages: [] }, { runId: "r1" });
      expect(r.seen).toEqual([{ event: { messages: [], runId: "r1" }, ctx: { runId: "r1" } }]);
      const own = await run(point, [() => undefined], { runId: "mine" }, { runId: "r1" });
      expect(own.seen[0]?.event).toEqual({ runId: "mine" });
    }
  });

  it("observe points: a handler sees what earlier handlers wrote to the shared event and ctx", async () => {
    const r = await run(
      "llm_input",
      [
        (e, c) => {
          e.prompt = "one";
          c.mark = "one";
        },
        (e) => {
          e.extra = 2;
        },
        () => undefined,
      ],
      { prompt: "p" },
      {},
    );
    expect(r.seen[2]).toEqual({ event: { prompt: "one", extra: 2 }, ctx: { mark: "one" } });
    expect(r.context).toEqual({ event: { prompt: "one", extra: 2 }, ctx: { mark: "one" } });
  });

  it("before_message_write: a message edited in place and handed back is not a replacement; tool_result_persist returns it edited", async () => {
    const edit = (e: JsonObject) => {
      (e.message as JsonObject).seenBy = "h0";
      return { message: e.message };
    };
    expect((await run("before_message_write", [edit], { message: { role: "toolResult", content: [] } }, {})).result).toBeNull();
    expect((await run("tool_result_persist", [(e) => void ((e.message as JsonObject).seenBy = "h0")], { message: { role: "toolResult", content: [] } }, {})).result).toEqual({
      message: { role: "toolResult", content: [], seenBy: "h0" },
    });
  });
});
