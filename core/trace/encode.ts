import { diffJsonExact, type ValueSource } from "../chain/diff";
import { escapePointerToken, parsePointer } from "../chain/jsonValue";
import type { Json, JsonObject, JsonPatch } from "../json";
import type { EncodedTraceEvent, FieldDelta, TraceEvent } from "./events";

/**
 * Trace v2 writer: stores `point.start.context`, `point.end.result`, `model.request.messages` and
 * `run.end.messages` as a delta against an earlier event whenever the delta is smaller (docs/formats.md, "Trace v2"),
 * so a turn's trace grows with what changed, not with the conversation at every step.
 *
 * Cheap by construction: the previous values are kept by reference, the diff skips identical
 * references without visiting them (an unchanged 1 MB history costs nothing), and sizes are
 * estimated with a per-object memo, so the full size of a 19 MB history is not re-measured per
 * event. Key order is kept (a resolved field lists its keys as the event did: keys out of place
 * are moved), and large values the base already holds elsewhere are copied, not written again.
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

/** Strings at least this long are worth a copy op instead of being written again. */
const COPY_MIN_CHARS = 256;

/**
 * Where the large parts of a base value are (its members and their members, not array items):
 * a delta copies them instead of writing them again. A tool result is in the context of the
 * post-tool-use point, then in the next request's history: one copy op instead of the result.
 */
function createSourceIndex(): (base: Json) => ValueSource {
  const memo = new WeakMap<object, ValueSource>();
  return (base) => {
    if (typeof base !== "object" || base === null) return () => null;
    const hit = memo.get(base);
    if (hit) return hit;
    const at = new Map<unknown, string>();
    const add = (v: Json | undefined, path: string, depth: number) => {
      if (typeof v === "string") {
        if (v.length >= COPY_MIN_CHARS && !at.has(v)) at.set(v, path);
      } else if (typeof v === "object" && v !== null) {
        if (depth > 0 && !at.has(v)) at.set(v, path);
        if (depth < 2 && !Array.isArray(v)) for (const key of Object.keys(v)) add(v[key], `${path}/${escapePointerToken(key)}`, depth + 1);
      }
    };
    add(base, "", 0);
    const source: ValueSource = (value) => (typeof value === "string" && value.length < COPY_MIN_CHARS ? null : (at.get(value) ?? null));
    memo.set(base, source);
    return source;
  };
}

/** A way to write a field against an earlier value: the base, and optionally the member of it the field continues. */
interface Candidate {
  base: Base;
  /**
   * JSON pointer of a member of an object base: the patch edits it, then moves it to the root (a
   * request's history from a context's; a context from the anchor of the tool result before it).
   */
  via?: string;
}

/**
 * An event at least this large (a tool's result, a model's reply) carries an anchor: see
 * {@link ANCHOR_FIELD}. Below it the anchor's few bytes would not pay for themselves.
 */
const ANCHOR_MIN_BYTES = 2048;
/** Events that bring a new value into the conversation: what the next context or request holds again. */
const ANCHORED_TYPES: ReadonlySet<TraceEvent["type"]> = new Set(["tool.result", "model.response"]);

/**
 * A delta has one base, and a large value first appears in an event that holds nothing else
 * (a 200 KB `tool.result`), then in the next context beside the conversation (the post-tool-use
 * point). Based on either event, the other's big part would be written again. So such an event
 * also carries `anchorDelta`: the last conversation-holding value (a context or a history), as
 * an empty-patch delta of a few bytes. The next field is then based on that whole event: its
 * patch edits `/anchor` into the new value, copies the big value from where it sits in the
 * event, and moves `/anchor` to the root. Readers in the project keep anchors out of resolved
 * events (core/trace/resolve); other readers see one more field (DESIGN.md: "You may add fields").
 */
export const ANCHOR_FIELD = "anchor";
const ANCHOR_POINTER = `/${ANCHOR_FIELD}`;

export function createDeltaEncoder(): DeltaEncoder {
  const size = createSizer();
  const sourceOf = createSourceIndex();
  const patchSize = (patch: JsonPatch): number => {
    let n = 2;
    for (const op of patch) n += 30 + op.path.length + ("from" in op ? op.from.length : 0) + ("value" in op ? size(op.value) : 0);
    return n;
  };
  let lastContext: Base | null = null;
  const lastContextOf = new Map<string, Base>();
  let lastMessages: Base | null = null;
  /** The latest event written with an anchor: the whole event (path ""), its anchor included. */
  let anchored: Base | null = null;

  function patchFor(candidate: Candidate, value: Json): JsonPatch | null {
    const { base, via } = candidate;
    const source = sourceOf(base.value);
    if (via === undefined) return diffJsonExact(base.value, value, { source });
    const inner = memberAt(base.value, via);
    if (inner === undefined) return null;
    return [...diffJsonExact(inner, value, { basePath: via, source: (v) => (v === inner ? null : source(v)) }), { op: "move", from: via, path: "" }];
  }

  /** The smallest delta of `value` against the candidates, or null when writing it in full is smaller. */
  function smallest(value: Json, candidates: readonly Candidate[]): FieldDelta | null {
    let best: FieldDelta | null = null;
    let bestSize = size(value);
    const tried = new Set<string>();
    for (const candidate of candidates) {
      const key = `${candidate.base.seq}${candidate.base.path}|${candidate.via ?? ""}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const patch = patchFor(candidate, value);
      if (patch === null) continue;
      const n = patchSize(patch) + candidate.base.path.length + 20;
      if (n < bestSize) {
        best = { from: candidate.base.seq, path: candidate.base.path, patch };
        bestSize = n;
      }
    }
    return best;
  }

  /** The contexts seen last (overall and per point). */
  function recentContexts(): Base[] {
    return [...(lastContext ? [lastContext] : []), ...lastContextOf.values()];
  }

  /** Array members of recent contexts (and of the last anchor): a conversation the next request is likely to continue. */
  function conversationCandidates(): Candidate[] {
    const out: Candidate[] = [];
    const members = (base: Base, value: Json | undefined, at: string) => {
      if (Array.isArray(value)) out.push({ base, via: at });
      else if (typeof value === "object" && value !== null) for (const key of Object.keys(value)) if (Array.isArray(value[key])) out.push({ base, via: `${at}/${escapePointerToken(key)}` });
    };
    for (const base of recentContexts()) if (!Array.isArray(base.value)) members(base, base.value, "");
    if (anchored) members(anchored, (anchored.value as JsonObject)[ANCHOR_FIELD], ANCHOR_POINTER);
    return out;
  }

  /** The context the anchor of the last anchored event continues, as a candidate for the next context. */
  function anchorCandidates(): Candidate[] {
    if (!anchored) return [];
    const anchor = (anchored.value as JsonObject)[ANCHOR_FIELD];
    return typeof anchor === "object" && anchor !== null && !Array.isArray(anchor) ? [{ base: anchored, via: ANCHOR_POINTER }] : [];
  }

  /** Which point's context came next after an anchored event of a type (learned as the trace is written). */
  const pointAfter = new Map<string, string>();
  /** The anchored event no context has followed yet. */
  let awaitingPoint: { type: string } | null = null;

  /**
   * What to anchor a large event to: the last context of the point that followed this type of
   * event before (a tool result: the post-tool-use point), else the last context (the next
   * context continues it, and a request can continue its history), else the last request's history.
   */
  function historyFor(type: string): Base | null {
    const point = pointAfter.get(type);
    return (point === undefined ? undefined : lastContextOf.get(point)) ?? lastContext ?? lastMessages;
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
          const previous = lastContextOf.get(event.point);
          const delta = smallest(context, [...[previous, lastContext].flatMap((base) => (base ? [{ base }] : [])), ...anchorCandidates()]);
          const base: Base = { seq: event.seq, path: "/context", value: context };
          if (awaitingPoint) pointAfter.set(awaitingPoint.type, event.point);
          awaitingPoint = null;
          lastContext = base;
          lastContextOf.set(event.point, base);
          return delta ? withDelta(event, "context", delta) : event;
        }
        case "point.end": {
          // What the host reads back is mostly the context the point started with.
          const start = lastContextOf.get(event.point);
          if (event.result === undefined || !start) return event;
          const delta = smallest(event.result, [{ base: start }]);
          return delta ? withDelta(event, "result", delta) : event;
        }
        case "model.request":
        case "run.end": {
          // A request before any point: what followed the anchored event was not a context.
          awaitingPoint = null;
          if (event.messages === undefined) return event;
          const messages = event.messages as unknown as Json;
          const delta = smallest(messages, [...(lastMessages ? [{ base: lastMessages }] : []), ...conversationCandidates()]);
          lastMessages = { seq: event.seq, path: "/messages", value: messages };
          return delta ? withDelta(event, "messages", delta) : event;
        }
        default: {
          if (!ANCHORED_TYPES.has(event.type) || size(event as unknown as Json) < ANCHOR_MIN_BYTES) return event;
          const history = historyFor(event.type);
          if (!history) return event;
          awaitingPoint = { type: event.type };
          const written = { ...event, [`${ANCHOR_FIELD}Delta`]: { from: history.seq, path: history.path, patch: [] } satisfies FieldDelta };
          anchored = { seq: event.seq, path: "", value: { ...(event as unknown as JsonObject), [ANCHOR_FIELD]: history.value } };
          return written as EncodedTraceEvent;
        }
      }
    },
  };
}

/** The value at JSON pointer `path` of `doc` when every step is an object member, else undefined. */
function memberAt(doc: Json, path: string): Json | undefined {
  let cur: Json | undefined = doc;
  for (const key of parsePointer(path)) {
    if (typeof cur !== "object" || cur === null || Array.isArray(cur)) return undefined;
    cur = Object.prototype.hasOwnProperty.call(cur, key) ? cur[key] : undefined;
  }
  return cur;
}
