import type pg from "pg";
import type { Store } from "../../db/store";
import { addToSummary, emptyRunSummary } from "../../core/run/hookStatus";
import type { EncodedTraceEvent, TraceEvent } from "../../core/trace/events";
import { closingEvents, OpenTrace } from "../runs/workers/lostRun";
import { notify, RUN_EVENTS_CHANNEL } from "./channels";
import { dropHolder, listHolders, WORKER_LOCK_CLASS, workerGone, type Holder } from "./liveness";
import { RUN_QUEUE, type TeamRunQueue } from "./runQueue";

/*
 * Ends the runs no worker will finish. Every web instance and worker sweeps every few seconds:
 *
 * - the worker holding a run is gone (its advisory lock is free): the run ends failed,
 *   "the worker running it stopped";
 * - the run's job is no longer active though a worker still holds it (pg-boss expired it after
 *   `expireInSeconds`: a worker that hangs, or a host that vanished without closing its
 *   connections): the run ends failed the same way, saying so.
 *
 * Policy: a lost run always FAILS; it is never run again from its start, even when nothing of it
 * was stored yet. Its job may already have called a live model or a hook's HTTP fixture, a
 * second attempt would do so again, and "Re-run" is one click for the person who sees the reason.
 *
 * A run parked at an approval request is left alone: it holds no worker, and its answer resumes it.
 * Two sweepers racing for a run: deleting its holder row decides which one ends it.
 *
 * Orphans: a run "running" for over `orphanAfterMs` with no holder and no job waiting or active.
 * The instance that recorded it stopped before its job was sent (the run ends failed, saying so),
 * or before the resume job of its answered request was (the resume is sent now). Parked runs whose
 * request is still pending are not orphans.
 */

export const WORKER_STOPPED = "the worker running it stopped";
/** The sweep's lock: a key of the workers' class that no worker draws (theirs are 1 … 2^31 - 1). */
const SWEEP_LOCK = 0;

export const NEVER_QUEUED = "no worker took the run: the server that started it stopped before queuing it";

export interface Sweeper {
  /** One sweep now; resolves to the ids of the runs it ended. */
  sweep(): Promise<string[]>;
  stop(): Promise<void>;
}

export interface SweeperOptions {
  /** Default 3000 ms. */
  intervalMs?: number;
  /** How old a run without holder or job must be to be an orphan. Default 60 s (a start records the run, then queues it). */
  orphanAfterMs?: number;
}

export function startSweeper(deps: { db: pg.Pool; store: Store; queue: TeamRunQueue } & SweeperOptions): Sweeper {
  const { db, store, queue } = deps;
  let running: Promise<string[]> | null = null;
  let sweeps = 0;

  /** One sweep at a time across the team: the others skip their turn rather than race for the same runs. */
  async function sweepOnce(): Promise<string[]> {
    const client = await db.connect();
    try {
      const { rows } = await client.query<{ got: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS got", [WORKER_LOCK_CLASS, SWEEP_LOCK]);
      if (!rows[0]?.got) return [];
      try {
        return await sweepHeld();
      } finally {
        await client.query("SELECT pg_advisory_unlock($1, $2)", [WORKER_LOCK_CLASS, SWEEP_LOCK]);
      }
    } finally {
      client.release();
    }
  }

  async function sweepHeld(): Promise<string[]> {
    const holders = await listHolders(db);
    const gone = new Map<number, boolean>();
    for (const key of new Set(holders.map((h) => h.workerKey))) gone.set(key, await workerGone(db, key));
    const ended: string[] = [];
    for (const holder of holders) {
      const reason = gone.get(holder.workerKey) ? WORKER_STOPPED : holder.jobState !== "active" ? `${WORKER_STOPPED} (its job was ${holder.jobState ?? "removed"} before the run ended)` : null;
      if (reason === null) continue;
      try {
        if (await endLostRun(holder, reason)) ended.push(holder.runId);
      } catch (error) {
        console.error(`hookwright: ending run ${holder.runId}, lost with its worker, failed:`, error instanceof Error ? error.message : error);
      }
    }
    // Orphans are rare and need a scan of the running runs: every tenth sweep looks for them.
    if (sweeps++ % 10 !== 0) return ended;
    for (const runId of await listOrphans()) {
      try {
        if (await endOrphan(runId)) ended.push(runId);
      } catch (error) {
        console.error(`hookwright: ending run ${runId}, never queued, failed:`, error instanceof Error ? error.message : error);
      }
    }
    return ended;
  }

  /** Runs nobody holds or will take (the tables are read directly: the store has no such question). */
  async function listOrphans(): Promise<string[]> {
    const { rows } = await db.query<{ id: string }>(
      `SELECT r.id FROM runs r
       WHERE r.status = 'running' AND r.created_at < $1
         AND NOT EXISTS (SELECT 1 FROM hookwright_team.run_holders h WHERE h.run_id = r.id)
         AND NOT EXISTS (SELECT 1 FROM pgboss.job j WHERE j.name = $2 AND j.singleton_key = r.id AND j.state IN ('created', 'retry', 'active'))`,
      [Date.now() - (deps.orphanAfterMs ?? 60_000), RUN_QUEUE],
    );
    return rows.map((r) => r.id);
  }

  async function endOrphan(runId: string): Promise<boolean> {
    const stored = await store.runs.readAllStoredEvents(runId);
    const last = stored[stored.length - 1];
    if (last?.type === "approval.request") {
      const request = await store.approvals.get(last.approvalId);
      if (request?.status === "pending") return false;
      // Answered, but the resume job was never sent: send it (the worker finds what to do from the store).
      if (request) {
        await queue.send({ kind: "resume", runId });
        return false;
      }
    }
    if ((await store.runs.get(runId))?.status !== "running") return false;
    // Stored events without an end: a worker ran it and then lost it without a holder row to show for it.
    await endFailed(runId, stored, stored.length === 0 ? NEVER_QUEUED : WORKER_STOPPED);
    return true;
  }

  /** Closes what the trace has open, appends run.end (internal_error, `reason`), ends the row failed, and tells the viewers. */
  async function endFailed(runId: string, stored: readonly EncodedTraceEvent[], reason: string): Promise<void> {
    const open = new OpenTrace();
    for (const event of stored) open.observe(event as TraceEvent);
    let seq = stored[stored.length - 1]?.seq ?? 0;
    const closing = closingEvents(open, { kind: "stopped", reason }, { hooks: [] }).map((event) => ({ ...event, seq: ++seq }) as TraceEvent);
    // An append racing a worker that is alive after all fails on the (run, seq) key: nothing is written twice.
    if (!(await store.runs.appendEvents(runId, closing))) return;
    const summary = [...stored, ...closing].reduce((sum, event) => addToSummary(sum, event as EncodedTraceEvent), emptyRunSummary);
    await store.runs.finish(runId, { summary, failure: reason });
    await notify(db, RUN_EVENTS_CHANNEL, JSON.stringify({ runId, seq }));
  }

  async function endLostRun(holder: Holder, reason: string): Promise<boolean> {
    if (!(await dropHolder(db, holder))) return false;
    if (holder.jobState === "active") await queue.fail({ id: holder.jobId, runId: holder.runId, job: { kind: "resume", runId: holder.runId } }, reason);
    const run = await store.runs.get(holder.runId);
    if (run?.status !== "running") return false;
    const stored = await store.runs.readAllStoredEvents(holder.runId);
    const last = stored[stored.length - 1];
    // Parked before the worker died: the request's answer resumes it on another worker.
    if (last?.type === "approval.request" && (await store.approvals.get(last.approvalId))) return false;
    await endFailed(holder.runId, stored, reason);
    return true;
  }

  function sweep(): Promise<string[]> {
    running ??= sweepOnce().finally(() => (running = null));
    return running;
  }

  const timer = setInterval(() => {
    sweep().catch((error: unknown) => console.error("hookwright: sweeping lost runs failed:", error instanceof Error ? error.message : error));
  }, deps.intervalMs ?? 3000);
  timer.unref();

  return {
    sweep,
    async stop() {
      clearInterval(timer);
      await running?.catch(() => {});
    },
  };
}
