"use client";

import Link from "next/link";
import type { KeyboardEvent, ReactNode } from "react";
import { RunHistory } from "~/components/run/RunHistory";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import styles from "./designer.module.css";
import { MAIN_MIN, RUN_HEADER, RUN_MIN, SPLITTER, type PaneSizes, type RunTab } from "./paneLayout";
import { PaneSplitter } from "./PaneSplitter";
import { paneKeys, type PaneId } from "./usePaneShortcuts";
import "~/components/run/run.css";

const tabs: readonly { id: RunTab; label: string }[] = [
  { id: "run", label: "Run" },
  { id: "runs", label: "Runs" },
];

/**
 * The bottom of the designer: the run panel and the list of recorded runs as two tabs, resized
 * from its top edge and collapsible to its tab strip.
 */
export function DesignerRunDock(props: {
  sizes: PaneSizes;
  update(change: Partial<PaneSizes>): void;
  /** Height of the open tab's body, in pixels (0 collapsed or not measured yet). */
  bodyHeight: number;
  designerHeight: number;
  onShow(pane: PaneId): void;
  children: ReactNode;
}) {
  const { sizes, update, designerHeight } = props;
  const pipelineId = useEditorStore((s) => s.pipelineId);
  const open = !sizes.runCollapsed;
  const tab = sizes.runTab;
  const bodyStyle = props.bodyHeight > 0 ? { height: props.bodyHeight } : undefined;

  const onTabKey = (e: KeyboardEvent<HTMLButtonElement>) => {
    if (e.key !== "ArrowLeft" && e.key !== "ArrowRight") return;
    e.preventDefault();
    props.onShow(tab === "run" ? "runs" : "run");
    // Roving focus: the newly selected tab takes it.
    requestAnimationFrame(() => document.getElementById(`dock-tab-${tab === "run" ? "runs" : "run"}`)?.focus());
  };

  return (
    <section className={styles.runDock} aria-label="Runs of this pipeline" data-testid="run-dock">
      {open && props.bodyHeight > 0 ? (
        <PaneSplitter
          orientation="horizontal"
          label="Resize the run panel"
          controls={tab === "run" ? "run-pane-body" : "runs-pane-body"}
          size={props.bodyHeight}
          min={RUN_MIN}
          max={Math.max(RUN_MIN, designerHeight - MAIN_MIN - RUN_HEADER - SPLITTER)}
          grows="after"
          onResize={(px) => update({ run: px / designerHeight })}
          testId="splitter-run"
        />
      ) : null}
      <div className={styles.dockBar}>
        <div role="tablist" aria-label="Run panel" className={styles.dockTabs}>
          {tabs.map((t) => (
            <button
              key={t.id}
              id={`dock-tab-${t.id}`}
              type="button"
              role="tab"
              aria-selected={open && tab === t.id}
              aria-controls={t.id === "run" ? "run-pane-body" : "runs-pane-body"}
              tabIndex={tab === t.id ? 0 : -1}
              className={styles.dockTab}
              onClick={() => update({ runTab: t.id, runCollapsed: false })}
              onKeyDown={onTabKey}
              title={`${t.label} (${paneKeys[t.id]})`}
              data-testid={`dock-tab-${t.id}`}
            >
              {t.label}
            </button>
          ))}
        </div>
        {pipelineId && open && tab === "runs" ? (
          <Link href={`/pipelines/${pipelineId}/runs`} className={styles.dockLink}>
            Open the runs page
          </Link>
        ) : null}
        <button
          type="button"
          className={styles.paneButton}
          aria-expanded={open}
          aria-label={open ? "Collapse the run panel" : "Open the run panel"}
          title={open ? "Collapse the run panel" : `Open the run panel (${paneKeys.run})`}
          onClick={() => update({ runCollapsed: open })}
          data-testid="collapse-run"
        >
          {open ? "▾" : "▴"}
        </button>
      </div>
      {/* Hidden, not unmounted: a run in progress keeps streaming while collapsed or on the Runs tab. */}
      <div id="run-pane-body" role="tabpanel" aria-labelledby="dock-tab-run" className={styles.runBody} style={bodyStyle} hidden={!open || tab !== "run"} tabIndex={-1}>
        {props.children}
      </div>
      <div id="runs-pane-body" role="tabpanel" aria-labelledby="dock-tab-runs" className={styles.runBody} style={bodyStyle} hidden={!open || tab !== "runs"} tabIndex={-1}>
        {/* Mounted only while shown: the list polls the server. */}
        {open && tab === "runs" && pipelineId ? <RunHistory pipelineId={pipelineId} /> : null}
      </div>
    </section>
  );
}
