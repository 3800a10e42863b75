import { appendToOutline, emptyOutline, outlineEntryOf, type TraceOutline } from "~/core/run/outline";
import type { EncodedTraceEvent, TraceEvent } from "~/core/trace/events";
import { createTraceResolver, deltaBases, TraceDeltaError } from "~/core/trace/resolve";

/** Events are fetched in pages of this many (a 10k-event trace is never sent in one message). */
export const PAGE_SIZE = 200;
/** Live events are shown at most this often (a frame): a burst of events renders once. */
export const LIVE_BATCH_MS = 16;

/** Loads stored events (trace v2: fields may be deltas against earlier events). */
export type PageLoader = (afterSeq: number, limit: number) => Promise<EncodedTraceEvent[]>;

/**
 * The client's view of one trace, growing (live) or finished (replay): the outline of every event
 * plus the event bodies loaded so far. A live run appends; a replay sets the outline and loads
 * pages on demand. Components read it through {@link useTraceVersion} (useSyncExternalStore).
 *
 * Events are kept as stored and resolved lazily when read (core/trace/resolve): a resolved context
 * shares every unchanged part with the event it derives from, so stepping through a 19 MB turn
 * costs what changed per step, and the tab holds the conversation once. A page whose deltas are
 * based on events not loaded yet also loads the earlier pages they need.
 */
export interface TraceStore {
  readonly outline: TraceOutline;
  /** Bumped on every change; the snapshot value for useSyncExternalStore. */
  version(): number;
  subscribe(listener: () => void): () => void;
  /** The event resolved (every field in full), or undefined while it or an event it derives from is not loaded. */
  event(seq: number): TraceEvent | undefined;
  /** Why a loaded event cannot be read (a delta that does not resolve), or null. */
  problem(): string | null;
  /** Adds events received live, in seq order; duplicates and already-known seqs are ignored. */
  append(events: readonly EncodedTraceEvent[]): void;
  /** Replaces the outline (a replay fetched it) without touching loaded bodies. */
  setOutline(outline: TraceOutline): void;
  /** Loads the pages covering seqs [from, to] that are not loaded or loading, and the earlier pages their deltas need. */
  ensure(from: number, to: number): Promise<void>;
  finished(): boolean;
  destroy(): void;
}

export function createTraceStore(options: { load?: PageLoader } = {}): TraceStore {
  let outline = emptyOutline();
  const bodies = createTraceResolver();
  let problem: string | null = null;
  const loading = new Map<number, Promise<void>>();
  const listeners = new Set<() => void>();
  let version = 0;
  let done = false;
  let scheduled = false;
  let destroyed = false;
  /** The latest event not loaded that the events in [from, to] derive from (through other deltas too), or 0. */
  const latestMissingBase = (from: number, to: number): number => {
    const stack: number[] = [];
    for (let s = from; s <= to; s++) {
      const e = bodies.stored(s);
      if (e) for (const b of deltaBases(e)) if (b < from) stack.push(b);
    }
    const seen = new Set<number>();
    let latest = 0;
    while (stack.length > 0) {
      const b = stack.pop() as number;
      if (seen.has(b)) continue;
      seen.add(b);
      const e = bodies.stored(b);
      if (!e) latest = Math.max(latest, b);
      else for (const next of deltaBases(e)) if (next < b) stack.push(next);
    }
    return latest;
  };
  // Changes within one task notify once (a microtask later).
  const notify = () => {
    version++;
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      for (const l of listeners) l();
    });
  };
  // A live stream delivers each event in its own task, and each notification renders the run
  // panel: hundreds of events in a burst would render hundreds of times and fall behind the
  // run. Live events notify at most once per LIVE_BATCH_MS instead (the last one included).
  let liveTimer: ReturnType<typeof setTimeout> | null = null;
  const notifyLive = () => {
    version++;
    if (liveTimer !== null || destroyed) return;
    liveTimer = setTimeout(() => {
      liveTimer = null;
      notify();
    }, LIVE_BATCH_MS);
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
    event(seq) {
      try {
        return bodies.get(seq);
      } catch (error) {
        if (!(error instanceof TraceDeltaError)) throw error;
        if (problem === null) {
          problem = `This trace cannot be read from step ${error.seq} on: ${error.message}`;
          notify();
        }
        return undefined;
      }
    },
    problem: () => problem,
    append(events) {
      let changed = false;
      for (const e of events) {
        if (e.seq <= outline.count) {
          bodies.add(e);
          continue;
        }
        // A gap would misalign the outline (index = seq - 1); the subscription guarantees order.
        if (e.seq !== outline.count + 1) continue;
        appendToOutline(outline, outlineEntryOf(e));
        bodies.add(e);
        if (e.type === "run.end") done = true;
        changed = true;
      }
      if (changed) notifyLive();
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
      const pageOf = (seq: number) => Math.floor((Math.max(1, seq) - 1) / PAGE_SIZE);
      const loadPages = async (first: number, last: number) => {
        const waits: Promise<void>[] = [];
        for (let page = first; page <= last; page++) {
          const start = page * PAGE_SIZE + 1;
          const end = Math.min(start + PAGE_SIZE - 1, outline.count);
          let complete = true;
          for (let s = start; s <= end && complete; s++) if (!bodies.stored(s)) complete = false;
          if (complete) continue;
          let pending = loading.get(page);
          if (!pending) {
            pending = load(start - 1, PAGE_SIZE).then((events) => {
              loading.delete(page);
              if (destroyed) return;
              for (const e of events) bodies.add(e);
              notify();
            });
            loading.set(page, pending);
          }
          waits.push(pending);
        }
        await Promise.all(waits);
      };
      const lastSeq = Math.min(to, outline.count);
      await loadPages(pageOf(from), pageOf(lastSeq));
      // Deltas point back along the conversation (the previous point, the previous request), so a
      // missing base usually means every page before it is needed: load them all at once rather
      // than discovering them one round trip at a time.
      for (let round = 0; round < 3 && !destroyed; round++) {
        const base = latestMissingBase(Math.max(1, from), lastSeq);
        if (base === 0) return;
        await loadPages(0, pageOf(base));
      }
    },
    finished: () => done,
    destroy() {
      destroyed = true;
      listeners.clear();
    },
  };
}
