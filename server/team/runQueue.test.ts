import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { noPostgresReason, postgresBin } from "../../db/pg/testCluster";
import { startCluster, type PgCluster } from "../../scripts/pgCluster.mjs";
import type { QueuedRun } from "../runs/runService";
import { openTeamRunQueue, type TakenJob, type TeamRunQueue } from "./runQueue";

/* The team's run queue (pg-boss 10 + NOTIFY wake-ups) on a real throw-away PostgreSQL. */

const run = (runId: string): QueuedRun => ({ runId, pipeline: { name: "p" } as QueuedRun["pipeline"], scenario: { name: "s" } as QueuedRun["scenario"], model: { kind: "scripted" } });

/** The take's result, or "waiting" when it has none within `ms`. */
function within(take: Promise<TakenJob | null>, ms: number): Promise<TakenJob | null | "waiting"> {
  return Promise.race([take, new Promise<"waiting">((resolve) => setTimeout(() => resolve("waiting"), ms))]);
}

describe.skipIf(!postgresBin)(`the team run queue${postgresBin ? "" : ` (skipped: ${noPostgresReason})`}`, () => {
  let cluster: PgCluster;
  let web: TeamRunQueue;
  let worker: TeamRunQueue;
  let leftover: Promise<TakenJob | null> = Promise.resolve(null);
  beforeAll(async () => {
    cluster = await startCluster();
    web = await openTeamRunQueue({ url: cluster.url, takes: false });
    // A poll far longer than any wait below: a take that returns in time was woken by the NOTIFY.
    worker = await openTeamRunQueue({ url: cluster.url, takes: true, pollMs: 30_000 });
  }, 60_000);
  afterAll(async () => {
    await worker?.close();
    await web?.close();
    await cluster?.stop();
  });

  it("wakes a waiting worker when another instance sends a job", async () => {
    const waiting = worker.take();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sentAt = Date.now();
    await web.send({ kind: "start", run: run("wake-1") });
    const taken = await within(waiting, 5_000);
    expect(taken).toMatchObject({ runId: "wake-1", job: { kind: "start", run: { runId: "wake-1" } } });
    expect(Date.now() - sentAt).toBeLessThan(1_000);
    await worker.complete(taken as TakenJob);
  });

  it("runs one job of a run at a time: its resume waits until the job that parked it completes", async () => {
    await web.send({ kind: "start", run: run("one-1") });
    await web.send({ kind: "resume", runId: "one-1" });
    const first = await worker.take();
    expect(first).toMatchObject({ runId: "one-1", job: { kind: "start" } });
    const second = worker.take();
    expect(await within(second, 800)).toBe("waiting");
    await worker.complete(first as TakenJob);
    const resumed = await within(second, 3_000);
    expect(resumed).toMatchObject({ runId: "one-1", job: { kind: "resume", runId: "one-1" } });
    expect(await worker.stateOf((first as TakenJob).id)).toBe("completed");
    await worker.complete(resumed as TakenJob);
  });

  it("does not retry a failed job", async () => {
    await web.send({ kind: "start", run: run("fail-1") });
    const taken = (await worker.take()) as TakenJob;
    await worker.fail(taken, "it broke");
    expect(await worker.stateOf(taken.id)).toBe("failed");
    leftover = worker.take();
    expect(await within(leftover, 1_000)).toBe("waiting");
  });

  it("cancels a queued job (it is taken marked cancelled), reports an active one, and knows when there is none", async () => {
    // The take left waiting by the test above gets the next job: send it one first.
    await web.send({ kind: "start", run: run("decoy") });
    const decoy = await within(leftover, 3_000);
    expect(decoy).toMatchObject({ runId: "decoy" });
    await worker.complete(decoy as TakenJob);
    expect(await web.cancel("nobody")).toBe("none");
    await web.send({ kind: "start", run: run("cancel-1") });
    expect(await web.cancel("cancel-1")).toBe("queued");
    const taken = (await worker.take()) as TakenJob;
    expect(taken).toMatchObject({ runId: "cancel-1", job: { kind: "start", cancelled: true } });
    expect(await web.cancel("cancel-1")).toBe("active");
    await worker.complete(taken);
    expect(await web.cancel("cancel-1")).toBe("none");
  });
});
