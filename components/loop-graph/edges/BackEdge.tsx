import { BaseEdge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { lanePath } from "../edgePaths";
import styles from "../loopGraph.module.css";
import type { BackFlowEdge } from "../types";
import { PointBadges } from "./PointBadges";

/** A loop's back-edge, dashed and routed in its own lane on the right. */
export const BackEdge = memo(function BackEdge({ id, data, markerEnd }: EdgeProps<BackFlowEdge>) {
  if (!data) return null;
  return (
    <>
      <BaseEdge
        id={id}
        path={lanePath(data.from, data.to, data.laneX)}
        markerEnd={markerEnd}
        className={`${styles.edgePath} ${styles.backPath} ${data.active ? styles.activeEdge : ""}`}
      />
      <PointBadges edgeId={id} at={data.labelAt} label={data.label} points={data.points} back wrapLabel={data.wrapLabel} />
    </>
  );
});
