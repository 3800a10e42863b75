import type { DbExecutor } from "../../db/client";
import type { TraceEvent } from "../../core/trace/events";
import { bufferedSubscription, type RunEventBus } from "./eventBus";
import { RunError } from "./runError";
import { getRunRow, readEvents, readEventsUpTo } from "./runStore";

const BACKLOG_PAGE = 500;

/**
 * Every event of a run after `afterSeq`, in order, exactly once: first what is recorded, then
 * live events as they are recorded, ending after `run.end` or when `signal` aborts.
 *
 * @throws {@link RunError} `RUN_NOT_FOUND` when the run does not exist
 */
export async function* streamRunEvents(options: {
  db: DbExecutor;
  bus: RunEventBus;
  runId: string;
  afterSeq: number;
  signal?: AbortSignal;
}): AsyncGenerator<TraceEvent, void, undefined> {
  const { db, runId, signal } = options;
  if (!getRunRow(db, runId)) throw new RunError("RUN_NOT_FOUND", `run ${runId} does not exist`);
  // Subscribe before reading the backlog: events recorded in between arrive on both and are dropped by seq.
  const live = bufferedSubscription(options.bus, runId, signal);
  try {
    let last = options.afterSeq;
    for (;;) {
      const page = readEvents(db, runId, { afterSeq: last, limit: BACKLOG_PAGE });
      for (const event of page) {
        yield event;
        last = event.seq;
        if (event.type === "run.end") return;
      }
      if (page.length < BACKLOG_PAGE) break;
      if (signal?.aborted) return;
    }
    // A run abandoned by a stopped server never records run.end: finish with what was recorded.
    if (getRunRow(db, runId)?.status === "failed") {
      for (const event of readEvents(db, runId, { afterSeq: last, limit: Number.MAX_SAFE_INTEGER })) yield event;
      return;
    }
    while (!signal?.aborted) {
      const batch = await live.next();
      for (const event of batch) {
        if (event.seq <= last) continue;
        // Events are recorded before they are published, so a gap can be filled from the database.
        if (event.seq > last + 1) {
          for (const missed of readEventsUpTo(db, runId, { afterSeq: last, toSeq: event.seq - 1 })) {
            yield missed;
            last = missed.seq;
          }
        }
        yield event;
        last = event.seq;
        if (event.type === "run.end") return;
      }
    }
  } finally {
    live.close();
  }
}
