import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ChainResult } from "../../core/engine/ports";
import { buildTemplate, SPARE_REALMS, type SandboxTemplate } from "./template";
import { readSnapshot, sandboxTemplate, writeSnapshot } from "./templateCache";
import { chain, createHarness, pipelineOf, TEST_LIMITS } from "./testHarness";

/**
 * Runs start from the process's pre-initialized snapshot. A run from a copy must be exactly a
 * run from a freshly built instance: same results, byte for byte, and the same QuickJS heap.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

// More hooks than the snapshot prepares realms for, so realms made during the run are covered too.
const hooks: Record<string, string> = {
  stamp: `export default (ctx: any) => { ctx.now = Date.now(); ctx.perf = performance.now(); ctx.origin = performance.timeOrigin; ctx.id = crypto.randomUUID(); };`,
  timer: `export default async (ctx: any) => { await new Promise((r) => setTimeout(r, 250)); ctx.after = Date.now(); ctx.r = Math.random(); };`,
  logs: `export default (ctx: any) => { console.log("seen %d messages", ctx.messages.length, { deep: { a: [1, "two"] } }); ctx.logger.info({ k: 1 }, "logged"); };`,
  state: `let n = 0; export default (ctx: any) => { n++; ctx.calls = n; };`,
  throws: `export default (ctx: any) => { if (ctx.messages.length > 1) throw new TypeError("too many: " + ctx.messages.length); };`,
  garbage: `export default (ctx: any) => { const a: any[] = []; for (let i = 0; i < 2000; i++) a.push({ i, s: "x".repeat(i % 50) }); ctx.sum = a.length; };`,
  edit: `export default (ctx: any) => { ctx.messages.push({ role: "user", content: "edited " + ctx.messages.length }); return { last: ctx.messages.at(-1) }; };`,
};
const ids = Object.keys(hooks);

async function runOnce(template: () => Promise<SandboxTemplate>): Promise<{ results: string[]; heap: number }> {
  const runner = await harness.open(pipelineOf(hooks), { seed: 7, template });
  const results: string[] = [];
  let context: Record<string, unknown> = { messages: [{ role: "user", content: "hi" }] };
  for (let i = 0; i < 3; i++) {
    const result: ChainResult = await chain(runner, ids, context as never);
    results.push(JSON.stringify({ ...result, calls: result.calls.map((c) => ({ ...c, durationMs: 0 })) }));
    context = { ...result.context, turn: i };
  }
  return { results, heap: runner.heapBytes() };
}

describe("the pre-initialized snapshot", () => {
  it("prepares fewer realms than the test pipeline has hooks", () => {
    expect(ids.length).toBeGreaterThan(SPARE_REALMS);
  });

  it("gives byte-identical runs and heaps from a fresh build, the process's snapshot, and a copy read back from disk", async () => {
    const fresh = await buildTemplate();
    const shared = await sandboxTemplate();
    const dir = await mkdtemp(join(tmpdir(), "hw-snapshot-"));
    try {
      const file = join(dir, "s.snapshot");
      await writeSnapshot(dir, file, fresh);
      const fromDisk = await readSnapshot(file);
      expect(fromDisk).not.toBeNull();

      const a = await runOnce(() => Promise.resolve(fresh));
      const b = await runOnce(() => Promise.resolve(shared));
      const c = await runOnce(() => Promise.resolve(fromDisk as SandboxTemplate));
      const again = await runOnce(() => Promise.resolve(fresh)); // the snapshot is not changed by a run
      expect(b).toEqual(a);
      expect(c).toEqual(a);
      expect(again).toEqual(a);
      // The runs did what the hooks say (the comparison above is not between empty results).
      const last = JSON.parse(a.results[2] as string) as ChainResult;
      expect(last.context).toMatchObject({ calls: 3, sum: 2000, origin: 1_767_225_600_000 });
      expect(last.calls.find((x) => x.hookId === "throws")?.failure?.message).toMatch(/^TypeError: too many: \d+/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a snapshot file whose bytes do not match its hash", async () => {
    const dir = await mkdtemp(join(tmpdir(), "hw-snapshot-"));
    try {
      const file = join(dir, "s.snapshot");
      await writeSnapshot(dir, file, await sandboxTemplate());
      const { readFile } = await import("node:fs/promises");
      const bytes = await readFile(file);
      bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
      await writeFile(file, bytes);
      expect(await readSnapshot(file)).toBeNull();
      await writeFile(file, "not a snapshot");
      expect(await readSnapshot(file)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("starts a run's instance in a few milliseconds once the process has its snapshot", async () => {
    await sandboxTemplate();
    const runner = await harness.open(pipelineOf({ h: `export default (ctx: any) => { ctx.x = 1; };` }), { limits: TEST_LIMITS });
    await chain(runner, ["h"], {});
    expect(runner.stats.instances).toBe(1);
    expect(runner.stats.templateMs).toBeLessThan(5);
    // Generous for a shared CI machine; the bench reports the real figure.
    expect(runner.stats.instanceMs).toBeLessThan(100);
  });
});
