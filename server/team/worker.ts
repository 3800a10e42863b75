import pg from "pg";
import type { Store } from "../../db/store";
import { getProviderService } from "../providers/registry";
import { defaultRunEngine } from "../runs/engine";
import { createRunService, type RunEngine } from "../runs/runService";
import type { RunPoolConfig } from "../runs/workers/config";
import { createRunPool } from "../runs/workers/pool";
import { listenOn, RUN_CONTROL_CHANNEL } from "./channels";
import { queueDispatch } from "./dispatch";
import { notifyingBus } from "./eventFeed";
import { dropHolder, ensureHoldersTable, holdWorkerLock, recordHolder } from "./liveness";
import { logPoolError, openTeamRunQueue, type TakenJob, type TeamQueueOptions } from "./runQueue";
import { startSweeper, type SweeperOptions } from "./sweeper";
import { relayModelText } from "./textFeed";

/*
 * `hookwright worker`: takes run jobs from the team's queue and executes them with the app's own
 * run service and worker-thread pool, as one server does. Per job: record who holds the run
 * (./liveness.ts), have the run service execute it (its events are stored through the Store and
 * announced, ./eventFeed.ts), forget the holder, complete the job. One taker per thread, so the
 * pool never has a run waiting while another worker process idles.
 *
 * Cancels arrive on the control channel and reach the pool's own cancel; a job marked cancelled
 * while queued starts cancelled (it ends at its first model call, as in one process).
 */

export interface TeamWorker {
  /** This worker's key (its advisory lock; the holders table's worker_key). */
  readonly key: number;
  /** Stops taking jobs, lets the runs in progress finish (up to `graceMs`), then stops. */
  close(options?: { graceMs?: number }): Promise<void>;
}

export async function startTeamWorker(deps: {
  store: Store;
  url: string;
  pool: RunPoolConfig;
  engine?: RunEngine;
  queue?: Partial<Omit<TeamQueueOptions, "url" | "takes">>;
  sweeper?: SweeperOptions;
  /** The worker lost its lock's connection and can no longer show it is alive (default: exit the process). */
  onLockLost?: (error: Error) => void;
}): Promise<TeamWorker> {
  const { store, url } = deps;
  const db = new pg.Pool({ connectionString: url, max: 4 });
  db.on("error", logPoolError);
  await ensureHoldersTable(db);
  const lock = await holdWorkerLock(url, deps.onLockLost ?? ((error) => {
    console.error(`hookwright worker: ${error.message}; its runs are ended by the sweeper, stopping`);
    process.exit(1);
  }));
  const queue = await openTeamRunQueue({ ...deps.queue, url, takes: true });
  const pool = createRunPool({ ...deps.pool });
  const link = Promise.resolve({ queue, db });
  const service = createRunService({
    store,
    bus: notifyingBus(db),
    engine: deps.engine ?? defaultRunEngine,
    executor: pool,
    providers: () => getProviderService(store).resolve(),
    dispatch: queueDispatch(link, store.runs),
  });
  const sweeper = startSweeper({ db, store, queue, ...deps.sweeper });

  /** The runs this worker holds. */
  const held = new Set<string>();
  function tryCancel(runId: string): void {
    // Between the take and the pool's queue the run is in the service's hands for a turn or two: try again shortly.
    if (held.has(runId) && !pool.cancel?.(runId)) setTimeout(() => tryCancel(runId), 20).unref();
  }
  const control = listenOn(url, {
    [RUN_CONTROL_CHANNEL]: (payload) => {
      try {
        const { cancel } = JSON.parse(payload) as { cancel?: unknown };
        if (typeof cancel === "string") tryCancel(cancel);
      } catch {
        // not a message of ours
      }
    },
  });
  await control.ready;

  async function handle(taken: TakenJob): Promise<void> {
    const holder = { runId: taken.runId, workerKey: lock.key, jobId: taken.id };
    held.add(taken.runId);
    // The page that started the run streams the model's reply from a web instance.
    const stopText = relayModelText(db, taken.runId);
    try {
      await recordHolder(db, holder);
      if (taken.job.cancelled) tryCancel(taken.runId);
      if (taken.job.kind === "start") await service.runQueued(taken.job.run);
      else await service.resumeHere(taken.runId);
      held.delete(taken.runId);
      // The holder goes first: a sweeper never sees a finished job still held.
      await dropHolder(db, holder);
      await queue.complete(taken);
    } catch (error) {
      held.delete(taken.runId);
      const reason = error instanceof Error ? error.message : String(error);
      console.error(`hookwright worker: run ${taken.runId} failed outside its trace: ${reason}`);
      await dropHolder(db, holder).catch(() => false);
      await queue.fail(taken, reason).catch(() => {});
    } finally {
      stopText();
    }
  }

  let stopping = false;
  async function taker(): Promise<void> {
    while (!stopping) {
      const taken = await queue.take();
      if (!taken) return;
      await handle(taken);
    }
  }
  const takers = Array.from({ length: deps.pool.workers }, () => taker());

  return {
    key: lock.key,
    async close(options = {}) {
      stopping = true;
      // Every waiting take() ends with null; runs in progress finish and complete their jobs.
      queue.stopTaking();
      const grace = new Promise((resolve) => setTimeout(resolve, options.graceMs ?? 30_000).unref());
      await Promise.race([Promise.all(takers), grace]);
      await queue.close().catch(() => {});
      await control.close();
      await sweeper.stop();
      await pool.close();
      await lock.release();
      await db.end();
    },
  };
}
