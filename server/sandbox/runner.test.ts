import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, MiB, pipelineOf } from "./testHarness";

/** How hooks run in the sandbox: modules and their state, errors, async, logs, host objects, tools. */

const harness = createHarness();
afterEach(() => harness.cleanup());

describe("module state", () => {
  it("keeps a hook module's top-level state across its calls in a run", async () => {
    const runner = await harness.open(pipelineOf({ count: `let calls = 0;\nexport default (ctx: any) => { ctx.calls = ++calls; };` }));
    expect((await chain(runner, ["count"], {})).context).toEqual({ calls: 1 });
    expect((await chain(runner, ["count"], {})).context).toEqual({ calls: 2 });
    const fresh = await harness.open(pipelineOf({ count: `let calls = 0;\nexport default (ctx: any) => { ctx.calls = ++calls; };` }));
    expect((await chain(fresh, ["count"], {})).context).toEqual({ calls: 1 });
  });

  it("gives every hook its own globals and its own instance of a shared module", async () => {
    const runner = await harness.open(
      pipelineOf(
        {
          a: `import { bump } from "../src/counter";\n(globalThis as any).secret = "a's";\nexport default (ctx: any) => { ctx.a = bump(); };`,
          b: `import { bump } from "../src/counter";\nexport default (ctx: any) => { ctx.b = bump(); ctx.seen = typeof (globalThis as any).secret; };`,
        },
        { "src/counter.ts": `let n = 0;\nexport const bump = (): number => ++n;` },
      ),
    );
    expect((await chain(runner, ["a", "b"], {})).context).toEqual({ a: 1, b: 1, seen: "undefined" });
    expect((await chain(runner, ["a", "b"], {})).context).toEqual({ a: 2, b: 2, seen: "undefined" });
  });

  it("resolves relative imports between shared modules", async () => {
    const runner = await harness.open(
      pipelineOf(
        { h: `import { shout } from "../src/text/index";\nexport default (ctx: any) => { ctx.out = shout(ctx.in); };` },
        {
          "src/text/index.ts": `import { suffix } from "../util.js";\nexport const shout = (s: string): string => s.toUpperCase() + suffix;`,
          "src/util.ts": `export const suffix: string = "!";`,
        },
      ),
    );
    expect((await chain(runner, ["h"], { in: "hi" })).context).toEqual({ in: "hi", out: "HI!" });
  });
});

describe("errors", () => {
  it("locates a runtime error in the user's TypeScript below interfaces and types", async () => {
    const code = [
      'import type { PreModelCallContext } from "@vellumai/plugin-api";',
      "interface Settings {",
      "  suffix: string;",
      "}",
      "type Ctx = PreModelCallContext & { settings?: Settings };",
      "",
      "export default async function beConcise(ctx: Ctx): Promise<void> {",
      "  const s = ctx.settings as Settings;",
      "  ctx.systemPrompt = (ctx.systemPrompt ?? '') + s.suffix;",
      "}",
    ].join("\n");
    const runner = await harness.open(pipelineOf({ "be-concise": code }));
    const call = callOf(await chain(runner, ["be-concise"], { systemPrompt: "x" }), "be-concise");
    expect(call.failure).toEqual({
      kind: "threw",
      message: "TypeError: cannot read property 'suffix' of undefined (hooks/be-concise.ts:9:50)",
      location: { file: "hooks/be-concise.ts", line: 9, column: 50 },
    });
  });

  it("locates an error thrown inside a shared module in that module", async () => {
    const runner = await harness.open(
      pipelineOf(
        { h: `import { check } from "../src/check";\nexport default (ctx: any) => { check(ctx.n); };` },
        { "src/check.ts": `type N = number;\nexport function check(n: N): void {\n  if (n > 1) throw new RangeError("n is " + n);\n}` },
      ),
    );
    const call = callOf(await chain(runner, ["h"], { n: 2 }), "h");
    expect(call.failure).toEqual({ kind: "threw", message: "RangeError: n is 2 (src/check.ts:3:34)", location: { file: "src/check.ts", line: 3, column: 34 } });
  });

  it("reports a syntax error as a failure of that hook only", async () => {
    const runner = await harness.open(
      pipelineOf({
        ok1: `export default (ctx: any) => { ctx.trail.push(1); };`,
        broken: `export default (ctx: any) => {\n  ctx.trail.push(2;\n};`,
        ok2: `export default (ctx: any) => { ctx.trail.push(3); };`,
      }),
    );
    const result = await chain(runner, ["ok1", "broken", "ok2"], { trail: [] });
    expect(callOf(result, "broken").failure).toEqual({
      kind: "threw",
      message: 'SyntaxError: Expected ")" but found ";" (hooks/broken.ts:2:19)',
      location: { file: "hooks/broken.ts", line: 2, column: 19 },
    });
    expect(result.context).toEqual({ trail: [1, 3] });
  });

  it("reports a syntax error in an imported module at its own location", async () => {
    const runner = await harness.open(pipelineOf({ h: `import { x } from "../src/bad";\nexport default () => x;` }, { "src/bad.ts": `export const x = ;` }));
    expect(callOf(await chain(runner, ["h"], {}), "h").failure).toEqual({
      kind: "threw",
      message: 'SyntaxError: Unexpected ";" (src/bad.ts:1:18)',
      location: { file: "src/bad.ts", line: 1, column: 18 },
    });
  });

  it("requires a default-exported function", async () => {
    const runner = await harness.open(pipelineOf({ h: `export const hook = () => {};` }));
    expect(callOf(await chain(runner, ["h"], {}), "h").failure?.message).toBe(
      "TypeError: hooks/h.ts has no default export function; write `export default async function (ctx) { … }`",
    );
  });

  it("describes thrown values that are not errors", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => { throw { code: 42 }; };` }));
    expect(callOf(await chain(runner, ["h"], {}), "h").failure).toEqual({ kind: "threw", message: 'threw a value that is not an Error: {"code":42}', location: null });
  });
});

describe("async hooks", () => {
  it("awaits promises, microtasks and virtual timers", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
export default async (ctx: any) => {
  const t0 = Date.now();
  await sleep(250);
  const parts = await Promise.all([1, 2].map(async (n) => { await null; return n * 10; }));
  ctx.waited = Date.now() - t0;
  ctx.parts = parts;
};`,
      }),
      { limits: { timeoutMs: 100, memoryBytes: 16 * MiB } },
    );
    const call = callOf(await chain(runner, ["h"], {}), "h");
    expect(call.failure).toBeNull();
    expect(call.patch).toEqual([
      { op: "add", path: "/waited", value: 251 },
      { op: "add", path: "/parts", value: [10, 20] },
    ]);
  });

  it("adopts a returned thenable", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => ({ then(resolve: (v: unknown) => void) { resolve({ done: true }); } });` }));
    expect(callOf(await chain(runner, ["h"], {}), "h").returned).toEqual({ done: true });
  });
});

describe("logs", () => {
  it("captures console.* and ctx.logger per call, Node-style", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `export default (ctx: any) => {
  console.log("plain", 1, { a: [1, "two"], b: null }, undefined);
  console.info("%s has %d items", "list", 3);
  console.warn(new TypeError("careful"));
  console.error("bad");
  console.debug([1, [2, [3, [4]]]]);
  ctx.logger.info({ requestId: "r1" }, "handled %s", "x");
  ctx.logger.warn("plain warning");
  ctx.logger.error(new Error("boom"), "while handling");
  ctx.logger.debug({ only: "fields" });
};`,
        other: `export default () => { console.log("other hook"); };`,
      }),
    );
    const result = await chain(runner, ["h", "other"], {});
    expect(callOf(result, "h").logs).toEqual([
      { level: "log", message: "plain 1 { a: [ 1, 'two' ], b: null } undefined" },
      { level: "info", message: "list has 3 items" },
      { level: "warn", message: "TypeError: careful" },
      { level: "error", message: "bad" },
      { level: "debug", message: "[ 1, [ 2, [ 3, [Array] ] ] ]" },
      { level: "info", message: 'handled x {"requestId":"r1"}' },
      { level: "warn", message: "plain warning" },
      { level: "error", message: 'while handling {"err":"Error: boom"}' },
      { level: "debug", message: '{"only":"fields"}' },
    ]);
    expect(callOf(result, "other").logs).toEqual([{ level: "log", message: "other hook" }]);
  });

  it("caps the log volume of a call with a note", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => { for (let i = 0; i < 1500; i++) console.log("line " + i); };` }));
    const logs = callOf(await chain(runner, ["h"], {}), "h").logs;
    expect(logs).toHaveLength(1001);
    expect(logs[999]).toEqual({ level: "log", message: "line 999" });
    expect(logs[1000]).toEqual({ level: "warn", message: "500 more log entries were dropped: a hook call keeps at most 1000 entries / 256 KB of logs" });
  });

  it("caps log bytes too", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => { for (let i = 0; i < 20; i++) console.log(String(i).padEnd(20000, ".")); };` }));
    const logs = callOf(await chain(runner, ["h"], {}), "h").logs;
    expect(logs).toHaveLength(14);
    expect(logs[13]).toEqual({ level: "warn", message: "7 more log entries were dropped: a hook call keeps at most 1000 entries / 256 KB of logs" });
  });
});

describe("host objects on the context", () => {
  it("hands each hook a logger that is not part of the context", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `export default (ctx: any) => ({ ...ctx, keys: Object.keys(ctx), has: "logger" in ctx, json: JSON.stringify(ctx) });`,
      }),
    );
    const call = callOf(await chain(runner, ["h"], { n: 1 }), "h");
    expect(call.patch).toEqual([
      { op: "add", path: "/keys", value: ["n"] },
      { op: "add", path: "/has", value: true },
      { op: "add", path: "/json", value: '{"n":1}' },
    ]);
  });

  it("gives a hook a real Error for an { name, message } error field, without changing the context", async () => {
    const runner = await harness.open(
      pipelineOf({
        read: `export default (ctx: any) => ({ isError: ctx.error instanceof Error, text: String(ctx.error), spread: { ...ctx }.error });`,
      }),
    );
    const call = callOf(await chain(runner, ["read"], { error: { name: "ProviderError", message: "overloaded" } }), "read");
    expect(call.returned).toEqual({ isError: true, text: "ProviderError: overloaded", spread: { name: "ProviderError", message: "overloaded" } });
    expect(call.patch).toEqual([
      { op: "add", path: "/isError", value: true },
      { op: "add", path: "/text", value: "ProviderError: overloaded" },
      { op: "add", path: "/spread", value: { name: "ProviderError", message: "overloaded" } },
    ]);
  });

  it("commits a changed error message, and a replaced error as given", async () => {
    const runner = await harness.open(
      pipelineOf({
        edit: `export default (ctx: any) => { ctx.error.message += " (retried)"; };`,
        replace: `export default (ctx: any) => { ctx.error = { name: "Other", message: "x" }; };`,
      }),
    );
    const edited = await chain(runner, ["edit"], { error: { name: "E", message: "m" } });
    expect(edited.context).toEqual({ error: { name: "E", message: "m (retried)" } });
    const replaced = await chain(runner, ["replace"], { error: { name: "E", message: "m" } });
    expect(replaced.context).toEqual({ error: { name: "Other", message: "x" } });
  });

  it("makes context arrays and objects pass instanceof checks", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default (ctx: any) => ({ a: ctx.list instanceof Array, o: ctx.obj instanceof Object, n: [] instanceof Object });` }));
    expect(callOf(await chain(runner, ["h"], { list: [], obj: {} }), "h").returned).toEqual({ a: true, o: true, n: true });
  });
});

describe("runTool", () => {
  const tools = {
    echo: `export default (input: { q: string }) => "you said " + input.q;`,
    shaped: `export default async (input: { q: string }) => { console.log("searching", input.q); return { content: "nothing", isError: true }; };`,
    wrong: `export default () => 42;`,
    throws: `export default () => { throw new Error("no network"); };`,
    spin: `export default () => { for (;;) Math.sqrt(1); };`,
  };

  it("runs a tool handler and returns its text", async () => {
    const runner = await harness.open(pipelineOf({}, {}, tools));
    expect(await runner.runTool("echo", { q: "hi" })).toEqual({ content: "you said hi", isError: false, logs: [], failure: null });
    expect(await runner.runTool("shaped", { q: "x" })).toEqual({ content: "nothing", isError: true, logs: [{ level: "log", message: "searching x" }], failure: null });
  });

  it("turns a bad handler into an error result with the failure", async () => {
    const runner = await harness.open(pipelineOf({}, {}, tools), { limits: { timeoutMs: 50, memoryBytes: 16 * MiB } });
    expect(await runner.runTool("wrong", {})).toEqual({
      content: "The tool handler failed: TypeError: the tool handler must return a string or { content: string, isError?: boolean }, not number",
      isError: true,
      logs: [],
      failure: { kind: "threw", message: "TypeError: the tool handler must return a string or { content: string, isError?: boolean }, not number", location: null },
    });
    expect((await runner.runTool("throws", {})).content).toBe("The tool handler failed: Error: no network (tools/throws.ts:1:39)");
    expect((await runner.runTool("spin", {})).failure?.kind).toBe("timeout");
    expect((await runner.runTool("missing", {})).content).toBe('the scenario has no handler for tool "missing"');
  });
});

describe("runner", () => {
  it("returns the same context whether it is rebuilt from patches or sent back as JSON", async () => {
    const hooks = {
      a: `export default (ctx: any) => { ctx.messages.push({ role: "user", content: [] }); ctx.systemPrompt += "!"; };`,
      b: `export default (ctx: any) => ({ decision: "continue", messages: ctx.messages.slice(1) });`,
    };
    const context = { systemPrompt: "S", messages: [{ role: "assistant", content: [] }], decision: "stop" };
    const viaPatches = await chain(await harness.open(pipelineOf(hooks)), ["a", "b"], context);
    const viaJson = await chain(await harness.open(pipelineOf(hooks), { contextTransfer: "json" }), ["a", "b"], context);
    expect(viaJson.context).toEqual(viaPatches.context);
    expect(viaPatches.context).toEqual({ systemPrompt: "S!", messages: [{ role: "user", content: [] }], decision: "continue" });
  });

  it("keeps the sandbox's heap bounded over many chains", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default (ctx: any) => { ctx.items.push(ctx.items.length); console.log("x"); return { at: Date.now() }; };` }));
    const context = { items: Array.from({ length: 200 }, (_, i) => i) };
    // Garbage is collected in cycles (QuickJS collects cyclic garbage when the heap passes a
    // threshold), so the heap saws up and down; a leak shows as the low points rising. Over
    // 1,200 chains there are many collections: compare the lowest sample of the first and the
    // last third. A leak of 200 bytes per chain would add 160 KB between them.
    const samples: number[] = [];
    for (let i = 0; i < 1200; i++) {
      await chain(runner, ["h"], context);
      if (i % 10 === 9) samples.push(runner.heapBytes());
    }
    const third = samples.length / 3;
    const low = (from: number) => Math.min(...samples.slice(from, from + third));
    expect(low(2 * third) - low(0)).toBeLessThan(160 * 1024);
    // And the heap saws: it was collected during the run, not merely never filled.
    expect(Math.max(...samples) - Math.min(...samples)).toBeGreaterThan(0);
  });

  it("refuses to run after dispose", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => {};` }));
    runner.dispose();
    await expect(chain(runner, ["h"], {})).rejects.toThrow("this sandbox runner was disposed");
  });
});
