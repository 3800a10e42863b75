import { describe, expect, it } from "vitest";
import { runScenario } from "../../../core/engine";
import type { HookEndEvent, RunEndEvent, TraceEvent } from "../../../core/trace/events";
import { createSandboxRunner } from "..";
import { parseWithFirstScenario } from "../testing/simulateInSandbox";

/** Through the real engine: the Settings' env reaches the hooks, file changes are on hook.end and the final state on run.end. */

const pipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Audit Trail",
  profile: "vellum",
  settings: { env: [{ name: "LEVEL", value: "full", secret: false }] },
  hooks: [
    {
      id: "audit",
      point: "post-tool-use",
      name: "audit",
      code: `import fs from "node:fs";\nexport default async (ctx: any) => { fs.appendFileSync(process.cwd() + "/data/audit.log", process.env.LEVEL + " " + ctx.toolResponse.content + "\\n"); fs.rmSync("/workspace/old.txt"); };`,
    },
  ],
  scenarios: [
    {
      name: "default",
      prompt: "Go",
      files: [
        { path: "data/audit.log", content: "start\n" },
        { path: "/workspace/old.txt", content: "bye" },
      ],
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "t1", name: "search", input: {} }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "ok" }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "search", results: ["r"] }],
    },
  ],
};

describe("the Node surface in a run", () => {
  it("records file changes on the hook's card and the files' final state on run.end", async () => {
    const { pipeline, scenario } = parseWithFirstScenario(pipelineInput);
    const events: TraceEvent[] = [];
    await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (_, full) => events.push(full) });
    const end = events.find((e): e is HookEndEvent => e.type === "hook.end");
    const toolName = "r";
    expect(end?.error).toBeNull();
    expect(end?.files).toEqual([
      { op: "append", path: "/workspace/plugins/audit-trail/data/audit.log", before: "start\n", after: `start\nfull ${toolName}\n`, encoding: "utf8" },
      { op: "delete", path: "/workspace/old.txt", before: "bye", after: null, encoding: "utf8" },
    ]);
    const runEnd = events.at(-1) as RunEndEvent;
    expect(runEnd.files).toEqual([
      { path: "/workspace/old.txt", content: null, encoding: "utf8" },
      { path: "/workspace/plugins/audit-trail/data/audit.log", content: `start\nfull ${toolName}\n`, encoding: "utf8" },
    ]);
  });
});
