import { MarkerType } from "@xyflow/react";
import type { Hook } from "~/core/pipeline/schema";
import type { HookPointSpec } from "~/core/profiles/types";
import { GROUP_HEADER, GROUP_PADDING, type PlacedNode, type ProfileLayout } from "./layoutProfile";
import type { LoopFlowEdge, LoopFlowNode, PointBadgeData } from "./types";

export interface FlowHighlights {
  selectedPointId: string | null;
  /** A run's position: the transition being crossed, the point and hook executing. */
  activeEdgeId: string | null;
  activePoint: string | null;
  activeHookId: string | null;
}

/** Hook counts per point: how many are enabled, how many exist. */
export function countHooks(hooks: readonly Hook[]): Map<string, { enabled: number; total: number }> {
  const counts = new Map<string, { enabled: number; total: number }>();
  for (const h of hooks) {
    const c = counts.get(h.point) ?? { enabled: 0, total: 0 };
    counts.set(h.point, { enabled: c.enabled + (h.enabled ? 1 : 0), total: c.total + 1 });
  }
  return counts;
}

type Rect = Pick<PlacedNode, "x" | "y" | "width" | "height">;

const around = (members: readonly Rect[]): Rect => {
  const x = Math.min(...members.map((p) => p.x));
  const y = Math.min(...members.map((p) => p.y));
  return { x, y, width: Math.max(...members.map((p) => p.x + p.width)) - x, height: Math.max(...members.map((p) => p.y + p.height)) - y };
};
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * A group's members split into clusters, top to bottom, so that no cluster's box takes in an
 * event of another group (in the one-column layout a stage's events need not be adjacent).
 */
function clusters(members: readonly PlacedNode[], others: readonly PlacedNode[]): PlacedNode[][] {
  const out: PlacedNode[][] = [];
  for (const m of [...members].sort((a, b) => a.y - b.y || a.x - b.x)) {
    const last = out.at(-1);
    if (last && !others.some((o) => overlaps(around([...last, m]), o))) last.push(m);
    else out.push([m]);
  }
  return out;
}

/**
 * Labelled frames around the loop nodes of each stage group the profile names (a large graph,
 * e.g. OpenClaw's 23 points, reads as a few stages: turn preamble, model loop, tool calls, …).
 * A frame never takes in another group's event; a group (or part of one) of fewer than two loop
 * nodes gets no frame.
 */
export function groupFrames(layout: ProfileLayout, groups: Readonly<Record<string, string>> | undefined): LoopFlowNode[] {
  if (!groups) return [];
  const frames: LoopFlowNode[] = [];
  const loop = layout.nodes.filter((p) => p.node.kind !== "outside");
  for (const [group, label] of Object.entries(groups)) {
    const parts = clusters(
      loop.filter((p) => p.node.group === group),
      loop.filter((p) => p.node.group !== group),
    );
    parts.forEach((members, part) => {
      if (members.length < 2) return;
      const box = around(members);
      const x = box.x - GROUP_PADDING;
      const y = box.y - GROUP_PADDING - GROUP_HEADER;
      const width = box.width + 2 * GROUP_PADDING;
      const height = box.height + 2 * GROUP_PADDING + GROUP_HEADER;
      frames.push({
        id: part === 0 ? `__group-${group}` : `__group-${group}-${part}`,
        type: "frame",
        position: { x, y },
        data: { label },
        style: { width, height },
        width,
        height,
        selectable: false,
        focusable: false,
        zIndex: -1,
      });
    });
  }
  return frames;
}

/** The React Flow nodes of a laid-out profile; they depend on the layout only. */
export function buildFlowNodes(layout: ProfileLayout, activeNodeId: string | null = null, groups?: Readonly<Record<string, string>>): LoopFlowNode[] {
  const b = layout.bounds;
  const nodes: LoopFlowNode[] = [
    {
      id: "__bounds",
      type: "bounds",
      position: { x: b.x, y: b.y },
      data: {},
      width: b.width,
      height: b.height,
      style: { width: b.width, height: b.height },
      selectable: false,
      focusable: false,
      zIndex: -2,
    },
  ];
  if (layout.outsideFrame) {
    const f = layout.outsideFrame;
    nodes.push({
      id: "__outside-frame",
      type: "frame",
      position: { x: f.x, y: f.y },
      data: { label: f.label },
      style: { width: f.width, height: f.height },
      width: f.width,
      height: f.height,
      selectable: false,
      focusable: false,
      zIndex: -1,
    });
  }
  nodes.push(...groupFrames(layout, groups));
  for (const p of layout.nodes) {
    const common = {
      id: p.node.id,
      position: { x: p.x, y: p.y },
      width: p.width,
      height: p.height,
      data: { event: p.node, active: p.node.id === activeNodeId },
    };
    nodes.push(p.node.kind === "outside" ? { ...common, type: "outside" } : { ...common, type: "event" });
  }
  return nodes;
}

/** The React Flow edges, with each hook point's badge data (counts, docs, selection, run highlight). */
export function buildFlowEdges(options: {
  layout: ProfileLayout;
  profile: { points: readonly Pick<HookPointSpec, "id" | "doc">[] };
  hooks: readonly Hook[];
  /** Events of the pipeline's external hooks, one entry per hook. */
  externalPoints?: readonly string[];
  highlights: FlowHighlights;
}): LoopFlowEdge[] {
  const { layout, profile, hooks, highlights } = options;
  const counts = countHooks(hooks);
  const external = options.externalPoints ?? [];
  const docs = new Map(profile.points.map((p) => [p.id, p.doc]));
  const activeHookPoint = hooks.find((h) => h.id === highlights.activeHookId)?.point ?? null;

  return layout.edges.map(({ edge, route }): LoopFlowEdge => {
    const points: PointBadgeData[] = edge.points.map((pointId) => ({
      pointId,
      doc: docs.get(pointId) ?? "",
      enabled: counts.get(pointId)?.enabled ?? 0,
      total: counts.get(pointId)?.total ?? 0,
      ...(external.includes(pointId) ? { external: external.filter((p) => p === pointId).length } : {}),
      selected: pointId === highlights.selectedPointId,
      active:
        (pointId === highlights.activePoint || pointId === activeHookPoint) &&
        (highlights.activeEdgeId === null || highlights.activeEdgeId === edge.id),
    }));
    const active = edge.id === highlights.activeEdgeId;
    const base = {
      id: edge.id,
      source: edge.source,
      target: edge.target,
      markerEnd: { type: MarkerType.ArrowClosed, width: 16, height: 16 },
      focusable: false,
      selectable: false,
    };
    const data = { label: edge.label ?? null, points, active, wrapLabel: layout.stacked };
    switch (route.kind) {
      case "back":
        return { ...base, type: "back", sourceHandle: "right-out", targetHandle: "right-in", data: { ...data, from: route.from, to: route.to, laneX: route.laneX, labelAt: route.label } };
      case "lane":
        return {
          ...base,
          type: "lane",
          sourceHandle: "bottom",
          targetHandle: "right-in",
          data: { ...data, lead: route.lead, from: route.from, to: route.to, laneX: route.laneX, labelAt: route.label, back: edge.back === true },
        };
      case "forward":
        return { ...base, type: "forward", sourceHandle: "bottom", targetHandle: "top", data: { ...data, path: route.path, labelAt: route.label } };
    }
  });
}
