import type { JsonObject, JsonPatch } from "../json";
import type { TraceEvent } from "../trace/events";
import type { TraceOutline } from "./outline";

/** Applies an RFC 6902 patch without mutating `doc` (core/trace/jsonPatch in the app). */
export type ApplyPatch = (doc: JsonObject, patch: JsonPatch) => JsonObject;

export type StepContext =
  /** The context at this step: the point's snapshot plus the patches of the hooks that ended so far. */
  | { kind: "context"; point: string; pointSeq: number; context: JsonObject }
  /** Between hook points (model and tool events): no hook context is live. */
  | { kind: "none" }
  /** Event bodies in [from, to] must be loaded first. */
  | { kind: "missing"; from: number; to: number };

/**
 * Reconstructs the context at any step of a trace from the `point.start` snapshot and the
 * `hook.end` patches, incrementally: stepping forward within a point applies one patch; only a
 * jump to another point (or backwards) restarts from that point's snapshot, never from the run start.
 */
export function createContextCursor(options: {
  outline: () => TraceOutline;
  event: (seq: number) => TraceEvent | undefined;
  apply: ApplyPatch;
}) {
  let cache: { pointSeq: number; upTo: number; context: JsonObject } | null = null;

  function pointStartBefore(index: number): number {
    const outline = options.outline();
    const start = outline.names.indexOf("point.start");
    const end = outline.names.indexOf("point.end");
    for (let i = index; i >= 0; i--) {
      const t = outline.type[i];
      if (t === start) return i;
      if (t === end && i < index) return -1;
    }
    return -1;
  }

  return {
    /** Context at 1-based `seq` (after that event). */
    at(seq: number): StepContext {
      const p = pointStartBefore(seq - 1);
      if (p < 0) return { kind: "none" };
      const pointSeq = p + 1;
      for (let s = pointSeq; s <= seq; s++) if (!options.event(s)) return { kind: "missing", from: s, to: seq };
      const start = options.event(pointSeq);
      if (start?.type !== "point.start") return { kind: "none" };
      if (!cache || cache.pointSeq !== pointSeq || cache.upTo > seq) cache = { pointSeq, upTo: pointSeq, context: start.context };
      for (let s = cache.upTo + 1; s <= seq; s++) {
        const e = options.event(s);
        if (e?.type === "hook.end" && e.patch.length > 0) cache.context = options.apply(cache.context, e.patch);
      }
      cache.upTo = seq;
      return { kind: "context", point: start.point, pointSeq, context: cache.context };
    },
  };
}

export type ContextCursor = ReturnType<typeof createContextCursor>;
