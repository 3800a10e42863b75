import type { RunStore } from "../../db/store";
import type { EncodedTraceEvent } from "../../core/trace/events";
import { bufferedSubscription, type RunEventBus } from "./eventBus";
import { RunError } from "./runError";

const BACKLOG_PAGE = 500;
/** How long a subscription waits for a run that does not exist yet (a client subscribing before it starts it). */
const AWAIT_START_MS = 10_000;

/**
 * Every event of a run after `afterSeq`, in order, exactly once: first what is recorded, then
 * live events as they are recorded, ending after `run.end` or when `signal` aborts. Events are
 * sent as stored (trace v2: fields may be deltas against earlier events); the client resolves them.
 *
 * A client may subscribe to a run id it chose before starting the run: the stream then waits
 * up to {@link AWAIT_START_MS} for the run to appear.
 *
 * @throws {@link RunError} `RUN_NOT_FOUND` when the run does not exist (and does not start in time)
 */
export async function* streamRunEvents(options: {
  runs: RunStore;
  bus: RunEventBus;
  runId: string;
  afterSeq: number;
  signal?: AbortSignal;
  /** Default {@link AWAIT_START_MS}. */
  awaitStartMs?: number;
}): AsyncGenerator<EncodedTraceEvent, void, undefined> {
  const { runs, runId, signal } = options;
  // Subscribe before reading the backlog: events recorded in between arrive on both and are dropped by seq.
  const live = bufferedSubscription(options.bus, runId, signal);
  try {
    if (!(await runs.get(runId)) && !(await startsSoon({ bus: options.bus, runId, signal, ms: options.awaitStartMs ?? AWAIT_START_MS }))) {
      throw new RunError("RUN_NOT_FOUND", `run ${runId} does not exist`);
    }
    let last = options.afterSeq;
    for (;;) {
      const page = await runs.readEvents(runId, { afterSeq: last, limit: BACKLOG_PAGE });
      for (const event of page) {
        yield event;
        last = event.seq;
        if (event.type === "run.end") return;
      }
      if (page.length < BACKLOG_PAGE) break;
      if (signal?.aborted) return;
    }
    // A run abandoned by a stopped server never records run.end: finish with what was recorded.
    if ((await runs.get(runId))?.status === "failed") {
      for (const event of await runs.readEvents(runId, { afterSeq: last, limit: Number.MAX_SAFE_INTEGER })) yield event;
      return;
    }
    while (!signal?.aborted) {
      const batch = await live.next();
      for (const event of batch) {
        if (event.seq <= last) continue;
        // Events are recorded before they are published, so a gap can be filled from the database.
        if (event.seq > last + 1) {
          for (const missed of await runs.readEventsUpTo(runId, { afterSeq: last, toSeq: event.seq - 1 })) {
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

/** Resolves true once the run publishes its first event (its row exists by then), false on timeout or abort. */
function startsSoon(options: { bus: RunEventBus; runId: string; signal: AbortSignal | undefined; ms: number }): Promise<boolean> {
  const { bus, runId, signal } = options;
  return new Promise((resolve) => {
    const done = (started: boolean) => {
      clearTimeout(timer);
      stop();
      signal?.removeEventListener("abort", onAbort);
      resolve(started);
    };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(false), options.ms);
    const stop = bus.subscribe(runId, () => done(true));
    signal?.addEventListener("abort", onAbort);
  });
}
