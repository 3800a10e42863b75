import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import styles from "../loopGraph.module.css";
import type { OutsideFlowNode } from "../types";
import { NodeHandles } from "./NodeHandles";

export const OutsideNode = memo(function OutsideNode({ data }: NodeProps<OutsideFlowNode>) {
  return (
    <div className={`${styles.node} ${styles.outside} ${data.active ? styles.activeNode : ""}`} title={data.event.doc}>
      <NodeHandles />
      <span className={styles.nodeLabel}>{data.event.label}</span>
    </div>
  );
});
