import { afterEach, describe, expect, it } from "vitest";
import { beConcise } from "~/core/examples/beConcise";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import { openTestDatabase } from "~/db/testDatabase";
import { createPipeline } from "~/db/pipelineStore";
import { defaultRunEngine } from "../runs/engine";
import { createRunEventBus } from "../runs/eventBus";
import { createRunService } from "../runs/runService";
import { getRunRow, readAllEvents } from "../runs/runStore";
import { createRunPool, type RunPool } from "../runs/workers/pool";

/* A run waiting for a person holds no worker: with ONE worker thread, other runs still run. */

let pool: RunPool | null = null;
let handle: ReturnType<typeof openTestDatabase> | null = null;
afterEach(async () => {
  await pool?.close();
  handle?.close();
});

async function until<T>(read: () => T | null | undefined | false, what: string): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("parked runs and the worker pool", () => {
  it("a parked run frees its worker: two more runs finish on a one-worker pool while it waits, and it finishes when answered", { timeout: 120_000 }, async () => {
    handle = openTestDatabase();
    const db = handle.db;
    const onePool = createRunPool({ workers: 1, workerMemoryMiB: 512, graceMs: 2000 });
    pool = onePool;
    const service = createRunService({ db, bus: createRunEventBus(), engine: defaultRunEngine, executor: onePool });
    const gated = createPipeline(db, webSearchApproval).id;
    const plain = createPipeline(db, beConcise).id;

    const waiting = service.start({ pipelineId: gated, scenario: { name: "search without an approver" } });
    await until(() => service.approvals.list(waiting.runId)[0]?.status === "pending", "the request");
    // The worker ends the job just after the request row is written: it is free without waiting for the answer.
    await until(() => onePool.stats().busy === 0, "the parked run's worker to be freed");

    for (let i = 0; i < 2; i++) {
      const other = service.start({ pipelineId: plain, scenario: { name: beConcise.scenarios?.[0]?.name ?? "default" } });
      await until(() => getRunRow(db, other.runId)?.status !== "running", "another run to finish");
      expect(getRunRow(db, other.runId)?.status).toBe("finished");
    }
    expect(getRunRow(db, waiting.runId)?.status).toBe("running");

    service.approvals.answer({ approvalId: `${waiting.runId}.a1`, decision: "allow-once", by: "erin" });
    await until(() => getRunRow(db, waiting.runId)?.status !== "running", "the parked run to finish");
    const events = readAllEvents(db, waiting.runId);
    expect(events.find((e) => e.type === "tool.result")).toMatchObject({ isError: false });
    expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    expect(onePool.stats().replaced).toBe(0);
  });
});
