import type { JsonObject } from "../json";
import type { TraceEvent } from "./events";
import { applyPatch } from "./jsonPatch";

export interface ContextAtStep {
  point: string;
  /** seq of the point.start this step belongs to. */
  pointSeq: number;
  /** The context after the event at the asked seq: the snapshot plus the patches so far. */
  context: JsonObject;
}

/**
 * Reconstructs hook contexts from a trace that may still be growing. Each point's contexts
 * are built once, one patch per hook.end (patches share untouched subtrees), and kept for the
 * most recent points only, so stepping forward, backward or jumping around a 10,000-event
 * trace never re-applies a point's patches more than once while it stays cached.
 */
export interface TraceReducer {
  /** Appends the next event (seq must follow the last one). */
  push(event: TraceEvent): void;
  readonly length: number;
  /** The context live after event `seq`, or null between points (model and tool events). */
  contextAt(seq: number): ContextAtStep | null;
}

export function createTraceReducer(options: { events?: readonly TraceEvent[]; cachedPoints?: number } = {}): TraceReducer {
  const events: TraceEvent[] = [];
  /** For each event index: index of its enclosing point.start, or -1. */
  const pointOf: number[] = [];
  /** For each event index inside a point: how many hook.end events of that point came up to it. */
  const hooksBefore: number[] = [];
  const maxCached = options.cachedPoints ?? 64;
  /** point.start index -> contexts after its 0..n-th hook.end (index 0 = snapshot) and the last event index applied. Map order = LRU. */
  const cache = new Map<number, { list: JsonObject[]; scanned: number }>();
  let openPoint = -1;
  let openHooks = 0;

  function push(event: TraceEvent): void {
    const index = events.length;
    if (event.seq !== index + 1) throw new Error(`trace event seq ${event.seq} arrived after ${index} events; expected ${index + 1}`);
    events.push(event);
    if (event.type === "point.start") {
      openPoint = index;
      openHooks = 0;
    } else if (event.type === "hook.end" && openPoint >= 0) openHooks += 1;
    pointOf.push(openPoint);
    hooksBefore.push(openHooks);
    if (event.type === "point.end") openPoint = -1;
  }

  function contextsOf(start: number): { list: JsonObject[]; scanned: number } {
    let entry = cache.get(start);
    if (entry) {
      cache.delete(start); // refresh its LRU position
    } else {
      const snapshot = events[start];
      if (snapshot?.type !== "point.start") throw new Error(`event ${start + 1} is not a point.start`);
      entry = { list: [snapshot.context], scanned: start };
      if (cache.size >= maxCached) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
    }
    cache.set(start, entry);
    return entry;
  }

  for (const e of options.events ?? []) push(e);

  return {
    push,
    get length() {
      return events.length;
    },
    contextAt(seq) {
      const index = seq - 1;
      const start = pointOf[index];
      if (start === undefined || start < 0) return null;
      const startEvent = events[start];
      if (startEvent?.type !== "point.start") return null;
      const wanted = hooksBefore[index] ?? 0;
      const entry = contextsOf(start);
      const { list } = entry;
      // Extend lazily from where the last extension stopped: each patch is applied once.
      while (list.length <= wanted && entry.scanned + 1 < events.length) {
        entry.scanned += 1;
        const e = events[entry.scanned];
        if (e?.type !== "hook.end") continue;
        const prev = list[list.length - 1] as JsonObject;
        list.push(e.patch.length > 0 ? applyPatch(prev, e.patch) : prev);
      }
      return { point: startEvent.point, pointSeq: start + 1, context: list[wanted] as JsonObject };
    },
  };
}
