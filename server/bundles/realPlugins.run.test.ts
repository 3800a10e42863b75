import { createHash } from "node:crypto";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "~/core/pipeline/schema";
import type { HookEndEvent, ModelRequestEvent, TraceEvent } from "~/core/trace/events";
import { createSandboxRunner } from "~/server/sandbox";
import { importPluginFolder } from "./service";
import { ensureVellumPackage, PACKAGE_TIMEOUT_MS } from "./testing/vellumPackage";

/**
 * The host package's own plugins, imported as they are and run through the real engine and
 * the QuickJS sandbox, each with a scenario that makes it act.
 */

type ScenarioInput = NonNullable<PipelineInput["scenarios"]>[number];

let pkg = "";
beforeAll(async () => {
  pkg = await ensureVellumPackage();
}, PACKAGE_TIMEOUT_MS);

async function importWith(folder: string, scenario: ScenarioInput): Promise<Pipeline> {
  const { pipeline } = await importPluginFolder(join(pkg, folder));
  const parsed = parsePipeline({ ...pipeline, scenarios: [scenario] });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

async function run(pipeline: Pipeline): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("no scenario");
  await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (_, full) => events.push(full) });
  return events;
}

const hookEnds = (events: TraceEvent[]) => events.filter((e): e is HookEndEvent => e.type === "hook.end");
const modelRequests = (events: TraceEvent[]) => events.filter((e): e is ModelRequestEvent => e.type === "model.request");

/** One tool call (`search`) then a final answer. */
function toolTurn(result: string | { content: string; isError: boolean }, maxInputTokens = 200_000): ScenarioInput {
  return {
    name: "acts",
    prompt: "Look it up.",
    model: {
      kind: "scripted",
      maxInputTokens,
      responses: [
        { content: [{ type: "tool_use", id: "toolu_1", name: "search", input: { q: "x" } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
      ],
    },
    tools: [{ name: "search", results: [result] }],
  };
}

/** The tool_result the model is sent on its second call. */
function toolResultSent(events: TraceEvent[]): unknown {
  const second = modelRequests(events)[1];
  return second?.messages.flatMap((m) => m.content).find((b) => b.type === "tool_result");
}

describe("the host's default plugins run in Hookwright", () => {
  it("tool-result-truncate cuts a tool result over its budget, as in the host", async () => {
    // maxInputTokens 2000: budget min(400000, 2000 * 0.3 * 4) = 2400 characters (terminal.ts).
    const pipeline = await importWith("src/plugins/defaults/tool-result-truncate", toolTurn("x".repeat(5000), 2000));
    const events = await run(pipeline);
    const suffix =
      "\n\n[Content truncated — original exceeded size limit. Use offset/limit parameters or request specific sections for large content.]";
    expect(toolResultSent(events)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "x".repeat(2400 - suffix.length) + suffix, is_error: false });
    const [end] = hookEnds(events);
    expect(end?.error).toBeNull();
    expect(end?.patch).toEqual([{ op: "replace", path: "/toolResponse/content", value: "x".repeat(2400 - suffix.length) + suffix }]);
    expect(end?.logs.map((l) => l.level)).toEqual(["warn"]);
    expect(end?.logs[0]?.message).toContain("Truncated oversized tool result to prevent context overflow");
  });

  it("tool-result-truncate leaves a result within budget alone", async () => {
    const events = await run(await importWith("src/plugins/defaults/tool-result-truncate", toolTurn("short result", 2000)));
    expect(toolResultSent(events)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "short result", is_error: false });
    expect(hookEnds(events)[0]?.patch).toEqual([]);
  });

  it("tool-error coaches the model after a failed tool call", async () => {
    const events = await run(await importWith("src/plugins/defaults/tool-error", toolTurn({ content: "ENOENT: no such file", isError: true })));
    const second = modelRequests(events)[1];
    const lastUser = second?.messages.at(-1);
    expect(lastUser?.content).toEqual([
      { type: "tool_result", tool_use_id: "toolu_1", content: "ENOENT: no such file", is_error: true },
      {
        type: "text",
        text: "<system_notice>This tool call returned an error. If the error looks recoverable (e.g. missing or invalid parameters), fix the parameters and retry. If the error is clearly unrecoverable (e.g. a service is down, a resource does not exist, or a permission is permanently denied), report it to the user.</system_notice>",
      },
    ]);
  });

  it("empty-response re-queries the model once when a reply after tools is empty", async () => {
    const scenario: ScenarioInput = {
      name: "empty reply",
      prompt: "Find the file.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_1", name: "search", input: {} }], stopReason: "tool_use" },
          { content: [], stopReason: "end_turn" },
          { content: [{ type: "text", text: "It is in src/." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "search", results: ["src/index.ts"] }],
    };
    const events = await run(await importWith("src/plugins/defaults/empty-response", scenario));
    const requests = modelRequests(events);
    expect(requests).toHaveLength(3);
    expect(requests[2]?.messages.at(-1)).toEqual({
      role: "user",
      content: [
        {
          type: "text",
          text: "<system_notice>Your previous response was empty. You must respond to the user with a summary of what you found or did. Do not use any tools — just respond with text.</system_notice>",
        },
      ],
    });
    const decisions = hookEnds(events).filter((e) => e.point === "post-model-call").map((e) => e.patch.find((op) => op.path === "/decision"));
    expect(decisions).toEqual([undefined, { op: "replace", path: "/decision", value: "continue" }, undefined]);
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
  });
});

describe("max-tokens-continue, with isMaxTokensStopReason from the plugin API", () => {
  it("resumes a reply cut at the output limit once, with the host's nudge", async () => {
    const scenario: ScenarioInput = {
      name: "cut off",
      prompt: "Write a long story.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "text", text: "Once upon" }], stopReason: "max_tokens" },
          { content: [{ type: "text", text: " a time." }], stopReason: "end_turn" },
        ],
      },
    };
    const events = await run(await importWith("src/plugins/defaults/max-tokens-continue", scenario));
    expect(hookEnds(events).map((e) => [e.point, e.error])).toEqual([
      ["post-model-call", null],
      ["post-model-call", null],
      ["stop", null],
    ]);
    const requests = modelRequests(events);
    expect(requests).toHaveLength(2);
    expect(requests[1]?.messages.slice(-2)).toEqual([
      { role: "assistant", content: [{ type: "text", text: "Once upon" }] },
      {
        role: "user",
        content: [
          {
            type: "text",
            text: "<system_notice>Your previous response was cut off because it reached the maximum output length. Continue exactly where you stopped — do not repeat content you already sent and do not start over.</system_notice>",
          },
        ],
      },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
  });
});

describe("the host's echo example in Hookwright", () => {
  it("runs each hook, its process.stderr line on the hook's card", async () => {
    // echo writes a JSON line with process.stderr.write (src/emit.ts); the sandbox's simulated
    // process hands each write to the hook's logs at level error, as the host's stderr shows it.
    const events = await run(await importWith("examples/plugins/echo", toolTurn("result")));
    const line = (hook: string) => [{ level: "error", message: JSON.stringify({ plugin: "echo", hook, conversationId: "conv-1" }) }];
    expect(hookEnds(events).map((e) => [e.point, e.error, e.patch, e.logs])).toEqual([
      ["user-prompt-submit", null, [], line("user-prompt-submit")],
      ["post-tool-use", null, [], line("post-tool-use")],
      ["stop", null, [], line("stop")],
    ]);
    expect(toolResultSent(events)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "result", is_error: false });
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
  });
});

describe("the other defaults that need only the plugin API", () => {
  it("run a tool turn with every hook succeeding", async () => {
    const outcome: Record<string, [string, string | null][]> = {};
    for (const name of ["exploration-drift", "history-repair", "surface-completion-nudge", "task-progress-nudge"]) {
      const events = await run(await importWith(`src/plugins/defaults/${name}`, toolTurn("result")));
      outcome[name] = hookEnds(events).map((e) => [e.point, e.error]);
      expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    }
    expect(outcome).toEqual({
      "exploration-drift": [["post-tool-use", null]],
      "history-repair": [
        ["user-prompt-submit", null],
        ["post-model-call", null],
        ["post-model-call", null],
        ["stop", null],
      ],
      "surface-completion-nudge": [
        ["post-model-call", null],
        ["post-model-call", null],
        ["stop", null],
      ],
      "task-progress-nudge": [["post-tool-use", null]],
    });
  });
});

/** A 1×1 red PNG. */
const RED_PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==";
const CAPTION = "[Image auto-described for text-only model: A single red pixel.]";

/** The patch of a hook that turned the prompt's image block into `text`: the host passes one array as both message lists. */
const imageToText = (text: string) =>
  ["/originalMessages", "/latestMessages"].flatMap((list) => [
    { op: "remove", path: `${list}/0/content/1/source` },
    { op: "replace", path: `${list}/0/content/1/type`, value: "text" },
    { op: "add", path: `${list}/0/content/1/text`, value: text },
  ]);

/** A text-only active profile (ollama llama3.2) beside a vision-capable one, and one scripted caption. */
function imageTurn(extra: Partial<ScenarioInput> = {}): ScenarioInput {
  return {
    name: "image",
    prompt: "What is in this image?",
    attachments: [{ mimeType: "image/png", data: RED_PIXEL }],
    model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "A red pixel." }], stopReason: "end_turn" }] },
    inference: {
      activeProfile: "local",
      profiles: { local: { provider: "ollama", model: "llama3.2", label: "Local" }, claude: { provider: "anthropic", model: "claude-sonnet-4-6" } },
      replies: [{ text: "A single red pixel." }],
    },
    ...extra,
  };
}

describe("image-fallback, with the plugin API's runtime values", () => {
  it("captions a prompt's image through the scripted vision profile and sends the text instead", async () => {
    const events = await run(await importWith("src/plugins/defaults/image-fallback", imageTurn()));
    const [submit] = hookEnds(events);
    expect(submit?.point).toBe("user-prompt-submit");
    expect(submit?.error).toBeNull();
    expect(submit?.patch).toEqual(imageToText(CAPTION));
    expect(submit?.inference).toEqual([
      {
        callSite: "vision",
        profile: "claude",
        provider: "anthropic",
        model: "claude-sonnet-4-6",
        system:
          "You are a vision assistant. Describe the image concisely in 1-2 sentences. Focus on the key visual content, text, charts, or UI elements that would be relevant for a text-based assistant to understand and reason about.",
        messages: [
          {
            role: "user",
            content: [
              { type: "image", source: { type: "base64", media_type: "image/png", data: RED_PIXEL } },
              { type: "text", text: "Describe this image concisely for a text-only assistant." },
            ],
          },
        ],
        reply: { text: "A single red pixel.", stopReason: "end_turn" },
      },
    ]);
    // The original is kept under its sha-256, as the host's persistImage does.
    const saved = `/workspace/data/attachments/${createHash("sha256").update(RED_PIXEL).digest("hex")}.png`;
    expect(submit?.files?.map((f) => f.path)).toEqual(["/workspace/data/attachments", saved]);
    expect(submit?.logs).toEqual([
      // AbortSignal.timeout(30_000) on the caption call is unref'd, as in Node: no pending-timer warning.
      { level: "info", message: 'Replaced image blocks with text captions for text-only model {"plugin":"image-fallback","imageCount":1}' },
    ]);
    expect(modelRequests(events)[0]?.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "What is in this image?" }, { type: "text", text: CAPTION }] },
    ]);
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
  });

  it("runs both hooks on a turn with a tool call, each succeeding (a scenario's tool results carry no images to caption)", async () => {
    const scenario = imageTurn({
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_1", name: "search", input: { q: "pixel" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "A red pixel." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "search", results: ["one red pixel"] }],
    });
    const events = await run(await importWith("src/plugins/defaults/image-fallback", scenario));
    expect(hookEnds(events).map((e) => [e.point, e.error, e.inference?.length ?? 0])).toEqual([
      ["user-prompt-submit", null, 1],
      ["post-tool-use", null, 0],
    ]);
    expect(toolResultSent(events)).toEqual({ type: "tool_result", tool_use_id: "toolu_1", content: "one red pixel", is_error: false });
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
  });

  it("leaves the image alone when the active profile sees images", async () => {
    const scenario = imageTurn();
    const events = await run(await importWith("src/plugins/defaults/image-fallback", { ...scenario, inference: { ...scenario.inference, activeProfile: "claude" } }));
    const [submit] = hookEnds(events);
    expect([submit?.error, submit?.patch, submit?.inference]).toEqual([null, [], undefined]);
    expect(modelRequests(events)[0]?.messages[0]?.content[1]).toEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: RED_PIXEL } });
  });

  it("an unanswered model call is recorded with words naming the field to fill, and the host's placeholder replaces the image", async () => {
    const scenario = imageTurn();
    const events = await run(await importWith("src/plugins/defaults/image-fallback", { ...scenario, inference: { ...scenario.inference, replies: [] } }));
    const [submit] = hookEnds(events);
    expect(submit?.error).toBeNull();
    const NO_REPLY = 'no scripted reply for the hooks\' model call #1 (call site "vision", profile "claude"): add one in the scenario\'s inference replies (inference.replies)';
    expect(submit?.inference?.[0]?.error).toBe(NO_REPLY);
    expect(submit?.patch).toEqual(imageToText("[Image: auto-description failed (text-only model)]"));
    expect(submit?.logs).toEqual([
      {
        level: "warn",
        message: `Vision captioning call failed ${JSON.stringify({ plugin: "image-fallback", err: { name: "Error", message: NO_REPLY, stack: `Error: ${NO_REPLY}\n    at captionImage (src/vision-caption.ts:86:48)` } })}`,
      },
      { level: "info", message: 'Replaced image blocks with text captions for text-only model {"plugin":"image-fallback","imageCount":1}' },
    ]);
  });
});

