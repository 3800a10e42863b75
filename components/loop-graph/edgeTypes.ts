import type { EdgeTypes } from "@xyflow/react";
import { BackEdge } from "./edges/BackEdge";
import { ForwardEdge } from "./edges/ForwardEdge";
import { LaneEdge } from "./edges/LaneEdge";

/** Module scope, like nodeTypes. */
export const edgeTypes = {
  forward: ForwardEdge,
  back: BackEdge,
  lane: LaneEdge,
} satisfies EdgeTypes;
