import { appendToOutline, emptyOutline, outlineEntryOf, type TraceOutline } from "~/core/run/outline";
import type { TraceEvent } from "~/core/trace/events";

/** Events are fetched in pages of this many (a 10k-event trace is never sent in one message). */
export const PAGE_SIZE = 200;

export type PageLoader = (afterSeq: number, limit: number) => Promise<TraceEvent[]>;

/**
 * The client's view of one trace, growing (live) or finished (replay): the outline of every event
 * plus the event bodies loaded so far. A live run appends; a replay sets the outline and loads
 * pages on demand. Components read it through {@link useTraceVersion} (useSyncExternalStore).
 */
export interface TraceStore {
  readonly outline: TraceOutline;
  /** Bumped on every change; the snapshot value for useSyncExternalStore. */
  version(): number;
  subscribe(listener: () => void): () => void;
  event(seq: number): TraceEvent | undefined;
  /** Adds events received live, in seq order; duplicates and already-known seqs are ignored. */
  append(events: readonly TraceEvent[]): void;
  /** Replaces the outline (a replay fetched it) without touching loaded bodies. */
  setOutline(outline: TraceOutline): void;
  /** Loads the pages covering seqs [from, to] that are not loaded or loading. */
  ensure(from: number, to: number): Promise<void>;
  finished(): boolean;
  destroy(): void;
}

export function createTraceStore(options: { load?: PageLoader } = {}): TraceStore {
  let outline = emptyOutline();
  const bodies = new Map<number, TraceEvent>();
  const loading = new Map<number, Promise<void>>();
  const listeners = new Set<() => void>();
  let version = 0;
  let done = false;
  let scheduled = false;
  let destroyed = false;
  // Live events arrive in bursts; notify once per frame-ish tick instead of once per event.
  const notify = () => {
    version++;
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      for (const l of listeners) l();
    });
  };
  return {
    get outline() {
      return outline;
    },
    version: () => version,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    event: (seq) => bodies.get(seq),
    append(events) {
      let changed = false;
      for (const e of events) {
        if (e.seq <= outline.count) {
          if (!bodies.has(e.seq)) bodies.set(e.seq, e);
          continue;
        }
        // A gap would misalign the outline (index = seq - 1); the subscription guarantees order.
        if (e.seq !== outline.count + 1) continue;
        appendToOutline(outline, outlineEntryOf(e));
        bodies.set(e.seq, e);
        if (e.type === "run.end") done = true;
        changed = true;
      }
      if (changed) notify();
    },
    setOutline(next) {
      outline = next;
      const lastType = next.names[next.type[next.count - 1] ?? -1];
      done = lastType === "run.end";
      notify();
    },
    async ensure(from, to) {
      const load = options.load;
      if (!load) return;
      const first = Math.floor((Math.max(1, from) - 1) / PAGE_SIZE);
      const last = Math.floor((Math.max(1, Math.min(to, outline.count)) - 1) / PAGE_SIZE);
      const waits: Promise<void>[] = [];
      for (let page = first; page <= last; page++) {
        const start = page * PAGE_SIZE + 1;
        const end = Math.min(start + PAGE_SIZE - 1, outline.count);
        let complete = true;
        for (let s = start; s <= end; s++) if (!bodies.has(s)) complete = false;
        if (complete) continue;
        let pending = loading.get(page);
        if (!pending) {
          pending = load(start - 1, PAGE_SIZE).then((events) => {
            loading.delete(page);
            if (destroyed) return;
            for (const e of events) bodies.set(e.seq, e);
            notify();
          });
          loading.set(page, pending);
        }
        waits.push(pending);
      }
      await Promise.all(waits);
    },
    finished: () => done,
    destroy() {
      destroyed = true;
      listeners.clear();
    },
  };
}
