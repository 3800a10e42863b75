import { afterEach, describe, expect, it } from "vitest";
import { runScenario } from "../../../core/engine";
import type { HookEndEvent, RunEndEvent, ToolResultEvent, TraceEvent } from "../../../core/trace/events";
import { createSandboxRunner } from "..";
import { createHarness, pipelineOf } from "../testHarness";
import { parseWithFirstScenario } from "../testing/simulateInSandbox";

/**
 * A scenario's tool handlers run in the same sandbox as the hooks (issue 15): what they write to
 * the virtual file system and the requests they make are recorded on their tool.result, as a
 * hook's are on its hook.end, with secret values kept out.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const fixture = { method: "GET", url: "https://api.example.com/search?q=*", status: 200, headers: { "content-type": "application/json" }, body: '{"hits":3}', delayMs: 0 };

describe("a tool handler's files and requests", () => {
  it("are returned with its result, in order", async () => {
    const runner = await harness.open(
      pipelineOf({}, {}, {
        search: `import fs from "node:fs";
export default async (input: { q: string }) => {
  const res = await fetch("https://api.example.com/search?q=" + input.q);
  const hits = (await res.json()).hits;
  fs.mkdirSync("/workspace/cache");
  fs.writeFileSync("/workspace/cache/" + input.q + ".json", JSON.stringify({ hits }));
  return "found " + hits;
};`,
      }),
      { http: [fixture] },
    );
    expect(await runner.runTool("search", { q: "cats" })).toEqual({
      content: "found 3",
      isError: false,
      logs: [],
      failure: null,
      requests: [{ method: "GET", url: "https://api.example.com/search?q=cats", status: 200, response: '{"hits":3}' }],
      files: [
        { op: "mkdir", path: "/workspace/cache", before: null, after: null, encoding: "utf8" },
        { op: "write", path: "/workspace/cache/cats.json", before: null, after: '{"hits":3}', encoding: "utf8" },
      ],
    });
  });

  it("are kept when the handler fails after making them, and an unmatched request is recorded with its error", async () => {
    const runner = await harness.open(
      pipelineOf({}, {}, {
        flaky: `import fs from "node:fs";
export default async () => {
  fs.appendFileSync("/tmp/attempts.log", "try\\n");
  await fetch("https://api.example.com/down", { method: "POST", body: "x" });
  return "unreachable";
};`,
      }),
    );
    const out = await runner.runTool("flaky", {});
    expect(out.isError).toBe(true);
    expect(out.content).toBe("The tool handler failed: TypeError: no fixture for POST https://api.example.com/down: add one in the scenario's HTTP fixtures (tools/flaky.ts:4:14)");
    expect(out.files).toEqual([{ op: "append", path: "/tmp/attempts.log", before: null, after: "try\n", encoding: "utf8" }]);
    expect(out.requests).toEqual([{ method: "POST", url: "https://api.example.com/down", body: "x", error: "no fixture for POST https://api.example.com/down: add one in the scenario's HTTP fixtures" }]);
  });

  it("are absent when the handler touched neither", async () => {
    const runner = await harness.open(pipelineOf({}, {}, { echo: `export default (input: { q: string }) => "you said " + input.q;` }));
    expect(await runner.runTool("echo", { q: "hi" })).toEqual({ content: "you said hi", isError: false, logs: [], failure: null });
  });

  it("show [secret NAME] where a secret value would be, the content the model reads left as it is", async () => {
    const pipeline = {
      ...pipelineOf({}, {}, {
        call: `import fs from "node:fs";
export default async () => {
  fs.writeFileSync("/tmp/token.txt", "Bearer " + process.env.API_TOKEN);
  await fetch("https://api.example.com/search?q=" + process.env.API_TOKEN);
  console.log("used", process.env.API_TOKEN);
  return "done with " + process.env.API_TOKEN;
};`,
      }),
      settings: { env: [{ name: "API_TOKEN", value: "tok-12345", secret: true }], dependencies: [] },
    };
    const runner = await harness.open(pipeline, { http: [fixture] });
    expect(await runner.runTool("call", {})).toEqual({
      content: "done with tok-12345",
      isError: false,
      logs: [{ level: "log", message: "used [secret API_TOKEN]" }],
      failure: null,
      files: [{ op: "write", path: "/tmp/token.txt", before: null, after: "Bearer [secret API_TOKEN]", encoding: "utf8" }],
      requests: [{ method: "GET", url: "https://api.example.com/search?q=[secret API_TOKEN]", status: 200, response: '{"hits":3}' }],
      env: [{ name: "API_TOKEN", declared: true, secret: true }],
    });
  });
});

describe("through a run", () => {
  it("puts the handler's files and requests on tool.result; the hook after it reads the file it wrote", async () => {
    const { pipeline, scenario } = parseWithFirstScenario({
      format: "hookwright.pipeline/v1",
      name: "Notes",
      profile: "vellum",
      hooks: [
        {
          id: "reader",
          point: "post-tool-use",
          name: "reader",
          code: `import fs from "node:fs";\nexport default async (ctx: any) => { console.log("note:", fs.readFileSync("/workspace/note.txt", "utf8")); };`,
        },
      ],
      scenarios: [
        {
          name: "default",
          prompt: "Go",
          http: [fixture],
          model: {
            kind: "scripted",
            responses: [
              { content: [{ type: "tool_use", id: "t1", name: "save", input: { q: "dogs" } }], stopReason: "tool_use" },
              { content: [{ type: "text", text: "ok" }], stopReason: "end_turn" },
            ],
          },
          tools: [
            {
              name: "save",
              handler: `import fs from "node:fs";\nexport default async (input: { q: string }) => { const r = await fetch("https://api.example.com/search?q=" + input.q); fs.writeFileSync("/workspace/note.txt", await r.text()); return "saved"; };`,
            },
          ],
        },
      ],
    });
    const events: TraceEvent[] = [];
    await runScenario({ pipeline, scenario, createRunner: createSandboxRunner, emit: (_, full) => events.push(full) });
    const result = events.find((e): e is ToolResultEvent => e.type === "tool.result");
    expect(result).toMatchObject({
      toolUseId: "t1",
      content: "saved",
      isError: false,
      files: [{ op: "write", path: "/workspace/note.txt", before: null, after: '{"hits":3}', encoding: "utf8" }],
      requests: [{ method: "GET", url: "https://api.example.com/search?q=dogs", status: 200, response: '{"hits":3}' }],
    });
    const hook = events.find((e): e is HookEndEvent => e.type === "hook.end");
    expect(hook?.logs).toEqual([{ level: "log", message: 'note: {"hits":3}' }]);
    expect(hook?.files).toBeUndefined();
    expect((events.at(-1) as RunEndEvent).files).toEqual([{ path: "/workspace/note.txt", content: '{"hits":3}', encoding: "utf8" }]);
  });
});
