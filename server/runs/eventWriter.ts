import type { ExpectationReport } from "../../core/expectations/types";
import type { TraceEvent } from "../../core/trace/events";
import type { RunStore } from "../../db/store";

/** An event numbered by the recorder, with the expectations report it completed (run.end), if any. */
export interface NumberedEvent {
  event: TraceEvent;
  report: ExpectationReport | null;
}

export interface EventWriter {
  /** Queues an event; it is stored (then `afterStored` runs) in order, without the caller waiting. */
  write(item: NumberedEvent): void;
  /** Queues every event `work` writes as one append (one transaction): a worker's burst. */
  batch(work: () => void): void;
  /** Whether writing stopped: the run is gone (deleted with its pipeline) or the store failed. */
  readonly stopped: boolean;
  /** Resolves once everything queued is stored and handled; says why writing stopped, if it did. */
  drain(): Promise<{ gone: boolean; failure: unknown }>;
}

/**
 * The ordered writes of one run's events. The engine emits synchronously; the store is
 * asynchronous, so appends form one chain per run: an event is stored before `afterStored`
 * (approval rows, expectations, publishing) sees it, and events are stored in order. For the
 * SQLite store every link settles at once, so this adds only microtasks to the hot path.
 */
export function createEventWriter(deps: { runs: RunStore; runId: string; afterStored: (item: NumberedEvent) => Promise<void> }): EventWriter {
  let buffer: NumberedEvent[] = [];
  let depth = 0;
  let chain: Promise<void> = Promise.resolve();
  let gone = false;
  let failure: unknown = null;

  function flush(): void {
    if (buffer.length === 0) return;
    const items = buffer;
    buffer = [];
    chain = chain.then(async () => {
      if (gone || failure !== null) return;
      try {
        if (!(await deps.runs.appendEvents(deps.runId, items.map((i) => i.event)))) {
          gone = true;
          return;
        }
        for (const item of items) await deps.afterStored(item);
      } catch (error) {
        failure = error;
      }
    });
  }

  return {
    write(item) {
      buffer.push(item);
      if (depth === 0) flush();
    },
    batch(work) {
      depth += 1;
      try {
        work();
      } finally {
        depth -= 1;
        if (depth === 0) flush();
      }
    },
    get stopped() {
      return gone || failure !== null;
    },
    async drain() {
      flush();
      // Writes queued while waiting (a late event) are drained too.
      for (let last: Promise<void> | null = null; last !== chain; ) await (last = chain);
      return { gone, failure };
    },
  };
}
