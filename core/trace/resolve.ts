import { getAt as getAtTokens, applyPatch, JsonPatchError } from "./jsonPatch";
import { parsePointer } from "../chain/jsonValue";
import type { Json, JsonPatch } from "../json";
import type { EncodedTraceEvent, FieldDelta, TraceEvent } from "./events";

/**
 * Trace v2 readers (docs/formats.md, "Trace v2"): an event field `F` may be stored as
 * `FDelta: {from, path, patch}`, the value at JSON pointer `path` of the earlier event `from`
 * with the RFC 6902 `patch` applied. Resolving never mutates a stored event and never deep-copies
 * a value: the patch is applied copy-on-write along the patched paths only, so a resolved field
 * shares every unchanged subtree with the event it derives from (stepping through a 19 MB turn
 * costs what changed, not 19 MB per step). A v1 event (no deltas) resolves to itself.
 */

/** A delta that cannot be resolved: which event, which field, and why. */
export class TraceDeltaError extends Error {
  override name = "TraceDeltaError";
  constructor(
    message: string,
    readonly seq: number,
    readonly field: string,
  ) {
    super(message);
  }
}

const SUFFIX = "Delta";

/**
 * The field an anchor resolves to (core/trace/encode, ANCHOR_FIELD; not imported, so readers do
 * not load the writer). Anchors are kept beside resolved events, not in them: readers and
 * `--expand` never see them, and a delta based on the whole event (path "") still reaches them.
 */
const ANCHOR_FIELD = "anchor";
const ANCHOR_KEY = `${ANCHOR_FIELD}${SUFFIX}`;
const anchors = new WeakMap<object, Json>();

/** The delta fields of a stored event (keys `FDelta`), in key order; empty for v1 events. */
export function deltaKeys(event: object): string[] {
  const out: string[] = [];
  for (const key of Object.keys(event)) if (key.length > SUFFIX.length && key.endsWith(SUFFIX)) out.push(key);
  return out;
}

/** True when `event` has at least one field stored as a delta. */
export function hasDeltas(event: object): boolean {
  for (const key in event) if (key.length > SUFFIX.length && key.endsWith(SUFFIX)) return true;
  return false;
}

/** The seqs of the events `event`'s deltas are based on (what a lazy reader must load first). */
export function deltaBases(event: EncodedTraceEvent): number[] {
  const out: number[] = [];
  const record = event as unknown as Record<string, unknown>;
  for (const key of deltaKeys(event)) {
    const d = record[key];
    if (typeof d === "object" && d !== null && Number.isInteger((d as { from?: unknown }).from)) out.push((d as { from: number }).from);
  }
  return out;
}

function describeEvent(event: { seq?: unknown; type?: unknown }): string {
  return `event ${String(event.seq)} (${String(event.type)})`;
}

function asDelta(value: unknown, fail: (reason: string) => never): FieldDelta {
  if (typeof value !== "object" || value === null) return fail("is not an object {from, path, patch}");
  const d = value as { from?: unknown; path?: unknown; patch?: unknown };
  if (!Number.isInteger(d.from)) return fail(`"from" must be the seq of an earlier event, got ${JSON.stringify(d.from)}`);
  if (typeof d.path !== "string") return fail(`"path" must be a JSON pointer string, got ${JSON.stringify(d.path)}`);
  if (!Array.isArray(d.patch)) return fail(`"patch" must be an array of RFC 6902 operations`);
  return value as FieldDelta;
}

/**
 * Resolves one stored event given its (resolved) base events.
 *
 * @param base - the resolved event with a seq, or undefined when it is not known (not loaded, or absent)
 * @throws {TraceDeltaError} when a delta is malformed, names a `from` that is not an earlier known
 *   event, a `path` that does not exist in it, or a patch that does not apply; or when an event
 *   carries both `F` and `FDelta`.
 * @example
 * resolveEvent({ seq: 3, type: "model.request", call: 1, system: null,
 *   messagesDelta: { from: 2, path: "/context/messages", patch: [] } }, (s) => resolved[s])
 */
export function resolveEvent(event: EncodedTraceEvent, base: (seq: number) => TraceEvent | undefined): TraceEvent {
  if (!hasDeltas(event)) return event as TraceEvent;
  const source = event as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  let anchor: Json | undefined;
  // Rebuilt in the stored key order, each FDelta replaced by F in its place: a trace written
  // from full events resolves to exactly those events, key order included.
  for (const key of Object.keys(source)) {
    const isDelta = key.length > SUFFIX.length && key.endsWith(SUFFIX);
    if (!isDelta) {
      out[key] = source[key];
      continue;
    }
    const field = key.slice(0, -SUFFIX.length);
    const fail = (reason: string): never => {
      throw new TraceDeltaError(`${describeEvent(event)}: ${key} ${reason}`, event.seq, field);
    };
    if (Object.prototype.hasOwnProperty.call(source, field)) fail(`cannot be stored together with ${field}`);
    const delta = asDelta(source[key], fail);
    if (!(delta.from < event.seq)) fail(`"from" ${delta.from} is not an earlier event`);
    const from = base(delta.from);
    if (!from) fail(`"from" ${delta.from} is not an event of this trace (or is not loaded)`);
    const value = applyDelta(from as TraceEvent, delta, fail);
    if (key === ANCHOR_KEY) anchor = value;
    else out[field] = value;
  }
  if (anchor !== undefined) anchors.set(out, anchor);
  return out as unknown as TraceEvent;
}

function applyDelta(from: TraceEvent, delta: FieldDelta, fail: (reason: string) => never): Json {
  let tokens: string[];
  try {
    tokens = parsePointer(delta.path);
  } catch (error) {
    return fail(`"path": ${(error as Error).message}`);
  }
  const anchor = anchors.get(from);
  // The event as written, its anchor in place (a shallow copy: the anchor itself is shared).
  const doc = anchor !== undefined && (tokens.length === 0 || tokens[0] === ANCHOR_FIELD) ? { ...(from as unknown as Record<string, Json>), [ANCHOR_FIELD]: anchor } : from;
  const value = getAtTokens(doc as unknown as Json, tokens, () => fail(`"path" ${delta.path} does not exist in event ${delta.from}`));
  try {
    return applyPatch(value, delta.patch as JsonPatch);
  } catch (error) {
    if (error instanceof JsonPatchError) return fail(`"patch" does not apply to ${delta.path} of event ${delta.from}: ${error.message}`);
    // A malformed op (a path that is not a string, a missing value) fails inside the applier.
    return fail(`"patch" is not a valid RFC 6902 patch: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * A lazy, memoizing resolver over stored events that may arrive in any order (pages of a replay)
 * or one by one (a live run). `get(seq)` resolves that event and, first, the events its deltas
 * are based on (iteratively: a chain of 10,000 deltas does not recurse 10,000 deep). Resolved
 * events are kept, sharing structure with each other, so each delta is applied once.
 */
export interface TraceResolver {
  /** Adds a stored event (a seq already added is ignored). */
  add(event: EncodedTraceEvent): void;
  /** The stored event, as added. */
  stored(seq: number): EncodedTraceEvent | undefined;
  /**
   * The resolved event, or undefined when it or an event it is based on is not added yet.
   * @throws {TraceDeltaError} when a delta is malformed or does not apply.
   */
  get(seq: number): TraceEvent | undefined;
  /** Seqs not added yet that `seq` needs (itself included when missing); [] when `get(seq)` can resolve. */
  missing(seq: number): number[];
}

export function createTraceResolver(): TraceResolver {
  const stored = new Map<number, EncodedTraceEvent>();
  const resolved = new Map<number, TraceEvent>();

  /** Events to resolve, base first, ending with `seq`; null when one is not added. */
  function plan(seq: number, missing: number[] | null): number[] | null {
    const order: number[] = [];
    const stack = [seq];
    const seen = new Set<number>();
    let complete = true;
    while (stack.length > 0) {
      const s = stack.pop() as number;
      if (resolved.has(s) || seen.has(s)) continue;
      seen.add(s);
      const e = stored.get(s);
      if (!e) {
        complete = false;
        if (missing) missing.push(s);
        else return null;
        continue;
      }
      order.push(s);
      // Bases that are not earlier are reported by resolveEvent; do not follow them.
      for (const b of deltaBases(e)) if (b < s) stack.push(b);
    }
    if (!complete) return null;
    return order.sort((a, b) => a - b);
  }

  return {
    add(event) {
      if (!stored.has(event.seq)) stored.set(event.seq, event);
    },
    stored: (seq) => stored.get(seq),
    get(seq) {
      const hit = resolved.get(seq);
      if (hit) return hit;
      const order = plan(seq, null);
      if (!order) return undefined;
      for (const s of order) resolved.set(s, resolveEvent(stored.get(s) as EncodedTraceEvent, (b) => resolved.get(b)));
      return resolved.get(seq);
    },
    missing(seq) {
      if (resolved.has(seq)) return [];
      const out: number[] = [];
      plan(seq, out);
      return out.sort((a, b) => a - b);
    },
  };
}

/**
 * Resolves a whole stored trace (v1 or v2) in order: every field in full, unchanged subtrees
 * shared between events. This is also the `--expand` form: writing the result as JSON Lines
 * gives a v2 trace without deltas.
 *
 * @throws {TraceDeltaError} as {@link resolveEvent}
 * @example resolveTrace(readAllEvents(db, runId)).find((e) => e.type === "run.end")?.messages
 */
export function resolveTrace(events: readonly EncodedTraceEvent[]): TraceEvent[] {
  const bySeq = new Map<number, TraceEvent>();
  return events.map((e) => {
    const r = resolveEvent(e, (s) => bySeq.get(s));
    bySeq.set(r.seq, r);
    return r;
  });
}

/**
 * Resolves events one at a time as they are emitted or streamed (in seq order): for readers that
 * fold a live trace. Keeps every resolved event (they share structure, so that costs what changed).
 */
export function createStreamResolver(): (event: EncodedTraceEvent) => TraceEvent {
  const bySeq = new Map<number, TraceEvent>();
  return (event) => {
    const r = resolveEvent(event, (s) => bySeq.get(s));
    bySeq.set(r.seq, r);
    return r;
  };
}
