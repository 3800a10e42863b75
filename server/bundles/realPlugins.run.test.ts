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
