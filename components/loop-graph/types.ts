import type { Edge, Node } from "@xyflow/react";
import type { LifecycleNode } from "~/core/profiles/types";
import type { Point } from "./layoutProfile";

/** A lifecycle event inside the loop (start, event, terminal). */
export type EventNodeData = { event: LifecycleNode; active: boolean };
export type EventFlowNode = Node<EventNodeData, "event">;

/** A lifecycle event outside the loop (plugin init/shutdown, session start). */
export type OutsideFlowNode = Node<EventNodeData, "outside">;

/** The labelled box drawn behind the outside events. */
export type FrameNodeData = { label: string };
export type FrameFlowNode = Node<FrameNodeData, "frame">;

/** An invisible node covering the whole drawing, so fit-view includes the back-edge lanes. */
export type BoundsFlowNode = Node<Record<string, never>, "bounds">;

export type LoopFlowNode = EventFlowNode | OutsideFlowNode | FrameFlowNode | BoundsFlowNode;

/** One hook point as its badge shows it. */
export interface PointBadgeData {
  pointId: string;
  doc: string;
  /** Hooks on the point that are enabled (the number on the badge). */
  enabled: number;
  total: number;
  /** Hooks the host runs that Hookwright cannot (imported shell / Python commands), listed not run. */
  external?: number;
  selected: boolean;
  active: boolean;
}

export interface TransitionEdgeData extends Record<string, unknown> {
  label: string | null;
  points: PointBadgeData[];
  active: boolean;
  /** The label wraps to the badges' width (the one-column layout). */
  wrapLabel: boolean;
}

export type ForwardFlowEdge = Edge<TransitionEdgeData & { path: Point[]; labelAt: Point }, "forward">;
export type BackFlowEdge = Edge<TransitionEdgeData & { from: Point; to: Point; laneX: number; labelAt: Point }, "back">;
/** The one-column layout's jump past other events: through a lane on the right, solid or (a back-edge) dashed. */
export type LaneFlowEdge = Edge<TransitionEdgeData & { lead: Point | null; from: Point; to: Point; laneX: number; labelAt: Point; back: boolean }, "lane">;
export type LoopFlowEdge = ForwardFlowEdge | BackFlowEdge | LaneFlowEdge;
