import type { EdgeTypes } from "@xyflow/react";
import { BackEdge } from "./edges/BackEdge";
import { ForwardEdge } from "./edges/ForwardEdge";

/** Module scope, like nodeTypes. */
export const edgeTypes = {
  forward: ForwardEdge,
  back: BackEdge,
} satisfies EdgeTypes;
