import pg from "pg";

/*
 * Which worker holds which run, and whether that worker is alive.
 *
 * Each worker process holds, on a connection of its own, the session advisory lock
 * (WORKER_LOCK_CLASS, its key) for as long as it lives: PostgreSQL drops it the moment the
 * process or its connection dies (12 ms p50 after a kill -9, docs/deploy.md). A worker records
 * each run it takes in `hookwright_team.run_holders`; the sweeper (./sweeper.ts) ends the runs of
 * holders whose lock it can take.
 *
 * The table is queue state like pg-boss's own schema, not the app's data: it is created here,
 * not by the store's migrations, and need not be backed up.
 */

/** The first half of the two-key advisory locks of workers ("hw" + 1); the store's migration lock is a one-key lock, a separate space. */
export const WORKER_LOCK_CLASS = 0x68770001;

const SCHEMA_LOCK = 0x68770002;

/** Creates the holders table once (under a lock: concurrent CREATE … IF NOT EXISTS races in PostgreSQL). */
export async function ensureHoldersTable(db: pg.Pool): Promise<void> {
  const client = await db.connect();
  try {
    await client.query("BEGIN");
    await client.query("SELECT pg_advisory_xact_lock($1)", [SCHEMA_LOCK]);
    await client.query("CREATE SCHEMA IF NOT EXISTS hookwright_team");
    await client.query(
      `CREATE TABLE IF NOT EXISTS hookwright_team.run_holders (
         run_id text PRIMARY KEY,
         worker_key integer NOT NULL,
         job_id uuid NOT NULL,
         taken_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

export interface WorkerLock {
  /** The worker's key (its id in run_holders). */
  readonly key: number;
  /** Releases the lock by closing its connection. */
  release(): Promise<void>;
}

/**
 * Takes a fresh worker key's lock on a dedicated connection. If that connection is lost the
 * worker can no longer show it is alive, and the sweeper will end its runs: `onLost` is told
 * (the worker process exits; its supervisor starts a new one).
 */
export async function holdWorkerLock(url: string, onLost: (error: Error) => void): Promise<WorkerLock> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let key = 0;
  for (let tries = 0; key === 0; tries++) {
    const candidate = 1 + Math.floor(Math.random() * 0x7ffffffe);
    const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1, $2) AS ok", [WORKER_LOCK_CLASS, candidate]);
    if (rows[0]?.ok) key = candidate;
    else if (tries > 10) throw new Error("no free worker key after 10 tries");
  }
  let released = false;
  const lost = (error: Error) => {
    if (!released) onLost(error);
  };
  client.on("error", lost);
  client.on("end", () => lost(new Error("the connection holding the worker's lock closed")));
  return {
    key,
    async release() {
      released = true;
      await client.end().catch(() => {});
    },
  };
}

export async function recordHolder(db: pg.Pool, holder: { runId: string; workerKey: number; jobId: string }): Promise<void> {
  await db.query(
    `INSERT INTO hookwright_team.run_holders (run_id, worker_key, job_id) VALUES ($1, $2, $3)
     ON CONFLICT (run_id) DO UPDATE SET worker_key = EXCLUDED.worker_key, job_id = EXCLUDED.job_id, taken_at = now()`,
    [holder.runId, holder.workerKey, holder.jobId],
  );
}

/** Forgets a holder; false when someone (the sweeper) already did. */
export async function dropHolder(db: pg.Pool, holder: { runId: string; jobId: string }): Promise<boolean> {
  const result = await db.query("DELETE FROM hookwright_team.run_holders WHERE run_id = $1 AND job_id = $2", [holder.runId, holder.jobId]);
  return (result.rowCount ?? 0) > 0;
}

export interface Holder {
  runId: string;
  workerKey: number;
  jobId: string;
  /** The job's state in pg-boss (null: the job row is gone). */
  jobState: string | null;
}

export async function listHolders(db: pg.Pool): Promise<Holder[]> {
  const { rows } = await db.query<{ run_id: string; worker_key: number; job_id: string; state: string | null }>(
    `SELECT h.run_id, h.worker_key, h.job_id, j.state FROM hookwright_team.run_holders h LEFT JOIN pgboss.job j ON j.id = h.job_id`,
  );
  return rows.map((r) => ({ runId: r.run_id, workerKey: r.worker_key, jobId: r.job_id, jobState: r.state }));
}

/** Whether the worker with this key is gone: its lock is free (taken and let go in one transaction). */
export async function workerGone(db: pg.Pool, key: number): Promise<boolean> {
  const client = await db.connect();
  try {
    await client.query("BEGIN");
    const { rows } = await client.query<{ free: boolean }>("SELECT pg_try_advisory_xact_lock($1, $2) AS free", [WORKER_LOCK_CLASS, key]);
    await client.query("COMMIT");
    return rows[0]?.free === true;
  } finally {
    client.release();
  }
}
