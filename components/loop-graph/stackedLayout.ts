import type { LifecycleEdge, LifecycleNode, Profile } from "~/core/profiles/types";
import {
  BADGE_GAP,
  BADGE_HEIGHT,
  BADGE_WIDTH,
  boundsOf,
  GROUP_HEADER,
  GROUP_PADDING,
  LaneAllocator,
  NODE_HEIGHT,
  NODE_WIDTH,
  type Frame,
  type PlacedEdge,
  type PlacedNode,
  type Point,
  type ProfileLayout,
} from "./layoutProfile";

/**
 * The lifecycle graph in one column, for a pane too narrow for the side-by-side layout: read top
 * to bottom, it only pans up and down. Pure, like layoutProfile.
 *
 * - The loop's events are stacked in a topological order of its forward edges that keeps each
 *   branch together (a depth-first order, first edge first); the `outside` events follow in a
 *   frame below it.
 * - Below each event come the badge stacks of the edges leaving it. The edge to the very next
 *   event runs straight down through them; every other edge (a back-edge, or a jump past other
 *   events) leaves its stack to the right, into a thin lane shared by the edges that enter the
 *   same event from the same side, and enters that event's right side.
 * - Edge labels wrap to the badges' width, so nothing is wider than a badge but the lanes.
 */

const CENTER_X = NODE_WIDTH / 2;
const STACK_RIGHT = CENTER_X + BADGE_WIDTH / 2;
/** `.edgeLabel` line height, and a generous average width of its 12.5 px italic characters. */
const LABEL_LINE = 13;
const LABEL_CHAR = 7;
const LABEL_PADDING = 8;
/** Between an event's border and the first (or last) badge stack of a gap. */
const EDGE_GAP = 14;
const STACK_GAP = 12;
/** Between two events with no edge drawn between them. */
const EMPTY_GAP = 28;
const LANE_GAP = 10;
const LANE_STEP = 7;
/** Lanes entering the same event from above and from below enter it this far apart. */
const ENTRY_NUDGE = 6;
const FRAME_PADDING = 10;
const FRAME_HEADER = 26;
const FRAME_GAP = 36;

/** Lines `text` takes when wrapped to `width` (an estimate on the generous side). */
export function labelLines(text: string, width = BADGE_WIDTH - LABEL_PADDING): number {
  let lines = 1;
  let used = 0;
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const w = word.length * LABEL_CHAR;
    if (used > 0 && used + LABEL_CHAR + w <= width) used += LABEL_CHAR + w;
    else {
      if (used > 0) lines++;
      // A word longer than a line breaks anywhere (`overflow-wrap: anywhere`).
      lines += Math.max(0, Math.ceil(w / width) - 1);
      used = w % width || width;
    }
  }
  return lines;
}

/** Size of an edge's badge stack with its label wrapped to the badges' width. */
export function stackSize(edge: Pick<LifecycleEdge, "points" | "label">): { width: number; height: number } {
  const n = edge.points.length;
  const label = edge.label ? labelLines(edge.label) * LABEL_LINE : 0;
  const items = n + (edge.label ? 1 : 0);
  const height = label + n * BADGE_HEIGHT + Math.max(0, items - 1) * BADGE_GAP;
  const width = n > 0 ? BADGE_WIDTH : edge.label ? Math.min(BADGE_WIDTH, edge.label.length * LABEL_CHAR + LABEL_PADDING) : 0;
  return { width, height };
}

/**
 * Events in a topological order of `edges` (forward, between `nodes`), each branch kept together:
 * a depth-first walk from the events nothing leads to (the start event first), reversed.
 */
export function columnOrder(nodes: readonly LifecycleNode[], edges: readonly LifecycleEdge[]): LifecycleNode[] {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const next = new Map<string, string[]>();
  const led = new Set<string>();
  for (const e of edges) {
    if (e.back || e.source === e.target || !byId.has(e.source) || !byId.has(e.target)) continue;
    next.set(e.source, [...(next.get(e.source) ?? []), e.target]);
    led.add(e.target);
  }
  const visited = new Set<string>();
  // Children and roots are walked last-first, so that reversing the finishing order puts the
  // first edge's branch (and the first root) first.
  const walk = (starts: readonly string[]): string[] => {
    const finished: string[] = [];
    const visit = (id: string) => {
      if (visited.has(id)) return;
      visited.add(id);
      for (const t of [...(next.get(id) ?? [])].reverse()) visit(t);
      finished.push(id);
    };
    for (const s of [...starts].reverse()) visit(s);
    return finished.reverse();
  };
  const roots = [...nodes.filter((n) => n.kind === "start"), ...nodes.filter((n) => n.kind !== "start")].filter((n) => !led.has(n.id));
  const order = walk(roots.map((n) => n.id));
  // Events only reachable through a cycle of forward edges.
  for (const n of nodes) if (!visited.has(n.id)) order.push(...walk([n.id]));
  return order.flatMap((id) => byId.get(id) ?? []);
}

interface Jump {
  edge: LifecycleEdge;
  lead: Point | null;
  from: Point;
  label: Point;
  stack: { width: number; height: number };
}

/**
 * Lays a profile's lifecycle graph out in one column (see the file comment).
 *
 * @param profile - its `nodes`, `edges` and stage `groups` (a framed stage gets room for its label).
 * @returns a layout in the same coordinates and shape as {@link layoutProfile}'s, `stacked: true`.
 */
export function layoutStacked(profile: Pick<Profile, "nodes" | "edges" | "groups">): ProfileLayout {
  const known = new Set(profile.nodes.map((n) => n.id));
  const edges = profile.edges.filter((e) => known.has(e.source) && known.has(e.target));
  const outsideIds = new Set(profile.nodes.filter((n) => n.kind === "outside").map((n) => n.id));
  const section = (id: string) => (outsideIds.has(id) ? "outside" : "loop");
  const sameSection = (e: LifecycleEdge) => section(e.source) === section(e.target);
  const loop = columnOrder(
    profile.nodes.filter((n) => !outsideIds.has(n.id)),
    edges.filter((e) => sameSection(e) && section(e.source) === "loop"),
  );
  const outside = columnOrder(
    profile.nodes.filter((n) => outsideIds.has(n.id)),
    edges.filter((e) => sameSection(e) && section(e.source) === "outside"),
  );
  const column = [...loop, ...outside];

  // Runs of consecutive loop events of one stage get a frame (groupFrames) when two or more long.
  const groups = profile.groups ?? {};
  const framedGroup = (i: number): string | null => {
    const n = column[i];
    if (!n?.group || outsideIds.has(n.id) || !(n.group in groups)) return null;
    const sameAt = (j: number) => column[j]?.group === n.group && !outsideIds.has(column[j]?.id ?? "");
    return sameAt(i - 1) || sameAt(i + 1) ? n.group : null;
  };

  const placed: PlacedNode[] = [];
  const straight: PlacedEdge[] = [];
  const jumps: Jump[] = [];
  let frame: Frame | null = null;
  let y = 0;
  for (const [i, node] of column.entries()) {
    if (i === loop.length) {
      y += i > 0 ? FRAME_GAP : 0;
      frame = { label: "Outside the loop", x: -FRAME_PADDING, y, width: NODE_WIDTH + 2 * FRAME_PADDING, height: 0 };
      y += FRAME_HEADER + FRAME_PADDING;
    }
    const group = framedGroup(i);
    if (group && framedGroup(i - 1) !== group) y += GROUP_HEADER + GROUP_PADDING;
    placed.push({ node, x: 0, y, width: NODE_WIDTH, height: NODE_HEIGHT });
    const bottom = y + NODE_HEIGHT;
    y = bottom;
    if (group && framedGroup(i + 1) !== group) y += GROUP_PADDING;

    const below = column[i + 1];
    const out = edges.filter((e) => e.source === node.id);
    const down = below && section(below.id) === section(node.id) ? out.find((e) => e.target === below.id) : undefined;
    const ordered = [...out.filter((e) => e !== down), ...(down ? [down] : [])];
    if (ordered.length === 0) {
      y += EMPTY_GAP;
      continue;
    }
    y += EDGE_GAP - STACK_GAP;
    ordered.forEach((edge, k) => {
      const stack = stackSize(edge);
      y += STACK_GAP;
      const label = { x: CENTER_X, y: y + stack.height / 2 };
      y += stack.height;
      if (edge === down) {
        straight.push({ edge, stack, route: { kind: "forward", path: [{ x: CENTER_X, y: bottom }], label } });
      } else {
        // The last edge of the gap draws the line from the event down through every stack.
        const lead = k === ordered.length - 1 ? { x: CENTER_X, y: bottom } : null;
        jumps.push({ edge, lead, from: label, label, stack });
      }
    });
    y += EDGE_GAP;
  }
  // The straight edges end at the top of the event below them.
  const top = new Map(placed.map((p) => [p.node.id, p.y]));
  for (const s of straight) if (s.route.kind === "forward") s.route.path.push({ x: CENTER_X, y: top.get(s.edge.target) ?? y });

  if (frame) frame.height = y - EDGE_GAP + FRAME_PADDING - frame.y;

  const routed = orderLike(edges, [...straight, ...routeJumps(jumps, placed, frame)]);
  // From y = 0: the first stage frame's label sits above the first event.
  const b = boundsOf(placed, routed, frame);
  const bounds = { ...b, y: Math.min(0, b.y), height: b.height + Math.max(0, b.y) };
  return { nodes: placed, edges: routed, outsideFrame: frame, bounds, stacked: true };
}

/**
 * Routes the jumps through lanes right of the column. Jumps into the same event from the same
 * side share a lane (and its entry point); lanes whose spans do not overlap share an x, the
 * shortest spans innermost so that fewer lines cross.
 */
function routeJumps(jumps: readonly Jump[], placed: readonly PlacedNode[], frame: Frame | null): PlacedEdge[] {
  const center = new Map(placed.map((p) => [p.node.id, p.y + p.height / 2]));
  const key = (j: Jump) => `${j.edge.target}\n${(center.get(j.edge.target) ?? 0) < j.from.y ? "up" : "down"}`;
  const buses = new Map<string, Jump[]>();
  for (const j of jumps) buses.set(key(j), [...(buses.get(key(j)) ?? []), j]);

  const entry = new Map<string, Point>();
  for (const [k, members] of buses) {
    const [target = "", side] = k.split("\n");
    const both = buses.has(`${target}\nup`) && buses.has(`${target}\ndown`);
    const nudge = both ? (side === "up" ? ENTRY_NUDGE : -ENTRY_NUDGE) : 0;
    entry.set(k, { x: NODE_WIDTH, y: (center.get(target) ?? members[0]?.from.y ?? 0) + nudge });
  }
  const span = (k: string) => {
    const ys = [...(buses.get(k) ?? []).map((j) => j.from.y), entry.get(k)?.y ?? 0];
    return { top: Math.min(...ys), bottom: Math.max(...ys) };
  };
  const lanes = new LaneAllocator();
  const laneOf = new Map<string, number>();
  const byLength = [...buses.keys()].sort((a, b) => span(a).bottom - span(a).top - (span(b).bottom - span(b).top));
  for (const k of byLength) laneOf.set(k, lanes.take(span(k).top, span(k).bottom));
  const firstLane = Math.max(STACK_RIGHT, frame ? frame.x + frame.width : 0) + LANE_GAP;

  return jumps.map((j) => {
    const k = key(j);
    const to = entry.get(k) ?? { x: NODE_WIDTH, y: j.from.y };
    const laneX = firstLane + (laneOf.get(k) ?? 0) * LANE_STEP;
    return { edge: j.edge, stack: j.stack, route: { kind: "lane", lead: j.lead, from: j.from, to, laneX, label: j.label } };
  });
}

/** `placed` in the order of `edges` (the profile's), as layoutProfile returns them. */
function orderLike(edges: readonly LifecycleEdge[], placed: readonly PlacedEdge[]): PlacedEdge[] {
  const byEdge = new Map(placed.map((p) => [p.edge, p]));
  return edges.flatMap((e) => byEdge.get(e) ?? []);
}
