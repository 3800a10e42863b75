"use client";

import { useMemo, useState, type ReactNode } from "react";
import { LoopGraph } from "~/components/loop-graph/LoopGraph";
import { PointRunProvider } from "~/components/point-run/PointRunProvider";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { generateProfileDts, getProfile, type Profile } from "~/core/profiles";
import { ConflictDialog } from "./ConflictDialog";
import { DesignerHeader } from "./DesignerHeader";
import styles from "./designer.module.css";
import { EditorPane } from "./EditorPane";
import { HookPanel } from "./HookPanel";
import { ModulesPanel } from "./ModulesPanel";
import { NoticeBar } from "./NoticeBar";
import { useAutosave } from "./useAutosave";
import { useDesignerDoc } from "./useDesignerDoc";
import { useDesignerShortcuts } from "./useDesignerShortcuts";

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

function Workspace({ profile, runPanel }: { profile: Profile; runPanel?: ReactNode }) {
  useAutosave();
  useDesignerShortcuts();
  const doc = useDesignerDoc();
  const selectedPointId = useEditorStore((s) => s.selectedPointId);
  const selectPoint = useEditorStore((s) => s.selectPoint);
  const highlight = useEditorStore((s) => s.runHighlight);
  const declarations = useMemo(() => generateProfileDts(profile), [profile]);
  const [runOpen, setRunOpen] = useState(true);

  return (
    <div className={`${styles.designer} ${runPanel ? styles.withRunPanel : ""}`}>
      <DesignerHeader profile={profile} />
      <section className={styles.graphPane} aria-label="Agent loop">
        <LoopGraph
          profile={profile}
          hooks={doc.hooks}
          selectedPointId={selectedPointId}
          onSelectPoint={selectPoint}
          activeEdgeId={highlight?.edgeId ?? null}
          activePoint={highlight?.point ?? null}
          activeHookId={highlight?.hookId ?? null}
          activeNodeId={highlight?.nodeId ?? null}
        />
      </section>
      <aside className={styles.panelPane} aria-label="Hooks and modules">
        <HookPanel profile={profile} />
        <ModulesPanel />
      </aside>
      <section className={styles.editorPane} aria-label="Code">
        <EditorPane profile={profile} declarations={declarations} />
      </section>
      {runPanel ? (
        <section className={styles.runPane} aria-labelledby="run-pane-title">
          <button
            type="button"
            className={styles.runToggle}
            aria-expanded={runOpen}
            aria-controls="run-pane-body"
            onClick={() => setRunOpen((open) => !open)}
          >
            <span aria-hidden>{runOpen ? "▾" : "▸"}</span> <span id="run-pane-title">Run</span>
          </button>
          {/* Hidden, not unmounted: a run in progress keeps streaming while collapsed. */}
          <div id="run-pane-body" className={styles.runBody} hidden={!runOpen}>
            {runPanel}
          </div>
        </section>
      ) : null}
      <NoticeBar />
      <ConflictDialog />
    </div>
  );
}
