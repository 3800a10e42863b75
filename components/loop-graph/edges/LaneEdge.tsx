import { BaseEdge, type EdgeProps } from "@xyflow/react";
import { memo } from "react";
import { leadLanePath } from "../edgePaths";
import styles from "../loopGraph.module.css";
import type { LaneFlowEdge } from "../types";
import { PointBadges } from "./PointBadges";

/** The one-column layout's jump past other events: out of its badge stack, along a lane, into the target's side. */
export const LaneEdge = memo(function LaneEdge({ id, data, markerEnd }: EdgeProps<LaneFlowEdge>) {
  if (!data) return null;
  return (
    <>
      <BaseEdge
        id={id}
        path={leadLanePath(data.lead, data)}
        markerEnd={markerEnd}
        className={`${styles.edgePath} ${data.back ? styles.backPath : ""} ${data.active ? styles.activeEdge : ""}`}
      />
      <PointBadges edgeId={id} at={data.labelAt} label={data.label} points={data.points} back={data.back} wrapLabel={data.wrapLabel} />
    </>
  );
});
