import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import styles from "../loopGraph.module.css";
import type { EventFlowNode } from "../types";
import { NodeHandles } from "./NodeHandles";

const kindClass = { start: styles.start, event: styles.event, terminal: styles.terminal, outside: styles.outside };

export const EventNode = memo(function EventNode({ data }: NodeProps<EventFlowNode>) {
  const { event, active } = data;
  return (
    <div className={`${styles.node} ${kindClass[event.kind]} ${active ? styles.activeNode : ""}`} title={event.doc}>
      <NodeHandles />
      <span className={styles.nodeLabel}>{event.label}</span>
    </div>
  );
});
