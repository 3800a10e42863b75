import type { EncodedTraceEvent, TraceEvent } from "../trace/events";
import { createStreamResolver } from "../trace/resolve";
import { outlineEntry, type TraceOutline } from "./outline";

/**
 * Event fields that differ between two runs of the same turn without meaning anything changed
 * (the trace format too: a v1 recording and its v2 re-run are the same turn; a real model's stream
 * timing and token counts, and whether a reply came from the model or from its recording). Top-level only: a
 * context may well have a field named like one of these.
 */
const VOLATILE = new Set(["seq", "t", "durationMs", "runId", "format", "stream", "recorded", "usage"]);

/** An event reduced to what a re-run must reproduce. */
export function comparableEvent(event: EncodedTraceEvent): string {
  return JSON.stringify(event, function (this: unknown, key, value: unknown) {
    return this === event && VOLATILE.has(key) ? undefined : value;
  });
}

/** Where two traces of the same turn part ways. */
export interface Divergence {
  /** 0-based index into both traces (the events before it are identical). */
  index: number;
  seqA: number | null;
  seqB: number | null;
  /** The hook whose result differs, when the divergent event is a hook event. */
  hookId: string | null;
  point: string | null;
  /** Plain words for the compare view. */
  reason: string;
}

/**
 * Finds the first event at which two traces differ, ignoring run ids, sequence numbers and timings.
 * Takes traces as stored (v1, or v2 with deltas). Two events written the same way are the same
 * event once resolved, since every earlier event matched (a delta's base is an earlier seq), so
 * only events written differently are resolved and compared in full: comparing two 19 MB turns
 * costs what they store, not the conversation at every step.
 *
 * @returns `null` when the traces are the same event for event
 * @example
 * firstDivergence(recorded, rerun)?.hookId // "be-concise" after editing that hook
 */
export function firstDivergence(a: readonly EncodedTraceEvent[], b: readonly EncodedTraceEvent[]): Divergence | null {
  const n = Math.min(a.length, b.length);
  const resolveA = createStreamResolver();
  const resolveB = createStreamResolver();
  for (let i = 0; i < n; i++) {
    const ea = a[i];
    const eb = b[i];
    if (!ea || !eb) break;
    const ra = resolveA(ea);
    const rb = resolveB(eb);
    if (comparableEvent(ea) !== comparableEvent(eb) && comparableEvent(ra) !== comparableEvent(rb)) return describe(i, ra, rb);
  }
  if (a.length === b.length) return null;
  const longer = a.length > b.length ? a[n] : b[n];
  return {
    index: n,
    seqA: a[n]?.seq ?? null,
    seqB: b[n]?.seq ?? null,
    hookId: longer && "hookId" in longer ? longer.hookId : null,
    point: longer && "point" in longer ? longer.point : null,
    reason: a.length > b.length ? "the second run ended earlier" : "the second run went on longer",
  };
}

function describe(index: number, a: TraceEvent, b: TraceEvent): Divergence {
  const hookId = "hookId" in a ? a.hookId : "hookId" in b ? b.hookId : null;
  const point = "point" in a ? a.point : "point" in b ? b.point : null;
  let reason: string;
  if (a.type !== b.type) reason = `the runs took different paths (${a.type} vs ${b.type})`;
  else if (a.type === "hook.end" && b.type === "hook.end") {
    if (a.error !== b.error) reason = `hook ${a.hookId} failed differently`;
    else if (JSON.stringify(a.patch) !== JSON.stringify(b.patch)) reason = `hook ${a.hookId} changed the context differently`;
    else reason = `hook ${a.hookId} behaved differently (logs, decision or clock)`;
  } else if (a.type === "model.request") reason = "the model was sent something different";
  else if (a.type === "point.start") reason = `the context entering ${a.point} differs`;
  else reason = `${a.type} differs`;
  return { index, seqA: a.seq, seqB: b.seq, hookId, point, reason };
}

type StepShape = { type: string; point: string | null; hookId: string | null };

/** Key that identifies "the same step" in two runs: n-th occurrence of a type at a point/hook. */
export function alignmentKeys(steps: readonly StepShape[]): string[] {
  const counts = new Map<string, number>();
  return steps.map((e) => {
    const base = `${e.type}|${e.point ?? ""}|${e.hookId ?? ""}`;
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    return `${base}#${n}`;
  });
}

const shapeOf = (e: EncodedTraceEvent): StepShape => ({ type: e.type, point: "point" in e ? e.point : null, hookId: "hookId" in e ? e.hookId : null });

function align(a: readonly StepShape[], b: readonly StepShape[]): Int32Array {
  const byKey = new Map<string, number>();
  alignmentKeys(a).forEach((k, i) => byKey.set(k, i));
  const out = new Int32Array(b.length);
  alignmentKeys(b).forEach((k, i) => {
    out[i] = byKey.get(k) ?? -1;
  });
  return out;
}

/** {@link alignTraces} over outlines, so the compare view aligns 10k-event runs without their bodies. */
export function alignOutlines(a: TraceOutline, b: TraceOutline): Int32Array {
  const shapes = (o: TraceOutline) => Array.from({ length: o.count }, (_, i) => outlineEntry(o, i));
  return align(shapes(a), shapes(b));
}

/**
 * Pairs each step of run B with the same step of run A (by n-th occurrence of type+point+hook),
 * so the compare view can show the context diff at any step, also after the runs diverge.
 *
 * @returns for each index of `b`, the index in `a` of the aligned step, or -1
 */
export function alignTraces(a: readonly EncodedTraceEvent[], b: readonly EncodedTraceEvent[]): Int32Array {
  return align(a.map(shapeOf), b.map(shapeOf));
}
