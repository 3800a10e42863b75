import type { EncodedTraceEvent } from "../../core/trace/events";

/** Events travel as written (trace v2: fields may be deltas); readers resolve them. */
type Listener = (event: EncodedTraceEvent) => void;

/**
 * In-process publish/subscribe of trace events per run. The recorder writes each event to the
 * database *before* publishing it, so a subscriber that subscribes first and then reads the
 * backlog sees every event at least once (and drops duplicates by seq).
 */
export interface RunEventBus {
  publish(runId: string, event: EncodedTraceEvent): void;
  subscribe(runId: string, listener: Listener): () => void;
  /** Whether anyone here listens to the run (team mode reads a run's events from the store only then). */
  hasSubscribers?(runId: string): boolean;
}

export function createRunEventBus(): RunEventBus {
  const listeners = new Map<string, Set<Listener>>();
  return {
    publish(runId, event) {
      for (const l of listeners.get(runId) ?? []) l(event);
    },
    hasSubscribers: (runId) => listeners.has(runId),
    subscribe(runId, listener) {
      let set = listeners.get(runId);
      if (!set) listeners.set(runId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(runId);
      };
    },
  };
}

/**
 * Buffers a run's published events as an async iterable that ends when `signal` aborts.
 * Subscribes immediately (on call), not on first `next()`, so nothing published after this call is lost.
 */
export function bufferedSubscription(bus: RunEventBus, runId: string, signal: AbortSignal | undefined) {
  const queue: EncodedTraceEvent[] = [];
  let wake: (() => void) | null = null;
  const unsubscribe = bus.subscribe(runId, (event) => {
    queue.push(event);
    wake?.();
  });
  const onAbort = () => wake?.();
  signal?.addEventListener("abort", onAbort);
  return {
    /** Waits for the next batch of events; resolves with [] once aborted. */
    async next(): Promise<EncodedTraceEvent[]> {
      while (queue.length === 0 && !signal?.aborted) {
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
      return queue.splice(0, queue.length);
    },
    close() {
      unsubscribe();
      signal?.removeEventListener("abort", onAbort);
    },
  };
}
