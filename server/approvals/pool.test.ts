import { afterEach, describe, expect, it } from "vitest";
import { beConcise } from "~/core/examples/beConcise";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import { openTestStore } from "~/db/testDatabase";
import { defaultRunEngine } from "../runs/engine";
import { createRunEventBus } from "../runs/eventBus";
import { createRunService } from "../runs/runService";
import { createRunPool, type RunPool } from "../runs/workers/pool";

/* A run waiting for a person holds no worker: with ONE worker thread, other runs still run. */

let pool: RunPool | null = null;
let store: ReturnType<typeof openTestStore> | null = null;
afterEach(async () => {
  await pool?.close();
  await store?.close();
});

async function until<T>(read: () => T | null | undefined | false | Promise<T | null | undefined | false>, what: string): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("parked runs and the worker pool", () => {
  it("a parked run frees its worker: two more runs finish on a one-worker pool while it waits, and it finishes when answered", { timeout: 120_000 }, async () => {
    const opened = openTestStore();
    store = opened;
    const onePool = createRunPool({ workers: 1, workerMemoryMiB: 512, graceMs: 2000 });
    pool = onePool;
    const service = createRunService({ store: opened, bus: createRunEventBus(), engine: defaultRunEngine, executor: onePool });
    const gated = (await opened.pipelines.create(webSearchApproval)).id;
    const plain = (await opened.pipelines.create(beConcise)).id;

    const waiting = await service.start({ pipelineId: gated, scenario: { name: "search without an approver" } });
    await until(async () => (await service.approvals.list(waiting.runId))[0]?.status === "pending", "the request");
    // The worker ends the job just after the request row is written: it is free without waiting for the answer.
    await until(() => onePool.stats().busy === 0, "the parked run's worker to be freed");

    for (let i = 0; i < 2; i++) {
      const other = await service.start({ pipelineId: plain, scenario: { name: beConcise.scenarios?.[0]?.name ?? "default" } });
      await until(async () => (await opened.runs.get(other.runId))?.status !== "running", "another run to finish");
      expect((await opened.runs.get(other.runId))?.status).toBe("finished");
    }
    expect((await opened.runs.get(waiting.runId))?.status).toBe("running");

    await service.approvals.answer({ approvalId: `${waiting.runId}.a1`, decision: "allow-once", by: "erin" });
    await until(async () => (await opened.runs.get(waiting.runId))?.status !== "running", "the parked run to finish");
    const events = await opened.runs.readAllEvents(waiting.runId);
    expect(events.find((e) => e.type === "tool.result")).toMatchObject({ isError: false });
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    expect(onePool.stats().replaced).toBe(0);
  });
});
