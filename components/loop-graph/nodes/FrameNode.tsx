import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import styles from "../loopGraph.module.css";
import type { FrameFlowNode } from "../types";

export const FrameNode = memo(function FrameNode({ data }: NodeProps<FrameFlowNode>) {
  return (
    <div className={styles.frame} aria-hidden>
      <span className={styles.frameLabel}>{data.label}</span>
    </div>
  );
});
