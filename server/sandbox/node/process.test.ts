import { afterEach, describe, expect, it } from "vitest";
import type { HookCallResult } from "../../../core/engine/ports";
import { callOf, chain, createHarness, pipelineOf, type TestPipeline } from "../testHarness";

/** The simulated `process` (issue 15): exact values a hook sees, and what it cannot do. */

const harness = createHarness();
afterEach(() => harness.cleanup());

const START = 1_767_225_600_000;

async function run(code: string, settings?: TestPipeline["settings"]): Promise<HookCallResult> {
  const runner = await harness.open({ ...pipelineOf({ h: code }), settings }, { clockStart: START });
  return callOf(await chain(runner, ["h"], { n: 1 }), "h");
}

describe("process", () => {
  it("writes stdout and stderr as the hook's log entries, one per write", async () => {
    const call = await run(
      `export default () => { process.stdout.write("out line\\n"); process.stderr.write(JSON.stringify({ a: 1 }) + "\\n"); process.stderr.write(new Uint8Array([104, 105])); };`,
    );
    expect(call.failure).toBeNull();
    expect(call.logs).toEqual([
      { level: "log", message: "out line" },
      { level: "error", message: '{"a":1}' },
      { level: "error", message: "hi" },
    ]);
  });

  it("has only the pipeline's declared variables in env, as strings", async () => {
    const settings = { env: [{ name: "API_KEY", value: "k-123", secret: true }, { name: "MODE", value: "strict", secret: false }] };
    const call = await run(
      `export default () => { process.env.COUNT = 3; return { keys: Object.keys(process.env), key: process.env.API_KEY, mode: process.env.MODE, home: process.env.HOME ?? null, path: process.env.PATH ?? null, count: process.env.COUNT, type: typeof process.env.COUNT }; };`,
      settings,
    );
    expect(call.returned).toEqual({ keys: ["API_KEY", "MODE", "COUNT"], key: "k-123", mode: "strict", home: null, path: null, count: "3", type: "string" });
  });

  it("reports fixed facts about the machine", async () => {
    const call = await run(
      `export default () => ({ platform: process.platform, arch: process.arch, version: process.version, node: process.versions.node, pid: process.pid, cwd: process.cwd(), argv: process.argv, title: process.title, tag: Object.prototype.toString.call(process) });`,
    );
    expect(call.returned).toEqual({
      platform: "linux",
      arch: "x64",
      version: "v22.12.0",
      node: "22.12.0",
      pid: 4242,
      cwd: "/workspace/plugins/plugin",
      argv: ["/usr/local/bin/node", "/workspace/plugins/plugin/index.js"],
      title: "node",
      tag: "[object process]",
    });
  });

  it("reads hrtime, hrtime.bigint and uptime from the run's virtual clock", async () => {
    const call = await run(
      `export default async () => { const a = process.hrtime(); await new Promise((r) => setTimeout(r, 1500)); const d = process.hrtime(a); return { a, d, big: String(process.hrtime.bigint()), up: process.uptime() }; };`,
    );
    expect(call.failure).toBeNull();
    expect(call.returned).toEqual({ a: [0, 0], d: [1, 501_000_000], big: "1502000000", up: 1.503 });
    expect(call.clock).toEqual([START, START + 1501, START + 1502, START + 1503]);
  });

  it("runs nextTick callbacks before the hook's promise settles, in order", async () => {
    const call = await run(
      `export default async () => { const seen: string[] = []; process.nextTick((x: string) => seen.push(x), "tick"); seen.push("sync"); await null; setImmediate(() => seen.push("immediate")); await new Promise((r) => setTimeout(r, 0)); return seen; };`,
    );
    expect(call.returned).toEqual(["sync", "tick", "immediate"]);
  });

  it("is an EventEmitter", async () => {
    const call = await run(`export default () => { let got = ""; process.once("custom", (v: string) => { got = v; }); process.emit("custom", "yes"); return { got, n: process.listenerCount("custom") }; };`);
    expect(call.returned).toEqual({ got: "yes", n: 0 });
  });

  it("ends the hook call on exit, even when the hook catches it", async () => {
    const thrown = await run(`export default () => { process.exit(3); };`);
    expect(thrown.failure).toEqual({
      kind: "threw",
      message: "Error: process.exit(3) was called: a hook cannot end the host process, so the sandbox ended this hook call instead (hooks/h.ts:1:36)",
      location: { file: "hooks/h.ts", line: 1, column: 36 },
    });
    const caught = await run(`export default (ctx: any) => { try { process.exit(); } catch {} ctx.n = 2; };`);
    expect(caught.failure).toEqual({
      kind: "threw",
      message: "Error: process.exit(0) was called: a hook cannot end the host process, so the sandbox ended this hook call instead",
      location: null,
    });
    expect(caught.patch).toEqual([]);
  });

  it("refuses chdir, kill and the native layer with a message naming them", async () => {
    const call = await run(
      `export default () => ["chdir", "kill", "binding", "_linkedBinding", "dlopen"].map((k) => { try { (process as any)[k]("fs"); return "ran"; } catch (e) { return (e as Error).message; } });`,
    );
    expect(call.returned).toEqual([
      "process.chdir() is not available in the sandbox: the plugin's working directory is fixed",
      "process.kill() is not available in the sandbox: there are no other processes to signal",
      "process.binding() is not available in the sandbox: there is no native layer",
      "process._linkedBinding() is not available in the sandbox: there is no native layer",
      "process.dlopen() is not available in the sandbox: native add-ons cannot be loaded",
    ]);
  });

  it("keeps each hook's process its own", async () => {
    const runner = await harness.open(pipelineOf({ a: `export default () => { process.env.X = "a"; (process as any).mark = 1; };`, b: `export default () => ({ x: process.env.X ?? null, mark: (process as any).mark ?? null });` }));
    const result = await chain(runner, ["a", "b"], { n: 1 });
    expect(callOf(result, "b").returned).toEqual({ x: null, mark: null });
  });

  it("emitWarning writes to stderr as Node does", async () => {
    const call = await run(`export default () => { process.emitWarning("careful"); process.emitWarning("old api", "DeprecationWarning"); };`);
    expect(call.logs).toEqual([
      { level: "error", message: "(node:4242) Warning: careful" },
      { level: "error", message: "(node:4242) DeprecationWarning: old api" },
    ]);
  });
});
