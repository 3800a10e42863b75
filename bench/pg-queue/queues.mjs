/*
 * The two candidate run queues behind one small interface, for the experiments in this folder
 * (docs/deploy.md, "Why pg-boss for the run queue"). Neither is a dependency of Hookwright yet:
 * they are loaded from QUEUE_EVAL_DIR (default /tmp/queue-eval), where
 *   npm install pg-boss@10.4.2 graphile-worker@0.16.6 pg@8.23.1
 * put them (pg-boss 12 needs Node ≥ 22.12 and graphile-worker 0.18 Node ≥ 22.18; Hookwright supports 20.9+).
 *
 * A queue: enqueue(data, { key, priority }) → job id; work(handler) starts taking jobs in this
 * process (handler(id, data) → Promise); state(id) → a plain word; cancel(id, key); close().
 * Every job has per-job retries off and "one active job per key" (the run id), which is how a
 * run's job would be queued.
 */
import { createRequire } from "node:module";
import path from "node:path";

const evalDir = process.env.QUEUE_EVAL_DIR ?? "/tmp/queue-eval";
const require = createRequire(path.join(evalDir, "package.json"));

export const QUEUE = "runs";

/**
 * pg-boss 10: a `singleton` queue (at most one active job per singletonKey), retryLimit 0,
 * polling every `pollingIntervalSeconds` (≥ 0.5 in v10, which has no LISTEN/NOTIFY).
 * @param {string} url
 * With `wake`, workers also LISTEN on a channel and the sender NOTIFYs it after each send, and
 * a notification calls pg-boss's own `notifyWorker(id)` (it cuts the polling sleep short): the
 * wake-up Hookwright would add, measured here.
 * @param {{ pollingIntervalSeconds?: number, expireInSeconds?: number, maintenanceIntervalSeconds?: number, supervise?: boolean, wake?: boolean }} options
 */
export async function openPgBoss(url, options = {}) {
  const PgBoss = require("pg-boss");
  const pg = require("pg");
  const wake = options.wake ? new pg.Client({ connectionString: url }) : null;
  await wake?.connect();
  const boss = new PgBoss({
    connectionString: url,
    schedule: false,
    supervise: options.supervise ?? true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 120,
    max: 4,
  });
  boss.on("error", (error) => console.error("pg-boss:", error.message));
  await boss.start();
  if (!(await boss.getQueue(QUEUE))) await boss.createQueue(QUEUE, { policy: "singleton", retryLimit: 0 });
  return {
    name: "pg-boss",
    version: require("pg-boss/package.json").version,
    enqueue: async (data, { key, priority = 0, expireInSeconds } = {}) => {
      const id = await boss.send(QUEUE, data, { singletonKey: key, priority, retryLimit: 0, expireInSeconds: expireInSeconds ?? options.expireInSeconds ?? 15 * 60 });
      await wake?.query("select pg_notify('hookwright_run_jobs', '')");
      return id;
    },
    work: async (handler) => {
      const workerId = await boss.work(QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async ([job]) => {
        await handler(job.id, job.data);
      });
      if (wake) {
        wake.on("notification", () => boss.notifyWorker(workerId));
        await wake.query("listen hookwright_run_jobs");
      }
    },
    state: async (id) => (await boss.getJobById(QUEUE, id))?.state ?? "gone",
    cancel: (id) => boss.cancel(QUEUE, id),
    close: async () => {
      await wake?.end();
      await boss.stop({ graceful: false, wait: true, timeout: 2000 });
    },
  };
}

/**
 * graphile-worker 0.16: jobKey = the run (one pending job per key), queueName = the run (jobs of
 * one named queue run one at a time), maxAttempts 1; workers wake on LISTEN/NOTIFY ("jobs:insert")
 * and poll every `pollInterval` ms as a fallback.
 * @param {string} url
 * @param {{ pollInterval?: number }} options
 */
export async function openGraphileWorker(url, options = {}) {
  const { makeWorkerUtils, run } = require("graphile-worker");
  const pg = require("pg");
  const utils = await makeWorkerUtils({ connectionString: url });
  await utils.migrate();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  let runner = null;
  return {
    name: "graphile-worker",
    version: require("graphile-worker/package.json").version,
    enqueue: async (data, { key, priority = 0 } = {}) => {
      // graphile-worker: lower priority numbers run first; pg-boss: higher. Callers pass pg-boss's sense.
      const job = await utils.addJob("run", data, { jobKey: key, queueName: key ? `run:${key}` : undefined, priority: -priority, maxAttempts: 1 });
      return job.id;
    },
    work: async (handler) => {
      runner = await run({
        connectionString: url,
        concurrency: 1,
        noHandleSignals: true,
        pollInterval: options.pollInterval ?? 2000,
        logger: new (require("graphile-worker").Logger)(() => () => {}),
        taskList: { run: (payload, helpers) => handler(helpers.job.id, payload) },
      });
    },
    state: async (id) => {
      const { rows } = await pool.query("select attempts, max_attempts, locked_at, last_error from graphile_worker.jobs where id = $1", [id]);
      const job = rows[0];
      if (!job) return "gone";
      if (job.locked_at) return job.attempts >= job.max_attempts ? "locked (no attempts left)" : "locked";
      return job.last_error ? (job.attempts >= job.max_attempts ? "failed" : "retryable") : "queued";
    },
    // WorkerUtils 0.16 has no removeJob; the SQL function is the documented way (deletes a
    // queued job; a running one keeps running and only loses its key and retries).
    cancel: (_id, key) => pool.query("select * from graphile_worker.remove_job($1)", [key]),
    queueRows: async () => (await pool.query("select count(*)::int as n from graphile_worker._private_job_queues")).rows[0].n,
    close: async () => {
      await runner?.stop();
      await utils.release();
      await pool.end();
    },
  };
}

/** @param {"pg-boss" | "graphile-worker"} name */
export function openQueue(name, url, options = {}) {
  return name === "pg-boss" ? openPgBoss(url, options) : openGraphileWorker(url, options);
}
