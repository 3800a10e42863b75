import { afterEach, describe, expect, it } from "vitest";
import { callOf, chain, createHarness, MiB, pipelineOf } from "./testHarness";

/**
 * Limits per hook call (time, memory, stack): a bomb ends that hook with a plain failure,
 * the chain goes on by its failure rule, and the run (and every other run) stays usable.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const limits = { timeoutMs: 200, memoryBytes: 16 * MiB };

/** Three hooks: two well-behaved around `bomb`. */
function around(bomb: string) {
  return pipelineOf({
    before: `export default (ctx: any) => { ctx.trail.push("before"); };`,
    bomb,
    after: `let calls = 0;\nexport default (ctx: any) => { calls++; ctx.trail.push("after " + calls); };`,
  });
}

describe("time limit", () => {
  it("ends an infinite loop with a timeout located in the loop", async () => {
    const runner = await harness.open(around(`export default (ctx: any) => {\n  ctx.trail.push("bomb");\n  for (let i = 0; ; i++) Math.sqrt(i);\n};`), { limits });
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toEqual({
      kind: "timeout",
      message: "timed out after 200 ms (hooks/bomb.ts:3:35)",
      location: { file: "hooks/bomb.ts", line: 3, column: 35 },
    });
    expect(callOf(result, "bomb").patch).toEqual([]);
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
    expect(callOf(result, "bomb").durationMs).toBeGreaterThanOrEqual(200);
  });

  it("locates a loop of pure arithmetic (where QuickJS records no position) at the loop, not the function header", async () => {
    const runner = await harness.open(
      pipelineOf({
        spin: `export default async (ctx: any) => {\n  let n = 0;\n  for (;;) n++;\n};`,
        spinAfter: `export default (ctx: any) => {\n  let n = 0;\n  ctx.x = 1;\n  while (true) { n += 2; }\n};`,
      }),
      { limits },
    );
    const result = await chain(runner, ["spin", "spinAfter"], {});
    expect(callOf(result, "spin").failure?.location).toEqual({ file: "hooks/spin.ts", line: 3, column: 3 });
    expect(callOf(result, "spinAfter").failure?.message).toBe("timed out after 200 ms (hooks/spinAfter.ts:4:3)");
  });

  it("ends an async infinite loop", async () => {
    const runner = await harness.open(around(`export default async () => { for (;;) await null; };`), { limits });
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toMatchObject({ kind: "timeout", message: expect.stringMatching(/^timed out after 200 ms/) as unknown });
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("ends an await that can never resolve without waiting for the deadline", async () => {
    const runner = await harness.open(around(`export default async () => { await new Promise(() => {}); };`), { limits });
    const started = performance.now();
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toEqual({
      kind: "timeout",
      message:
        "never settled: the hook's promise is still pending with nothing left to run (it awaits something that can never resolve; the sandbox has no I/O)",
      location: null,
    });
    expect(performance.now() - started).toBeLessThan(150);
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("applies the pipeline's own time limit", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => {\n  for (;;) Math.sqrt(2);\n};` }), { limits: { timeoutMs: 50, memoryBytes: 16 * MiB } });
    expect(callOf(await chain(runner, ["h"], {}), "h").failure?.message).toBe("timed out after 50 ms (hooks/h.ts:2:21)");
  });

  it("ends a module whose top level never finishes, on its first call", async () => {
    const runner = await harness.open(pipelineOf({ h: `while (true) {}\nexport default () => {};` }), { limits });
    expect(callOf(await chain(runner, ["h"], {}), "h").failure?.message).toBe("timed out after 200 ms while loading the module (hooks/h.ts:1:1)");
  });

  it("times out a hook whose returned value loops forever when converted to JSON", async () => {
    const runner = await harness.open(around(`export default () => ({ get loop(): number { for (;;) {} } });`), { limits });
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toEqual({
      kind: "timeout",
      message: "timed out after 200 ms while converting what the hook returned or stored to JSON",
      location: null,
    });
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("stops a modifying chain at a hook whose result cannot be converted in time", async () => {
    const runner = await harness.open(
      pipelineOf({
        a: `export default () => ({ a: 1 });`,
        bomb: `export default () => ({ get b(): number { for (;;) {} } });`,
        c: `export default () => ({ c: 3 });`,
      }),
      { limits },
    );
    const result = await runner.runChain({ point: "p", execution: "modifying", hookIds: ["a", "bomb", "c"], context: {} });
    expect(result.calls.map((c) => c.hookId)).toEqual(["a", "bomb"]);
    expect(result.context).toEqual({ a: 1 });
    expect(result.aborted).toEqual({ hookId: "bomb", failure: callOf(result, "bomb").failure });
  });
});

describe("memory limit", () => {
  // A generous time limit: on a busy machine a 16 MiB flood must still end on memory, not time.
  const memoryLimits = { timeoutMs: 10_000, memoryBytes: 16 * MiB };

  it("ends a string allocation bomb with the memory limit", async () => {
    const runner = await harness.open(
      around(`export default () => {\n  const keep: string[] = [];\n  for (;;) keep.push("x".repeat(1 << 16) + keep.length);\n};`),
      { limits: memoryLimits },
    );
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toEqual({
      kind: "memory",
      message: "exceeded the 16 MiB memory limit (hooks/bomb.ts:3:32)",
      location: { file: "hooks/bomb.ts", line: 3, column: 32 },
    });
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("ends an object flood, even when the hook catches the error", async () => {
    const runner = await harness.open(
      around(`export default () => {\n  const keep: object[] = [];\n  try { for (;;) keep.push({ n: keep.length, s: "k" + keep.length }); } catch { keep.length = 0; }\n};`),
      { limits: memoryLimits },
    );
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toMatchObject({ kind: "memory", message: expect.stringMatching(/^exceeded the 16 MiB memory limit/) as unknown });
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("reloads a module that hit the limit, resetting its state, and says so", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `const cache: string[] = [];\nlet calls = 0;\nexport default (ctx: any) => {\n  calls++;\n  if (ctx.bomb) for (;;) cache.push("y".repeat(1 << 16));\n  return { calls };\n};`,
      }),
      { limits: memoryLimits },
    );
    expect(callOf(await chain(runner, ["h"], {}), "h").returned).toEqual({ calls: 1 });
    expect(callOf(await chain(runner, ["h"], { bomb: true }), "h").failure?.kind).toBe("memory");
    const after = callOf(await chain(runner, ["h"], {}), "h");
    expect(after.returned).toEqual({ calls: 1 });
    expect(after.logs).toEqual([
      {
        level: "warn",
        message: "this module was loaded again: its previous instance exceeded the 16 MiB memory limit, so its module-level state was reset",
      },
    ]);
  });

  it("ends a hook whose returned value exhausts memory while it is converted to JSON", async () => {
    const runner = await harness.open(
      around(`export default () => ({\n  toJSON() {\n    const a: string[] = [];\n    for (;;) a.push("x".repeat(1 << 16));\n  },\n});`),
      { limits: memoryLimits },
    );
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toMatchObject({ kind: "memory", message: expect.stringMatching(/^exceeded the 16 MiB memory limit/) as unknown });
    expect(callOf(result, "bomb").patch).toEqual([]);
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("lets a hook allocate well under the limit", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default () => ({ n: "z".repeat(4 << 20).length });` }), { limits: memoryLimits });
    expect(callOf(await chain(runner, ["h"], {}), "h")).toMatchObject({ failure: null, returned: { n: 4 << 20 } });
  });
});

describe("stack limit", () => {
  it("ends unbounded recursion with a stack overflow at the recursive call", async () => {
    const runner = await harness.open(around(`function down(n: number): number {\n  return down(n + 1) + 1;\n}\nexport default () => { down(0); };`), { limits });
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure).toEqual({
      kind: "threw",
      message: "InternalError: stack overflow (hooks/bomb.ts:2:14)",
      location: { file: "hooks/bomb.ts", line: 2, column: 14 },
    });
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
  });

  it("allows ordinary recursion a few hundred calls deep", async () => {
    const runner = await harness.open(pipelineOf({ h: `const depth = (n: number): number => (n === 0 ? 0 : 1 + depth(n - 1));\nexport default () => ({ d: depth(500) });` }), { limits });
    expect(callOf(await chain(runner, ["h"], {}), "h").returned).toEqual({ d: 500 });
  });

  it("survives recursion that exhausts the native stack: the run's sandbox restarts and the chain completes", async () => {
    const runner = await harness.open(
      around(`export default () => {\n  let o: object = {};\n  for (let i = 0; i < 200000; i++) o = { o };\n  return { s: JSON.stringify(o).length };\n};`),
      { limits: { timeoutMs: 10_000, memoryBytes: 64 * MiB } },
    );
    const first = await chain(runner, ["before", "after"], { trail: [] });
    expect(first.context).toEqual({ trail: ["before", "after 1"] });
    const result = await chain(runner, ["before", "bomb", "after"], { trail: [] });
    expect(callOf(result, "bomb").failure?.message).toMatch(/^InternalError: stack overflow/);
    // "after" counts its calls in module state: the restart reset it, so this is its first call again.
    expect(result.context).toEqual({ trail: ["before", "after 1"] });
    expect(runner.stats.instances).toBe(2);
    expect((await chain(runner, ["after"], { trail: [] })).context).toEqual({ trail: ["after 2"] });
  });
});

describe("isolation between runs", () => {
  it("keeps another run working while one hits every limit", async () => {
    const bombs = await harness.open(
      pipelineOf({
        loop: `export default () => { for (;;) {} };`,
        mem: `export default () => { const a: string[] = []; for (;;) a.push("q".repeat(1 << 16)); };`,
        deep: `const f = (n: number): number => f(n + 1);\nexport default () => f(0);`,
      }),
      { limits },
    );
    const good = await harness.open(pipelineOf({ g: `let n = 0;\nexport default (ctx: any) => { ctx.n = ++n; };` }), { limits });
    const [bombed, fine] = await Promise.all([chain(bombs, ["loop", "mem", "deep"], {}), chain(good, ["g"], {})]);
    expect(bombed.calls.map((c) => c.failure?.kind)).toEqual(["timeout", "memory", "threw"]);
    expect(fine.context).toEqual({ n: 1 });
    expect((await chain(good, ["g"], {})).context).toEqual({ n: 2 });
  });
});
