import pg from "pg";
import type { Store } from "../../db/store";
import type { ProviderConfig } from "../providers/types";
import type { RunEventBus } from "../runs/eventBus";
import { createRunService, type RunEngine, type RunService } from "../runs/runService";
import { queueDispatch } from "./dispatch";
import { feedRunEvents } from "./eventFeed";
import { ensureHoldersTable } from "./liveness";
import { logPoolError, openTeamRunQueue, type TeamQueueOptions, type TeamRunQueue } from "./runQueue";
import { startSweeper, type Sweeper, type SweeperOptions } from "./sweeper";

/*
 * A web instance's runs in team mode (the store is PostgreSQL): a started run is recorded and
 * becomes a job for the workers (`hookwright worker`, ./worker.ts); the instance's streams are
 * fed by LISTEN (./eventFeed.ts); cancels and approval answers travel as a NOTIFY and a resume
 * job; and it sweeps the runs of workers that died (./sweeper.ts). No run executes here.
 */

export interface TeamRunService {
  readonly service: RunService;
  /** Resolves once the queue, the feed and the sweeper are up (a start before that waits for it). */
  readonly ready: Promise<void>;
  /** The sweeper and the approval timeouts' re-arming (tests sweep at once instead of waiting for their intervals). */
  sweep(): Promise<string[]>;
  close(): Promise<void>;
}

export function createTeamRunService(deps: {
  store: Store;
  /** The PostgreSQL the store is on (DATABASE_URL). */
  url: string;
  bus: RunEventBus;
  engine: RunEngine;
  providers?: () => Promise<ProviderConfig[]>;
  queue?: Partial<Omit<TeamQueueOptions, "url" | "takes">>;
  sweeper?: SweeperOptions;
  /** How often this instance re-arms the team's pending approval timeouts (default 10 s). */
  approvalRearmMs?: number;
}): TeamRunService {
  const { store, url, bus } = deps;
  const feed = feedRunEvents({ url, runs: store.runs, bus });
  let sweeper: Sweeper | null = null;
  const link = (async () => {
    const db = new pg.Pool({ connectionString: url, max: 3 });
    db.on("error", logPoolError);
    await ensureHoldersTable(db);
    const queue: TeamRunQueue = await openTeamRunQueue({ ...deps.queue, url, takes: false });
    sweeper = startSweeper({ db, store, queue, ...deps.sweeper });
    await feed.ready;
    return { queue, db };
  })();
  // A failed start is seen by each request that needs the queue; this only keeps it from being unhandled.
  link.catch((error: unknown) => console.error("hookwright: starting the team run queue failed:", error instanceof Error ? error.message : error));
  const service = createRunService({ store, bus, engine: deps.engine, ...(deps.providers ? { providers: deps.providers } : {}), dispatch: queueDispatch(link, store.runs) });
  // An approval's timeout is armed by the worker that parked its run; a worker stopped for good
  // (scaled down, its host gone) takes that timer along. So every web instance re-arms the team's
  // pending requests now and then: the first answer wins (a conditional update), so several
  // instances expiring one request settle it once, and its resume job is sent once.
  const rearmApprovals = () => service.approvals.recover().catch((error: unknown) => console.error("hookwright: re-arming approval timeouts failed:", error instanceof Error ? error.message : error));
  const rearm = setInterval(() => void rearmApprovals(), deps.approvalRearmMs ?? 10_000);
  rearm.unref();
  return {
    service,
    ready: link.then(() => undefined),
    async sweep() {
      await link;
      await rearmApprovals();
      return sweeper ? sweeper.sweep() : [];
    },
    async close() {
      clearInterval(rearm);
      await feed.close();
      const opened = await link.catch(() => null);
      await sweeper?.stop();
      await opened?.queue.close();
      await opened?.db.end();
    },
  };
}
