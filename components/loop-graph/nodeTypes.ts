import type { NodeTypes } from "@xyflow/react";
import { BoundsNode } from "./nodes/BoundsNode";
import { EventNode } from "./nodes/EventNode";
import { FrameNode } from "./nodes/FrameNode";
import { OutsideNode } from "./nodes/OutsideNode";

/** Module scope: React Flow re-mounts every node when this object's identity changes. */
export const nodeTypes = {
  event: EventNode,
  outside: OutsideNode,
  frame: FrameNode,
  bounds: BoundsNode,
} satisfies NodeTypes;
