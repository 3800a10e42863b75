import { diffJsonKeepingKeyOrder } from "../chain/diff";
import { escapePointerToken } from "../chain/jsonValue";
import type { Json, JsonObject, JsonPatch } from "../json";
import type { EncodedTraceEvent, FieldDelta, TraceEvent } from "./events";

/**
 * Trace v2 writer: stores `point.start.context`, `model.request.messages` and `run.end.messages`
 * as a delta against an earlier event whenever the delta is smaller (docs/formats.md, "Trace v2"),
 * so a turn's trace grows with what changed, not with the conversation at every step.
 *
 * Cheap by construction: the previous values are kept by reference, the diff skips identical
 * references without visiting them (an unchanged 1 MB history costs nothing), and sizes are
 * estimated with a per-object memo, so the full size of a 19 MB history is not re-measured per
 * event. Key order is kept (a resolved field lists its keys as the event did), and a candidate
 * whose patch could not keep it is not used.
 */

/** A value an event carried, kept by reference as a delta base. */
interface Base {
  seq: number;
  /** JSON pointer of the value inside its event. */
  path: string;
  value: Json;
}

/** Rough JSON size in bytes, memoized per object (values are immutable once recorded). */
function createSizer(): (value: Json | undefined) => number {
  const memo = new WeakMap<object, number>();
  const size = (value: Json | undefined): number => {
    if (value === null || value === undefined) return 4;
    switch (typeof value) {
      case "string":
        // Escapes are ignored: this chooses between two encodings, it does not need exact bytes.
        return value.length + 2;
      case "number":
        return String(value).length;
      case "boolean":
        return value ? 4 : 5;
      default: {
        const hit = memo.get(value);
        if (hit !== undefined) return hit;
        let n = 2;
        if (Array.isArray(value)) for (const item of value) n += size(item) + 1;
        else for (const key of Object.keys(value)) n += key.length + 4 + size(value[key]);
        memo.set(value, n);
        return n;
      }
    }
  };
  return size;
}

export interface DeltaEncoder {
  /** The event as it is written: some fields replaced by deltas when that is smaller. Never mutates `event`. */
  encode(event: TraceEvent): EncodedTraceEvent;
}

export function createDeltaEncoder(): DeltaEncoder {
  const size = createSizer();
  const patchSize = (patch: JsonPatch): number => {
    let n = 2;
    for (const op of patch) n += 30 + op.path.length + ("from" in op ? op.from.length : 0) + ("value" in op ? size(op.value) : 0);
    return n;
  };
  let lastContext: Base | null = null;
  const lastContextOf = new Map<string, Base>();
  let lastMessages: Base | null = null;

  /** The smallest delta of `value` against `bases`, or null when writing it in full is smaller. */
  function smallest(value: Json, bases: readonly (Base | null | undefined)[]): FieldDelta | null {
    let best: FieldDelta | null = null;
    let bestSize = size(value);
    const tried = new Set<Base>();
    for (const base of bases) {
      if (!base || tried.has(base)) continue;
      tried.add(base);
      const patch = diffJsonKeepingKeyOrder(base.value, value);
      if (patch === null) continue;
      const n = patchSize(patch) + base.path.length + 20;
      if (n < bestSize) {
        best = { from: base.seq, path: base.path, patch };
        bestSize = n;
      }
    }
    return best;
  }

  /** Arrays among the last context's fields: a conversation the next request is likely to share. */
  function contextArrays(): Base[] {
    const ctx = lastContext;
    if (!ctx || typeof ctx.value !== "object" || ctx.value === null || Array.isArray(ctx.value)) return [];
    const out: Base[] = [];
    for (const [key, v] of Object.entries(ctx.value)) if (Array.isArray(v)) out.push({ seq: ctx.seq, path: `${ctx.path}/${escapePointerToken(key)}`, value: v });
    return out;
  }

  /** `event` with `field` replaced, in place, by `${field}Delta`: the key order of the full event is kept. */
  function withDelta(event: TraceEvent, field: string, delta: FieldDelta): EncodedTraceEvent {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(event)) out[key === field ? `${field}Delta` : key] = key === field ? delta : v;
    return out as unknown as EncodedTraceEvent;
  }

  return {
    encode(event) {
      switch (event.type) {
        case "point.start": {
          const context: JsonObject = event.context;
          const delta = smallest(context, [lastContextOf.get(event.point), lastContext]);
          const base: Base = { seq: event.seq, path: "/context", value: context };
          lastContext = base;
          lastContextOf.set(event.point, base);
          return delta ? withDelta(event, "context", delta) : event;
        }
        case "model.request":
        case "run.end": {
          if (event.messages === undefined) return event;
          const messages = event.messages as unknown as Json;
          const delta = smallest(messages, [lastMessages, ...contextArrays()]);
          lastMessages = { seq: event.seq, path: "/messages", value: messages };
          return delta ? withDelta(event, "messages", delta) : event;
        }
        default:
          return event;
      }
    },
  };
}
