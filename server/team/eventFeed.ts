import type pg from "pg";
import type { RunStore } from "../../db/store";
import { createRunEventBus, type RunEventBus } from "../runs/eventBus";
import { listenOn, notify, RUN_EVENTS_CHANNEL, RUN_TEXT_CHANNEL, type ChannelListener } from "./channels";
import { onModelText } from "./textFeed";

/*
 * Trace events between processes. A worker stores a run's events, then publishes them on its
 * bus: {@link notifyingBus} turns each burst into one NOTIFY `{"runId","seq"}`. A web instance
 * LISTENs ({@link feedRunEvents}) and, for runs someone streams from it, reads the newest event
 * from the store and publishes it on its own bus; streamRunEvents fills any gap before it from
 * the store (events are stored before they are announced), so the SSE stream and its resume by
 * seq work as in one process.
 */

/** The worker's bus: local subscribers as usual, and one NOTIFY per run per turn of the event loop. */
export function notifyingBus(db: pg.Pool): RunEventBus {
  const local = createRunEventBus();
  const newest = new Map<string, number>();
  let scheduled = false;

  async function flush(): Promise<void> {
    scheduled = false;
    const batch = [...newest];
    newest.clear();
    for (const [runId, seq] of batch) {
      try {
        await notify(db, RUN_EVENTS_CHANNEL, JSON.stringify({ runId, seq }));
      } catch (error) {
        // The events are stored: a viewer that missed this sees them on its next event or reconnect.
        console.error(`hookwright: announcing events of run ${runId} failed:`, error instanceof Error ? error.message : error);
      }
    }
  }

  return {
    publish(runId, event) {
      local.publish(runId, event);
      newest.set(runId, Math.max(newest.get(runId) ?? 0, event.seq));
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    },
    subscribe: (runId, listener) => local.subscribe(runId, listener),
    hasSubscribers: (runId) => local.hasSubscribers?.(runId) ?? true,
  };
}

/**
 * Feeds `bus` with the events other processes announce, for the runs someone here listens to,
 * and this process's text bus with the model text workers relay (same connection).
 */
export function feedRunEvents(deps: { url: string; runs: RunStore; bus: RunEventBus }): ChannelListener {
  const { runs, bus } = deps;
  return listenOn(deps.url, {
    [RUN_EVENTS_CHANNEL]: (payload) => {
      let note: { runId?: unknown; seq?: unknown };
      try {
        note = JSON.parse(payload) as typeof note;
      } catch {
        return;
      }
      const { runId, seq } = note;
      if (typeof runId !== "string" || typeof seq !== "number" || bus.hasSubscribers?.(runId) === false) return;
      runs
        .readEventsUpTo(runId, { afterSeq: seq - 1, toSeq: seq })
        .then((events) => {
          for (const event of events) bus.publish(runId, event);
        })
        .catch((error: unknown) => console.error(`hookwright: reading announced events of run ${runId} failed:`, error instanceof Error ? error.message : error));
    },
    [RUN_TEXT_CHANNEL]: onModelText,
  });
}
