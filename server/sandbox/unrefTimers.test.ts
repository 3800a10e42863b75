import { afterEach, describe, expect, it } from "vitest";
import type { HookCallResult } from "../../core/engine/ports";
import { callOf, chain, createHarness, pipelineOf } from "./testHarness";

/**
 * Unref'd timers (AbortSignal.timeout's, `setTimeout(...).unref()`) as in Node: they fire while
 * the call still awaits past them, and one left pending ends with the call without a warning.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const PENDING_WARNING = { level: "warn", message: "1 timer was still pending when the call ended and was cancelled: timers never outlive a hook call" };

async function run(code: string): Promise<HookCallResult> {
  const runner = await harness.open(pipelineOf({ h: code }));
  return callOf(await chain(runner, ["h"], {}), "h");
}

describe("unref'd timers", () => {
  it("AbortSignal.timeout left pending: no warning on the card", async () => {
    const call = await run(`export default async () => { const s = AbortSignal.timeout(30_000); await Promise.resolve(); return { aborted: s.aborted }; };`);
    expect(call.failure).toBeNull();
    expect(call.returned).toEqual({ aborted: false });
    expect(call.logs).toEqual([]);
  });

  it("AbortSignal.timeout still aborts when the hook awaits past it", async () => {
    const call = await run(
      `export default async () => { const s = AbortSignal.timeout(50); const t0 = Date.now(); await new Promise((r) => s.addEventListener("abort", r)); return { name: s.reason.name, waited: Date.now() - t0 >= 50 }; };`,
    );
    expect(call.returned).toEqual({ name: "TimeoutError", waited: true });
    expect(call.logs).toEqual([]);
  });

  it("setTimeout(...).unref() and setInterval(...).unref() end silently; ref() brings the warning back", async () => {
    const unref = await run(`export default () => { setTimeout(() => {}, 10).unref(); const i = setInterval(() => {}, 10); i.unref(); return { has: i.hasRef() }; };`);
    expect(unref.returned).toEqual({ has: false });
    expect(unref.logs).toEqual([]);
    const reref = await run(`export default () => { setTimeout(() => {}, 10).unref().ref(); };`);
    expect(reref.logs).toEqual([PENDING_WARNING]);
  });

  it("an unref'd timer the hook awaits still fires", async () => {
    const call = await run(`export default async () => { const v = await new Promise((r) => setTimeout(r, 20, "fired").unref()); return { v }; };`);
    expect(call.returned).toEqual({ v: "fired" });
    expect(call.logs).toEqual([]);
  });

  it("timers/promises with ref: false ends silently, and still resolves when awaited", async () => {
    const runner = await harness.open(
      pipelineOf({
        h: `import { setTimeout as wait } from "node:timers/promises";\nexport default async () => { void wait(1000, "late", { ref: false }); const v = await wait(10, "on time", { ref: false }); return { v }; };`,
      }),
    );
    const call = callOf(await chain(runner, ["h"], {}), "h");
    expect(call.returned).toEqual({ v: "on time" });
    expect(call.logs).toEqual([]);
  });

  it("control: a plain setTimeout left pending still warns, and clearTimeout takes the handle or its number", async () => {
    const plain = await run(`export default () => { setTimeout(() => {}, 10); };`);
    expect(plain.logs).toEqual([PENDING_WARNING]);
    const cleared = await run(`export default () => { clearTimeout(setTimeout(() => {}, 10)); clearTimeout(Number(setTimeout(() => {}, 10))); };`);
    expect(cleared.logs).toEqual([]);
  });
});
