import { afterEach, describe, expect, it } from "vitest";
import type { ChainResult } from "../../../core/engine/ports";
import { chain, createHarness, pipelineOf } from "../testHarness";

/**
 * The simulated Node surface is deterministic: the same seed gives byte-identical results,
 * whatever the server's time zone; another seed changes the random values only.
 */

const harness = createHarness();
afterEach(() => harness.cleanup());

const code = `import crypto from "node:crypto";\nimport os from "node:os";\nimport util from "node:util";\nimport { setTimeout as sleep } from "node:timers/promises";\n
export default async (ctx: any) => {
  const t = process.hrtime();
  await sleep(250);
  process.stdout.write(util.format("at %d: %o", Date.now(), { d: new Date(2026, 0, 15, 9, 30).toString() }) + "\\n");
  ctx.surface = {
    bytes: crypto.randomBytes(8).toString("base64"), uuid: crypto.randomUUID(), int: crypto.randomInt(1000),
    hash: crypto.createHash("sha256").update(Buffer.from(String(Date.now()))).digest("hex"),
    hr: process.hrtime(t), up: process.uptime(), osUp: os.uptime(), env: { ...process.env },
    url: new URL("../x?y=1", "https://h/a/b").href, local: new Date(2026, 0, 15, 9, 30).getHours(),
  };
};`;

function stable(result: ChainResult): string {
  return JSON.stringify({ ...result, calls: result.calls.map((c) => ({ ...c, durationMs: 0 })) });
}

describe("the Node surface is deterministic", () => {
  it("gives byte-identical results for a seed, in three time zones, and other random values for another seed", async () => {
    const original = process.env.TZ;
    const outputs: string[] = [];
    const settings = { env: [{ name: "MODE", value: "test", secret: false }] };
    try {
      for (const tz of ["UTC", "America/New_York", "Asia/Kolkata"]) {
        process.env.TZ = tz;
        const runner = await harness.open({ ...pipelineOf({ h: code }), settings }, { clockStart: 1_767_225_600_000, seed: 7 });
        outputs.push(stable(await chain(runner, ["h"], {})));
      }
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
    expect(outputs[1]).toBe(outputs[0]);
    expect(outputs[2]).toBe(outputs[0]);
    const first = JSON.parse(outputs[0] as string) as ChainResult;
    expect(first.context).toEqual({
      surface: {
        bytes: "LBX/AhJ/3A8=",
        uuid: "5e9e16fa-968b-43b2-a76f-7d85f444d067",
        int: 466,
        hash: "bf4fc4211ebd7d0e5bac8644d51931d58e581d07534cfe1bd966fa97d3e7f9b7",
        hr: [0, 253_000_000],
        up: 0.254,
        osUp: 0,
        env: { MODE: "test" },
        url: "https://h/x?y=1",
        local: 9,
      },
    });
    expect(first.calls[0]?.logs).toEqual([{ level: "log", message: "at 1767225600251: { d: 'Thu Jan 15 2026 09:30:00 GMT+0000 (Coordinated Universal Time)' }" }]);
    const runner = await harness.open({ ...pipelineOf({ h: code }), settings }, { clockStart: 1_767_225_600_000, seed: 8 });
    const other = JSON.parse(stable(await chain(runner, ["h"], {}))) as ChainResult;
    const surface = (r: ChainResult) => (r.context as { surface: Record<string, unknown> }).surface;
    expect(surface(other).bytes).not.toBe(surface(first).bytes);
    expect(surface(other).hash).toBe(surface(first).hash);
  });
});
