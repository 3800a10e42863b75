import type { Point } from "./layoutProfile";

const fmt = (n: number) => Math.round(n * 10) / 10;

/**
 * A smooth SVG path through `points`: straight to the first midpoint, then quadratic curves
 * that use each inner point as the control point, so dagre's bends become soft turns.
 */
export function smoothPath(points: readonly Point[]): string {
  const [first, ...rest] = points;
  if (!first) return "";
  const last = rest.at(-1);
  if (!last) return `M ${fmt(first.x)} ${fmt(first.y)}`;
  let d = `M ${fmt(first.x)} ${fmt(first.y)}`;
  if (rest.length === 1) return `${d} L ${fmt(last.x)} ${fmt(last.y)}`;
  for (let i = 0; i < rest.length - 1; i++) {
    const c = rest[i] as Point;
    const n = rest[i + 1] as Point;
    const mid = i === rest.length - 2 ? n : { x: (c.x + n.x) / 2, y: (c.y + n.y) / 2 };
    d += ` Q ${fmt(c.x)} ${fmt(c.y)} ${fmt(mid.x)} ${fmt(mid.y)}`;
  }
  return d;
}

/**
 * The path of a back-edge: out of the source's right side to the lane, up the lane, and into
 * the target's right side, with rounded corners of `radius`.
 */
export function lanePath(from: Point, to: Point, laneX: number, radius = 14): string {
  return `M ${fmt(from.x)} ${fmt(from.y)} ${laneTurns(from, to, laneX, radius)}`;
}

/** {@link lanePath}, first drawn down from `lead` (an event's bottom) to `from` when there is one. */
export function leadLanePath(lead: Point | null, lane: { from: Point; to: Point; laneX: number }): string {
  const { from, to, laneX } = lane;
  const start = lead ? `M ${fmt(lead.x)} ${fmt(lead.y)} L ${fmt(from.x)} ${fmt(from.y)}` : `M ${fmt(from.x)} ${fmt(from.y)}`;
  return `${start} ${laneTurns(from, to, laneX, 10)}`;
}

function laneTurns(from: Point, to: Point, laneX: number, radius: number): string {
  const up = to.y < from.y ? -1 : 1;
  const r = Math.max(0, Math.min(radius, Math.abs(to.y - from.y) / 2, Math.abs(laneX - from.x), Math.abs(laneX - to.x)));
  return [
    `L ${fmt(laneX - r)} ${fmt(from.y)}`,
    `Q ${fmt(laneX)} ${fmt(from.y)} ${fmt(laneX)} ${fmt(from.y + up * r)}`,
    `L ${fmt(laneX)} ${fmt(to.y - up * r)}`,
    `Q ${fmt(laneX)} ${fmt(to.y)} ${fmt(laneX - r)} ${fmt(to.y)}`,
    `L ${fmt(to.x)} ${fmt(to.y)}`,
  ].join(" ");
}
