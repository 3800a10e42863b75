"use client";

import { useReactFlow } from "@xyflow/react";
import type { ProfileLayout } from "./layoutProfile";
import styles from "./loopGraph.module.css";
import { READABLE_ZOOM } from "./readableViewport";

/**
 * For a profile whose lifecycle has named stages (OpenClaw: 23 points), buttons that zoom the
 * graph to one stage's events and badges, or back to the whole run: the large graph is read a
 * stage at a time instead of all at once at a zoom too small to read.
 */
export function StageZoom({ layout, groups }: { layout: ProfileLayout; groups: Readonly<Record<string, string>> | undefined }) {
  const flow = useReactFlow();
  if (!groups) return null;
  const stages = Object.entries(groups)
    .map(([group, label]) => ({ group, label, ids: layout.nodes.filter((p) => p.node.group === group).map((p) => p.node.id) }))
    .filter((s) => s.ids.length > 0);
  if (stages.length === 0) return null;
  return (
    <div className={styles.stageZoom}>
      <div role="toolbar" aria-label="Zoom to a stage of the run">
        <button type="button" className={styles.stageButton} onClick={() => void flow.fitView({ padding: 0.04, duration: 250 })} data-testid="stage-all" title="The whole run at once (small)">
          All
        </button>
        {stages.map((s) => (
          <button
            key={s.group}
            type="button"
            className={styles.stageButton}
            data-testid={`stage-${s.group}`}
            onClick={() => void flow.fitView({ nodes: s.ids.map((id) => ({ id })), padding: 0.25, minZoom: READABLE_ZOOM, maxZoom: 1.1, duration: 250 })}
          >
            {s.label}
          </button>
        ))}
      </div>
    </div>
  );
}
