import { afterEach, describe, expect, it } from "vitest";
import type { ChainResult } from "../../core/engine/ports";
import { RunDeterminism } from "./clock";
import { callOf, chain, createHarness, pipelineOf } from "./testHarness";

/**
 * Runs are reproducible: the clock and the random generator are per run, seeded, and every
 * value handed out is recorded on the call that got it.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const CLOCK_START = 1_767_225_600_000; // 2026-01-01T00:00:00Z

const hooks = {
  stamp: `export default (ctx: any) => {
  ctx.now = Date.now();
  ctx.iso = new Date().toISOString();
  ctx.text = Date();
  ctx.perf = performance.now();
  ctx.r = [Math.random(), Math.random()];
  ctx.id = crypto.randomUUID();
};`,
  later: `export default async (ctx: any) => {
  await new Promise((r) => setTimeout(r, 1000));
  ctx.after = Date.now();
  ctx.pick = ["a", "b", "c"][Math.floor(Math.random() * 3)];
};`,
};

/** A result with the measured (not reproducible) durations taken out. */
function stable(result: ChainResult): string {
  return JSON.stringify({ ...result, calls: result.calls.map((c) => ({ ...c, durationMs: 0 })) });
}

describe("determinism", () => {
  it("hands out the run's clock and seeded random values, and records them per call", async () => {
    const runner = await harness.open(pipelineOf(hooks), { clockStart: CLOCK_START, seed: 42 });
    const result = await chain(runner, ["stamp", "later"], {});
    const stamp = callOf(result, "stamp");
    expect(stamp.clock).toEqual([CLOCK_START, CLOCK_START + 1, CLOCK_START + 2, CLOCK_START + 3]);
    const expected = new RunDeterminism(CLOCK_START, 42);
    const randoms = Array.from({ length: 6 }, () => expected.readRandom());
    expect(stamp.random).toEqual(randoms);
    expect(result.context).toMatchObject({
      now: CLOCK_START,
      iso: "2026-01-01T00:00:00.001Z",
      text: "Thu Jan 01 2026 00:00:00 GMT+0000 (Coordinated Universal Time)",
      perf: 3,
      r: randoms.slice(0, 2),
    });
    expect(result.context.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The virtual timer moved the clock by its delay, not by real time.
    const later = callOf(result, "later");
    expect(later.clock).toEqual([CLOCK_START + 4 + 1000]);
    expect(later.random).toEqual([expected.readRandom()]);
  });

  it("produces byte-identical results for the same inputs, and different ones for another seed", async () => {
    const run = async (seed: number) => {
      const runner = await harness.open(pipelineOf(hooks), { clockStart: CLOCK_START, seed });
      const first = await chain(runner, ["stamp", "later"], { n: 1 });
      const second = await chain(runner, ["stamp", "later"], first.context);
      return stable(first) + stable(second);
    };
    const a = await run(7);
    expect(await run(7)).toBe(a);
    expect(await run(8)).not.toBe(a);
  });

  it("runs in UTC whatever the server's time zone", async () => {
    const code = `export default (ctx: any) => {
  const d = new Date(2026, 0, 15, 9, 30);
  ctx.local = [d.getHours(), d.getDate(), d.getTimezoneOffset()];
  ctx.text = d.toString();
  ctx.locale = d.toLocaleString();
  ctx.parsedLocal = Date.parse("2026-01-15T09:30:00");
  ctx.parsedZoned = Date.parse("2026-01-15T09:30:00+02:00");
  ctx.parsedDate = new Date("2026-01-15").getTime();
};`;
    const original = process.env.TZ;
    const outputs: unknown[] = [];
    try {
      for (const tz of ["UTC", "America/New_York", "Asia/Kolkata"]) {
        process.env.TZ = tz;
        const runner = await harness.open(pipelineOf({ h: code }));
        outputs.push((await chain(runner, ["h"], {})).context);
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
    expect(outputs[0]).toEqual({
      local: [9, 15, 0],
      text: "Thu Jan 15 2026 09:30:00 GMT+0000 (Coordinated Universal Time)",
      locale: "1/15/2026, 9:30:00 AM",
      parsedLocal: Date.UTC(2026, 0, 15, 9, 30),
      parsedZoned: Date.UTC(2026, 0, 15, 7, 30),
      parsedDate: Date.UTC(2026, 0, 15),
    });
    expect(outputs[1]).toEqual(outputs[0]);
    expect(outputs[2]).toEqual(outputs[0]);
  });

  it("keeps one clock for the whole run, across hooks and tools", async () => {
    const runner = await harness.open(pipelineOf({ h: `export default (ctx: any) => { ctx.t = Date.now(); };` }, {}, { now: `export default () => String(Date.now());` }), {
      clockStart: 1000,
    });
    expect((await chain(runner, ["h"], {})).context).toEqual({ t: 1000 });
    expect((await runner.runTool("now", {})).content).toBe("1001");
    expect((await chain(runner, ["h"], {})).context).toEqual({ t: 1002 });
  });
});
