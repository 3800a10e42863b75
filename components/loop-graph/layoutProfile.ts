import dagre from "@dagrejs/dagre";
import type { LifecycleEdge, LifecycleNode, Profile } from "~/core/profiles/types";

/**
 * Positions a profile's lifecycle graph. Pure: profile in, coordinates out, no React.
 *
 * - The loop (every node not of kind `outside`) is laid out top to bottom by dagre, without
 *   its back-edges, so the forward flow of a turn reads downward.
 * - Back-edges (and any edge pointing upward) are routed on the right side in their own lanes.
 * - `outside` nodes (plugin init/shutdown, session start) get their own dagre layout in a
 *   framed column to the left of the loop.
 * - Every edge reserves room for its stack of hook-point badges, so badges never cover nodes.
 */

export const NODE_WIDTH = 184;
export const NODE_HEIGHT = 46;
export const BADGE_WIDTH = 196;
export const BADGE_HEIGHT = 26;
export const BADGE_GAP = 4;
export const EDGE_LABEL_LINE = 16;
/** Room around a stage group's events inside its frame (buildFlowElements.groupFrames), and for its label. */
export const GROUP_PADDING = 8;
export const GROUP_HEADER = 18;
const LANE_GAP = 28;
const FRAME_PADDING = 20;
const FRAME_HEADER = 26;
const FRAME_GAP = 64;
/** Back-edges sharing a lane must be this far apart vertically. */
const LANE_CLEARANCE = 12;

export interface Point {
  x: number;
  y: number;
}

export interface PlacedNode {
  node: LifecycleNode;
  /** Top-left corner, as React Flow positions nodes. */
  x: number;
  y: number;
  width: number;
  height: number;
}

export type EdgeRoute =
  /** Drawn through `path` (node border to node border); badges centred on `label`. */
  | { kind: "forward"; path: Point[]; label: Point }
  /** Leaves the source's right side, runs up lane `laneX`, enters the target's right side. */
  | { kind: "back"; from: Point; to: Point; laneX: number; label: Point }
  /**
   * The stacked layout's jump to a node that is not the next one: from `lead` (the source's
   * bottom; null when another edge already draws that stretch) down to `from` (its badge stack),
   * then to lane `laneX` on the right, along it, and into the target's right side at `to`.
   */
  | { kind: "lane"; lead: Point | null; from: Point; to: Point; laneX: number; label: Point };

export interface PlacedEdge {
  edge: LifecycleEdge;
  route: EdgeRoute;
  /** The box its badge stack (and label) takes, centred on `route.label`. */
  stack: { width: number; height: number };
}

export interface Frame {
  label: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface ProfileLayout {
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  /** The box around the `outside` nodes, or null when the profile has none. */
  outsideFrame: Frame | null;
  /** Everything drawn: nodes, frame, edge routes and badge stacks (so fit-view shows it all). */
  bounds: Box;
  /** One column for a narrow pane (stackedLayout): edge labels wrap to the badges' width. */
  stacked: boolean;
}

/** Size of the badge stack (plus its optional label line) an edge carries. */
export function edgeLabelSize(edge: Pick<LifecycleEdge, "points" | "label">): { width: number; height: number } {
  const n = edge.points.length;
  const badges = n === 0 ? 0 : n * BADGE_HEIGHT + (n - 1) * BADGE_GAP;
  const label = edge.label ? EDGE_LABEL_LINE : 0;
  return { width: n > 0 ? BADGE_WIDTH : edge.label ? 120 : 0, height: badges + label };
}

interface DagreResult {
  centers: Map<string, Point>;
  edges: Map<string, { path: Point[]; label: Point }>;
  width: number;
  height: number;
}

function runDagre(nodes: readonly LifecycleNode[], edges: readonly LifecycleEdge[]): DagreResult {
  const g = new dagre.graphlib.Graph({ multigraph: true });
  g.setGraph({ rankdir: "TB", nodesep: 48, edgesep: 24, ranksep: 36, marginx: 0, marginy: 0 });
  g.setDefaultEdgeLabel(() => ({}));
  for (const n of nodes) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const e of edges) {
    const size = edgeLabelSize(e);
    g.setEdge(e.source, e.target, { ...size, labelpos: "c", minlen: 1 }, e.id);
  }
  dagre.layout(g);

  const centers = new Map<string, Point>();
  for (const n of nodes) {
    const label = g.node(n.id) as { x: number; y: number } | undefined;
    if (label) centers.set(n.id, { x: label.x, y: label.y });
  }
  const routed = new Map<string, { path: Point[]; label: Point }>();
  for (const e of edges) {
    const label = g.edge({ v: e.source, w: e.target, name: e.id }) as
      | { points?: Point[]; x?: number; y?: number }
      | undefined;
    const path = label?.points ?? [];
    const mid = path[Math.floor(path.length / 2)] ?? { x: 0, y: 0 };
    routed.set(e.id, { path, label: { x: label?.x ?? mid.x, y: label?.y ?? mid.y } });
  }
  const graph = g.graph() as { width?: number; height?: number };
  return { centers, edges: routed, width: graph.width ?? 0, height: graph.height ?? 0 };
}

function rightMiddle(c: Point, lane: number): Point {
  const nudge = [0, 8, -8][lane % 3] ?? 0;
  return { x: c.x + NODE_WIDTH / 2, y: c.y + nudge };
}

/** Assigns back-edges to vertical lanes; edges whose spans do not overlap share a lane. */
export class LaneAllocator {
  private readonly lanes: { top: number; bottom: number }[][] = [];

  take(top: number, bottom: number): number {
    const fits = (spans: { top: number; bottom: number }[]) =>
      spans.every((s) => bottom + LANE_CLEARANCE < s.top || top - LANE_CLEARANCE > s.bottom);
    let index = this.lanes.findIndex(fits);
    if (index < 0) {
      index = this.lanes.length;
      this.lanes.push([]);
    }
    this.lanes[index]?.push({ top, bottom });
    return index;
  }
}

/** Straight-ish path between the borders of two nodes that dagre did not lay out together. */
function crossPath(from: Point, to: Point): Point[] {
  const goesRight = to.x > from.x;
  const start = { x: from.x + (goesRight ? NODE_WIDTH / 2 : -NODE_WIDTH / 2), y: from.y };
  const end = { x: to.x + (goesRight ? -NODE_WIDTH / 2 : NODE_WIDTH / 2), y: to.y };
  return [start, { x: (start.x + end.x) / 2, y: start.y }, { x: (start.x + end.x) / 2, y: end.y }, end];
}

/**
 * Computes node positions and edge routes for a profile's lifecycle graph.
 *
 * @param profile - its `nodes` and `edges`; edges naming unknown nodes are dropped.
 * @returns positions in React Flow coordinates (top-left of each node).
 */
export function layoutProfile(profile: Pick<Profile, "nodes" | "edges">): ProfileLayout {
  const known = new Set(profile.nodes.map((n) => n.id));
  const edges = profile.edges.filter((e) => known.has(e.source) && known.has(e.target));
  const isOutside = new Set(profile.nodes.filter((n) => n.kind === "outside").map((n) => n.id));
  const loopNodes = profile.nodes.filter((n) => !isOutside.has(n.id));
  const outsideNodes = profile.nodes.filter((n) => isOutside.has(n.id));

  const inLoop = (e: LifecycleEdge) => !isOutside.has(e.source) && !isOutside.has(e.target);
  const inOutside = (e: LifecycleEdge) => isOutside.has(e.source) && isOutside.has(e.target);
  const loopForward = edges.filter((e) => inLoop(e) && !e.back && e.source !== e.target);

  const loop = runDagre(loopNodes, loopForward);
  const outside = runDagre(outsideNodes, edges.filter(inOutside));

  // The outside column sits left of the loop, vertically aligned with its top, far enough away
  // that the badges of edges crossing between the two fit in the gap.
  const crossing = edges.filter((e) => !inLoop(e) && !inOutside(e));
  const gap = Math.max(FRAME_GAP, ...crossing.map((e) => edgeLabelSize(e).width + 48));
  const outsideOffsetX = outsideNodes.length > 0 ? -(outside.width + gap + FRAME_PADDING) : 0;
  const outsideOffsetY = FRAME_HEADER + FRAME_PADDING;
  const centers = new Map<string, Point>(loop.centers);
  for (const [id, c] of outside.centers) centers.set(id, { x: c.x + outsideOffsetX, y: c.y + outsideOffsetY });

  const placedNodes: PlacedNode[] = profile.nodes.flatMap((node) => {
    const c = centers.get(node.id);
    if (!c) return [];
    return [{ node, x: c.x - NODE_WIDTH / 2, y: c.y - NODE_HEIGHT / 2, width: NODE_WIDTH, height: NODE_HEIGHT }];
  });

  const loopRight = Math.max(loop.width, ...loopNodes.map((n) => (centers.get(n.id)?.x ?? 0) + NODE_WIDTH / 2));

  // Which edges go up the side, and in which lane; a lane is as wide as its widest badge stack.
  const isBack = (edge: LifecycleEdge, s: Point, t: Point) => {
    const routed = inLoop(edge) ? loop.edges.get(edge.id) : inOutside(edge) ? outside.edges.get(edge.id) : undefined;
    if (edge.back || edge.source === edge.target) return true;
    return routed ? routed.path.length === 0 : t.y < s.y;
  };
  const lanes = new LaneAllocator();
  const laneOf = new Map<string, number>();
  for (const edge of edges) {
    const s = centers.get(edge.source);
    const t = centers.get(edge.target);
    if (s && t && isBack(edge, s, t)) laneOf.set(edge.id, lanes.take(Math.min(s.y, t.y), Math.max(s.y, t.y)));
  }
  const laneWidths: number[] = [];
  for (const edge of edges) {
    const lane = laneOf.get(edge.id);
    if (lane !== undefined) laneWidths[lane] = Math.max(laneWidths[lane] ?? 0, edgeLabelSize(edge).width, 24);
  }
  const laneXs: number[] = [];
  let x = loopRight + LANE_GAP;
  laneWidths.forEach((w, i) => {
    laneXs[i] = x + w / 2;
    x += w + LANE_GAP;
  });

  const placedEdges: PlacedEdge[] = edges.flatMap((edge): PlacedEdge[] => {
    const s = centers.get(edge.source);
    const t = centers.get(edge.target);
    if (!s || !t) return [];
    const shifted = (p: Point): Point =>
      inOutside(edge) ? { x: p.x + outsideOffsetX, y: p.y + outsideOffsetY } : p;
    const lane = laneOf.get(edge.id);
    if (lane !== undefined) {
      const laneX = laneXs[lane] ?? loopRight + LANE_GAP;
      // Edges in different lanes that touch the same node enter/leave it at slightly different heights.
      const from = rightMiddle(s, lane);
      const to = rightMiddle(t, lane);
      return [{ edge, route: { kind: "back", from, to, laneX, label: { x: laneX, y: (from.y + to.y) / 2 } }, stack: edgeLabelSize(edge) }];
    }
    const routed = inLoop(edge) ? loop.edges.get(edge.id) : inOutside(edge) ? outside.edges.get(edge.id) : undefined;
    if (routed) {
      return [{ edge, route: { kind: "forward", path: routed.path.map(shifted), label: shifted(routed.label) }, stack: edgeLabelSize(edge) }];
    }
    const path = crossPath(s, t);
    const a = path[1] ?? s;
    const b = path[2] ?? t;
    return [{ edge, route: { kind: "forward", path, label: { x: a.x, y: (a.y + b.y) / 2 } }, stack: edgeLabelSize(edge) }];
  });

  const outsideFrame: Frame | null =
    outsideNodes.length === 0
      ? null
      : {
          label: "Outside the loop",
          x: outsideOffsetX - FRAME_PADDING,
          y: 0,
          width: outside.width + 2 * FRAME_PADDING,
          height: outside.height + FRAME_HEADER + 2 * FRAME_PADDING,
        };

  return {
    nodes: placedNodes,
    edges: placedEdges,
    outsideFrame,
    bounds: boundsOf(placedNodes, placedEdges, outsideFrame),
    stacked: false,
  };
}

/** The box around nodes, frame, badge stacks and edge routes. */
export function boundsOf(nodes: readonly PlacedNode[], edges: readonly PlacedEdge[], frame: Frame | null): Box {
  const boxes: Box[] = nodes.map((n) => ({ x: n.x, y: n.y, width: n.width, height: n.height }));
  if (frame) boxes.push(frame);
  for (const { route, stack: size } of edges) {
    boxes.push({ x: route.label.x - size.width / 2, y: route.label.y - size.height / 2, width: size.width, height: size.height });
    const points = route.kind === "forward" ? route.path : [route.from, route.to, { x: route.laneX, y: route.from.y }];
    for (const p of points) boxes.push({ x: p.x, y: p.y, width: 0, height: 0 });
  }
  if (boxes.length === 0) return { x: 0, y: 0, width: 0, height: 0 };
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}
