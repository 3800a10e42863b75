import { Handle, Position } from "@xyflow/react";
import styles from "../loopGraph.module.css";

/**
 * Edges are drawn from the layout's own routes, but React Flow still wants a handle at each
 * end; these invisible ones satisfy it without offering connections.
 */
export function NodeHandles() {
  return (
    <>
      <Handle id="top" type="target" position={Position.Top} isConnectable={false} className={styles.handle} />
      <Handle id="bottom" type="source" position={Position.Bottom} isConnectable={false} className={styles.handle} />
      <Handle id="right-in" type="target" position={Position.Right} isConnectable={false} className={styles.handle} />
      <Handle id="right-out" type="source" position={Position.Right} isConnectable={false} className={styles.handle} />
    </>
  );
}
