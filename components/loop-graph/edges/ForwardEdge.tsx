import { BaseEdge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { smoothPath } from "../edgePaths";
import styles from "../loopGraph.module.css";
import type { ForwardFlowEdge } from "../types";
import { PointBadges } from "./PointBadges";

export const ForwardEdge = memo(function ForwardEdge({ id, data, markerEnd }: EdgeProps<ForwardFlowEdge>) {
  if (!data) return null;
  return (
    <>
      <BaseEdge
        id={id}
        path={smoothPath(data.path)}
        markerEnd={markerEnd}
        className={`${styles.edgePath} ${data.active ? styles.activeEdge : ""}`}
      />
      <PointBadges edgeId={id} at={data.labelAt} label={data.label} points={data.points} back={false} wrapLabel={data.wrapLabel} />
    </>
  );
});
