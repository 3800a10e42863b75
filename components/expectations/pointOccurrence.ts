import type { TraceOutline } from "~/core/run/outline";

/**
 * Which crossing of its point a step belongs to (1 = the first time the run reached that point),
 * and the index of the `point.end` that closes that crossing (-1 while the chain is still running).
 * `index` is 0-based (seq - 1).
 */
export function pointOccurrence(outline: TraceOutline, args: { index: number; point: string }): { occurrence: number; endIndex: number } {
  const start = outline.names.indexOf("point.start");
  const end = outline.names.indexOf("point.end");
  const point = outline.names.indexOf(args.point);
  let occurrence = 0;
  for (let i = 0; i <= args.index && i < outline.count; i++) if (outline.type[i] === start && outline.point[i] === point) occurrence += 1;
  let endIndex = -1;
  for (let i = args.index; i < outline.count; i++) {
    if (outline.type[i] === end && outline.point[i] === point) {
      endIndex = i;
      break;
    }
  }
  return { occurrence, endIndex };
}
