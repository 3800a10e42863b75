"use client";

import { useReactFlow, useStoreApi } from "@xyflow/react";
import type { Box, ProfileLayout } from "./layoutProfile";
import styles from "./loopGraph.module.css";
import { readableViewport } from "./readableViewport";

/** Room around a stage's events, so the badges on the edges entering and leaving it show too. */
const STAGE_MARGIN = 40;

/**
 * For a profile whose lifecycle has named stages (OpenClaw: 23 points), buttons that show one
 * stage's events and badges at a readable size (from the stage's top when it is taller than the
 * pane), or the whole run at once: the large graph is read a stage at a time.
 */
export function StageZoom({ layout, groups }: { layout: ProfileLayout; groups: Readonly<Record<string, string>> | undefined }) {
  const flow = useReactFlow();
  const store = useStoreApi();
  if (!groups) return null;
  const stages = Object.entries(groups)
    .map(([group, label]) => ({ group, label, members: layout.nodes.filter((p) => p.node.group === group) }))
    .filter((s) => s.members.length > 0);
  if (stages.length === 0) return null;

  const show = (members: (typeof stages)[number]["members"]) => {
    const x = Math.min(...members.map((p) => p.x)) - STAGE_MARGIN;
    const y = Math.min(...members.map((p) => p.y)) - STAGE_MARGIN;
    const box: Box = {
      x,
      y,
      width: Math.max(...members.map((p) => p.x + p.width)) + STAGE_MARGIN - x,
      height: Math.max(...members.map((p) => p.y + p.height)) + STAGE_MARGIN - y,
    };
    const { width, height } = store.getState();
    void flow.setViewport(readableViewport(box, { width, height }, box.x + box.width / 2), { duration: 250 });
  };

  return (
    <div className={styles.stageZoom}>
      <div role="toolbar" aria-label="Show a stage of the run">
        <button type="button" className={styles.stageButton} onClick={() => void flow.fitView({ padding: 0.04, duration: 250 })} data-testid="stage-all" title="The whole run at once (small)">
          All
        </button>
        {stages.map((s) => (
          <button key={s.group} type="button" className={styles.stageButton} data-testid={`stage-${s.group}`} onClick={() => show(s.members)}>
            {s.label}
          </button>
        ))}
      </div>
    </div>
  );
}
