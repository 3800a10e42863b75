"use client";

import { useCallback, useMemo, useRef, type CSSProperties, type ReactNode } from "react";
import { LoopGraph } from "~/components/loop-graph/LoopGraph";
import { PointRunProvider } from "~/components/point-run/PointRunProvider";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { generateProfileDts, getProfile, type Profile } from "~/core/profiles";
import { ConflictDialog } from "./ConflictDialog";
import { DesignerHeader } from "./DesignerHeader";
import { DesignerRunDock } from "./DesignerRunDock";
import styles from "./designer.module.css";
import { EditorPane } from "./EditorPane";
import { HookPanel } from "./HookPanel";
import { ModulesPanel } from "./ModulesPanel";
import { NoticeBar } from "./NoticeBar";
import { PaneBar, PaneRail } from "./PaneChrome";
import { editorMinWidth, GRAPH_MIN, PANEL_MIN, paneWidths, runHeight, type PaneSizes } from "./paneLayout";
import { PaneSplitter } from "./PaneSplitter";
import { focusPane } from "./paneFocus";
import { useAutosave } from "./useAutosave";
import { useDesignerDoc } from "./useDesignerDoc";
import { useDesignerShortcuts } from "./useDesignerShortcuts";
import { useElementSize } from "./useElementSize";
import { usePaneShortcuts, paneKeys, type PaneId } from "./usePaneShortcuts";
import { usePaneSizes } from "./usePaneSizes";

/** The designer screen: header, loop graph, hook panel, code editor, and an optional run panel. */
export function Designer({ runPanel }: { runPanel?: ReactNode }) {
  const doc = useEditorStore((s) => s.doc);
  if (!doc) return null;
  const profile = getProfile(doc.profile);
  if (!profile) {
    return (
      <p className="alert" role="alert">
        This pipeline uses the profile “{doc.profile}”, which this version of Hookwright does not know.
      </p>
    );
  }
  return (
    <PointRunProvider>
      <Workspace profile={profile} runPanel={runPanel} />
    </PointRunProvider>
  );
}

/** What a pane must undo to be seen: collapsed, hidden by a maximised editor, or on another tab. */
function showing(pane: PaneId): Partial<PaneSizes> {
  switch (pane) {
    case "graph":
      return { graphCollapsed: false, editorMaximised: false };
    case "hooks":
      return { panelCollapsed: false, editorMaximised: false };
    case "editor":
      return {};
    case "run":
      return { runCollapsed: false, runTab: "run" };
    case "runs":
      return { runCollapsed: false, runTab: "runs" };
  }
}

/**
 * The handle right of the loop graph or the hook panel: the pane keeps its minimum and grows only
 * as far as the editor can give up room (`editorSpare`, its width above its own minimum).
 */
function SidePaneSplitter(props: { pane: "graph" | "hooks"; label: string; width: number; min: number; editorSpare: number; onResize(px: number): void }) {
  return (
    <PaneSplitter
      orientation="vertical"
      label={props.label}
      controls={`pane-${props.pane}`}
      size={props.width}
      min={props.min}
      max={Math.max(props.min, props.width + props.editorSpare)}
      grows="before"
      onResize={props.onResize}
      testId={`splitter-${props.pane}`}
    />
  );
}

/**
 * Graph | hook panel | editor side by side, the run panel below; every border is a splitter and
 * the sizes are remembered in this browser. Widths come from the measured width, so the row
 * always fits the window (no sideways scrolling) and the editor keeps half of it while a file
 * is open (paneLayout).
 */
function Workspace({ profile, runPanel }: { profile: Profile; runPanel?: ReactNode }) {
  useAutosave();
  useDesignerShortcuts();
  const doc = useDesignerDoc();
  const selectedPointId = useEditorStore((s) => s.selectedPointId);
  const selectPoint = useEditorStore((s) => s.selectPoint);
  const highlight = useEditorStore((s) => s.runHighlight);
  const fileOpen = useEditorStore((s) => s.openFile !== null);
  const declarations = useMemo(() => generateProfileDts(profile), [profile]);
  const [sizes, update] = usePaneSizes();
  const rootRef = useRef<HTMLDivElement>(null);
  const mainRef = useRef<HTMLDivElement>(null);
  const main = useElementSize(mainRef);
  const root = useElementSize(rootRef);

  const show = useCallback(
    (pane: PaneId) => {
      update(showing(pane));
      // Two frames: React commits the shown pane, then the browser lays it out.
      requestAnimationFrame(() => requestAnimationFrame(() => focusPane(pane)));
    },
    [update],
  );
  const toggleMaximise = useCallback(() => update({ editorMaximised: !sizes.editorMaximised }), [update, sizes.editorMaximised]);
  usePaneShortcuts({ focusPane: show, toggleMaximise });

  // Until the row is measured (server render, first paint) the widths are the stored fractions.
  const measured = main.width > 0;
  const w = paneWidths(main.width, sizes, fileOpen);
  const editorMin = editorMinWidth(main.width, fileOpen);
  const widthStyle = (px: number, fraction: number): CSSProperties => (measured ? { width: px } : { width: `${fraction * 100}%` });

  return (
    <div ref={rootRef} className={styles.designer}>
      <DesignerHeader profile={profile} onShowRuns={runPanel ? () => show("runs") : undefined} />
      <div ref={mainRef} className={styles.main}>
        {w.graphRail ? (
          <PaneRail title="Loop graph" shortcut={paneKeys.graph} onOpen={() => show("graph")} testId="rail-graph" />
        ) : (
          <>
            <section id="pane-graph" className={styles.graphPane} style={widthStyle(w.graph, sizes.graph)} aria-label="Agent loop" tabIndex={-1}>
              <PaneBar title="Loop graph" shortcut={paneKeys.graph} onCollapse={() => update({ graphCollapsed: true })} testId="collapse-graph" />
              <div className={styles.graphBody}>
                <LoopGraph
                  profile={profile}
                  hooks={doc.hooks}
                  externalPoints={doc.externalHooks?.map((h) => h.point)}
                  selectedPointId={selectedPointId}
                  onSelectPoint={selectPoint}
                  activeEdgeId={highlight?.edgeId ?? null}
                  activePoint={highlight?.point ?? null}
                  activeHookId={highlight?.hookId ?? null}
                  activeNodeId={highlight?.nodeId ?? null}
                />
              </div>
            </section>
            <SidePaneSplitter pane="graph" label="Resize the loop graph" width={w.graph} min={GRAPH_MIN} editorSpare={w.editor - editorMin} onResize={(px) => update({ graph: px / main.width })} />
          </>
        )}
        {w.panelRail ? (
          <PaneRail title="Hooks" shortcut={paneKeys.hooks} onOpen={() => show("hooks")} testId="rail-hooks" />
        ) : (
          <>
            <aside id="pane-hooks" className={styles.panelPane} style={widthStyle(w.panel, sizes.panel)} aria-label="Hooks and modules" tabIndex={-1}>
              <PaneBar title="Hooks" shortcut={paneKeys.hooks} onCollapse={() => update({ panelCollapsed: true })} testId="collapse-hooks" />
              <div className={styles.panelBody}>
                <HookPanel profile={profile} />
                <ModulesPanel />
              </div>
            </aside>
            <SidePaneSplitter pane="hooks" label="Resize the hook panel" width={w.panel} min={PANEL_MIN} editorSpare={w.editor - editorMin} onResize={(px) => update({ panel: px / main.width })} />
          </>
        )}
        <section id="pane-editor" className={styles.editorPane} aria-label="Code" tabIndex={-1}>
          <EditorPane profile={profile} declarations={declarations} maximised={sizes.editorMaximised} onToggleMaximise={toggleMaximise} />
        </section>
      </div>
      {runPanel ? (
        <DesignerRunDock
          sizes={sizes}
          update={update}
          bodyHeight={runHeight(root.height, sizes)}
          designerHeight={root.height}
          onShow={show}
        >
          {runPanel}
        </DesignerRunDock>
      ) : null}
      <NoticeBar />
      <ConflictDialog />
    </div>
  );
}
