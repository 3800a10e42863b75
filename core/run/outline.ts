import type { EncodedTraceEvent } from "../trace/events";
import { raceFlagOf } from "./raceFlag";

/**
 * Navigation data for a whole trace without event bodies: one entry per event (index = seq - 1),
 * dictionary-encoded so a 10,000-event run is a few tens of kilobytes. The replay view steps,
 * scrubs and highlights the graph from this alone and loads event bodies page by page.
 */
export interface TraceOutline {
  count: number;
  names: string[];
  /** Per event: index into `names` of its type, point (-1 none), hook (-1), edge (-1), hook status (-1). */
  type: number[];
  point: number[];
  hook: number[];
  edge: number[];
  status: number[];
}

export interface OutlineEntry {
  type: string;
  point: string | null;
  hookId: string | null;
  edge: string | null;
  status: string | null;
}

export function emptyOutline(): TraceOutline {
  return { count: 0, names: [], type: [], point: [], hook: [], edge: [], status: [] };
}

/** What the outline records of one event (shared by the server's columns and the live client). */
export function outlineEntryOf(event: EncodedTraceEvent): OutlineEntry {
  return {
    type: event.type,
    point: "point" in event ? event.point : null,
    hookId: "hookId" in event ? event.hookId : null,
    edge: event.type === "point.start" ? (event.edge ?? null) : null,
    status:
      event.type === "hook.end"
        ? (event.status ?? (event.error !== null ? "threw" : event.patch.length > 0 ? "changed" : "unchanged"))
        : event.type === "point.end" && raced(event)
          ? ORDER_DEPENDENT
          : null,
  };
}

/** The outline status of a point.end whose outcome depends on which parallel hook finishes last. */
export const ORDER_DEPENDENT = "order-dependent";

/** Whether a point.end, as stored (its result in full or as a delta), carries a race flag. */
function raced(event: Extract<EncodedTraceEvent, { type: "point.end" }>): boolean {
  if (event.result !== undefined) return raceFlagOf(event.result) !== null;
  // A result stored as a delta from its point.start: the flag is an op of the patch (a context never has one).
  return (event.resultDelta?.patch ?? []).some((op) => (op.op === "add" || op.op === "replace") && op.path === "/orderDependent" && op.value !== null);
}

/** Appends entries in place (outlines grow with a live run; copying 10k-entry arrays per event would be quadratic). */
export function appendToOutline(outline: TraceOutline, entry: OutlineEntry): void {
  const code = (s: string | null) => {
    if (s === null) return -1;
    const i = outline.names.indexOf(s);
    if (i >= 0) return i;
    outline.names.push(s);
    return outline.names.length - 1;
  };
  outline.type.push(code(entry.type));
  outline.point.push(code(entry.point));
  outline.hook.push(code(entry.hookId));
  outline.edge.push(code(entry.edge));
  outline.status.push(code(entry.status));
  outline.count += 1;
}

export function outlineEntry(outline: TraceOutline, index: number): OutlineEntry {
  const name = (i: number | undefined) => (i === undefined || i < 0 ? null : (outline.names[i] ?? null));
  return {
    type: name(outline.type[index]) ?? "?",
    point: name(outline.point[index]),
    hookId: name(outline.hook[index]),
    edge: name(outline.edge[index]),
    status: name(outline.status[index]),
  };
}

/** Index of the next (dir 1) or previous (dir -1) event of `type` from `from` (exclusive), or -1. */
export function findStep(outline: TraceOutline, options: { from: number; dir: 1 | -1; type: string }): number {
  const code = outline.names.indexOf(options.type);
  if (code < 0) return -1;
  for (let i = options.from + options.dir; i >= 0 && i < outline.count; i += options.dir) if (outline.type[i] === code) return i;
  return -1;
}

/** Where the graph is at step `index`: the edge and point of the latest point.start, the hook running. */
export function positionAt(outline: TraceOutline, index: number): { edge: string | null; point: string | null; hookId: string | null } {
  const pointStart = outline.names.indexOf("point.start");
  const pointEnd = outline.names.indexOf("point.end");
  let edge: string | null = null;
  let point: string | null = null;
  let hookId: string | null = null;
  const here = outlineEntry(outline, index);
  if (here.hookId !== null) hookId = here.hookId;
  for (let i = index; i >= 0; i--) {
    const t = outline.type[i];
    if (t === pointStart) {
      const e = outlineEntry(outline, i);
      edge = e.edge;
      point = e.point;
      break;
    }
    // After a chain ends the loop is between points: nothing to light up.
    if (t === pointEnd && i < index) break;
  }
  return { edge, point, hookId };
}
