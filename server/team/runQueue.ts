import pg from "pg";
import PgBoss from "pg-boss";
import type { QueuedRun } from "../runs/runService";
import { listenOn, notify, RUN_JOBS_CHANNEL, type ChannelListener } from "./channels";

/*
 * The team's run queue: pg-boss 10 on the store's PostgreSQL (docs/deploy.md, "Why pg-boss").
 *
 * - One queue, policy `singleton`: at most one ACTIVE job per singleton key, and the key is the
 *   run id, so a run's resume job never runs beside the job that parked it.
 * - Retries off (`retryLimit: 0`): a run that failed is not run again behind the person's back.
 * - No priorities: the in-process queue is first in, first out, and so is this one.
 * - Wake-ups: pg-boss 10 only polls, so every send is followed by a NOTIFY on
 *   {@link RUN_JOBS_CHANNEL} and a waiting take() fetches at once (the poll stays as the fallback).
 * - `take()` is the pull side the pool's RunQueue has: fetch one job, or wait.
 */

export const RUN_QUEUE = "hookwright-runs";

/** A job: a new run, or a parked run whose approval was answered. */
export type TeamJob = { kind: "start"; run: QueuedRun; cancelled?: boolean } | { kind: "resume"; runId: string; cancelled?: boolean };

export interface TakenJob {
  id: string;
  runId: string;
  job: TeamJob;
}

export interface TeamRunQueue {
  send(job: TeamJob): Promise<void>;
  /** The next job (now active, held by the caller until complete/fail), waiting for one; null once closed. */
  take(): Promise<TakenJob | null>;
  complete(taken: TakenJob): Promise<void>;
  fail(taken: TakenJob, reason: string): Promise<void>;
  /**
   * Cancels the run's job: a queued one is marked (its worker starts it cancelled, so it ends at
   * its first model call like a cancelled run in one process), an active one is reported.
   */
  cancel(runId: string): Promise<"queued" | "active" | "none">;
  /** A job's state by id, or null (tests and the sweeper). */
  stateOf(id: string): Promise<string | null>;
  /** Every waiting and later take() resolves null; jobs taken can still complete. */
  stopTaking(): void;
  close(): Promise<void>;
}

export interface TeamQueueOptions {
  url: string;
  /** Whether this process takes jobs (a worker): it then LISTENs for wake-ups. */
  takes: boolean;
  /** How long an active job may run before pg-boss fails it (the crash backstop). Default 15 min. */
  expireInSeconds?: number;
  /** The fallback poll when no wake-up comes. Default 2000 ms. */
  pollMs?: number;
  /** How often pg-boss's maintenance (expiring jobs) runs, on every instance under its own lock. Default 30 s. */
  maintenanceIntervalSeconds?: number;
}

export async function openTeamRunQueue(options: TeamQueueOptions): Promise<TeamRunQueue> {
  const boss = new PgBoss({
    connectionString: options.url,
    schedule: false,
    supervise: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
    max: 4,
  });
  boss.on("error", (error: Error) => console.error("hookwright: pg-boss:", error.message));
  await boss.start();
  // Two instances starting together may both find no queue: the loser's "already exists" is fine.
  if (!(await boss.getQueue(RUN_QUEUE))) await boss.createQueue(RUN_QUEUE, { name: RUN_QUEUE, policy: "singleton", retryLimit: 0 }).catch(async (error: unknown) => {
    if (!(await boss.getQueue(RUN_QUEUE))) throw error;
  });
  const db = new pg.Pool({ connectionString: options.url, max: 2 });
  db.on("error", logPoolError);
  const expireInSeconds = options.expireInSeconds ?? 15 * 60;
  const pollMs = options.pollMs ?? 2000;

  let closed = false;
  const sleepers = new Set<() => void>();
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  const listener: ChannelListener | null = options.takes ? listenOn(options.url, { [RUN_JOBS_CHANNEL]: wakeAll }, { onReconnect: wakeAll }) : null;
  await listener?.ready;

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      sleepers.add(done);
    });
  }

  return {
    async send(job) {
      const runId = job.kind === "start" ? job.run.runId : job.runId;
      await boss.send(RUN_QUEUE, job, { singletonKey: runId, retryLimit: 0, expireInSeconds });
      await notify(db, RUN_JOBS_CHANNEL, "");
    },
    async take() {
      while (!closed) {
        let jobs: PgBoss.Job<TeamJob>[] = [];
        try {
          // Returns nothing, too, when the oldest job is a run's resume whose parking job is still
          // active (pg-boss swallows the singleton index's violation): complete() wakes us then.
          jobs = await boss.fetch<TeamJob>(RUN_QUEUE, { batchSize: 1 });
        } catch (error) {
          console.error("hookwright: fetching a run job failed:", error instanceof Error ? error.message : error);
          await sleep(1000);
          continue;
        }
        const job = jobs[0];
        if (job) return { id: job.id, runId: job.data.kind === "start" ? job.data.run.runId : job.data.runId, job: job.data };
        await sleep(pollMs);
      }
      return null;
    },
    // A run's next job (its resume) cannot start while this one is active, and pg-boss's fetch then
    // returns nothing rather than the jobs behind it: wake the takers once it is not.
    async complete(taken) {
      await boss.complete(RUN_QUEUE, taken.id);
      await notify(db, RUN_JOBS_CHANNEL, "");
    },
    async fail(taken, reason) {
      await boss.fail(RUN_QUEUE, taken.id, { reason });
      await notify(db, RUN_JOBS_CHANNEL, "");
    },
    async cancel(runId) {
      // pg-boss has no "change a queued job": the flag is set on its row, which a fetch skips while locked (SKIP LOCKED).
      const queued = await db.query(
        `UPDATE pgboss.job SET data = jsonb_set(data, '{cancelled}', 'true') WHERE name = $1 AND singleton_key = $2 AND state IN ('created', 'retry') RETURNING id`,
        [RUN_QUEUE, runId],
      );
      if ((queued.rowCount ?? 0) > 0) return "queued";
      const active = await db.query(`SELECT 1 FROM pgboss.job WHERE name = $1 AND singleton_key = $2 AND state = 'active'`, [RUN_QUEUE, runId]);
      return (active.rowCount ?? 0) > 0 ? "active" : "none";
    },
    async stateOf(id) {
      return (await boss.getJobById(RUN_QUEUE, id))?.state ?? null;
    },
    stopTaking() {
      closed = true;
      wakeAll();
    },
    async close() {
      closed = true;
      wakeAll();
      await listener?.close();
      await boss.stop({ graceful: false, wait: true, timeout: 2000 });
      await db.end();
    },
  };
}

/** An idle pooled connection that broke (the server restarted): the pool replaces it; without a handler node would crash. */
export function logPoolError(error: Error): void {
  console.error("hookwright: a PostgreSQL connection was lost:", error.message);
}
