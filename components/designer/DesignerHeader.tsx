"use client";

import Link from "next/link";
import { ExportPluginButton } from "~/components/bundles/ExportPluginButton";
import { TestAllButton } from "~/components/expectations/TestAllButton";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { Profile } from "~/core/profiles";
import styles from "./designer.module.css";
import { downloadText, exportFileName, pipelineFileText } from "./exportPipeline";
import { ImportPipelineButton } from "./ImportPipelineButton";
import { PipelineSettingsButton } from "~/components/settings/pipeline/PipelineSettingsButton";
import { SaveStatus } from "./SaveStatus";
import { useDesignerDoc } from "./useDesignerDoc";

const mod = "Ctrl/⌘";

/** `onShowRuns` opens the designer's Runs tab (absent where there is no run panel). */
export function DesignerHeader({ profile, onShowRuns }: { profile: Profile; onShowRuns?: () => void }) {
  const doc = useDesignerDoc();
  const undo = useEditorStore((s) => s.undo);
  const redo = useEditorStore((s) => s.redo);
  const undoLabel = useEditorStore((s) => s.history.past.at(-1)?.label ?? null);
  const redoLabel = useEditorStore((s) => s.history.future.at(-1)?.label ?? null);
  const pipelineId = useEditorStore((s) => s.pipelineId);
  const hookCount = doc.hooks.length;

  return (
    <header className={styles.header}>
      <div className={styles.titleBlock}>
        <Link href="/" className={styles.back}>
          ← All pipelines
        </Link>
        <h1 className={styles.title}>{doc.name}</h1>
        <span className="badge" title={profile.description}>
          {profile.name}
        </span>
        <span className={styles.meta}>
          {hookCount} hook{hookCount === 1 ? "" : "s"} · {doc.modules.length} module{doc.modules.length === 1 ? "" : "s"}
        </span>
      </div>
      <div className={styles.actions}>
        <SaveStatus />
        {pipelineId ? <TestAllButton pipelineId={pipelineId} /> : null}
        <button
          type="button"
          className="btn btn-quiet"
          onClick={undo}
          disabled={!undoLabel}
          title={undoLabel ? `Undo: ${undoLabel} (${mod}+Z)` : "Nothing to undo"}
          aria-label={undoLabel ? `Undo: ${undoLabel}` : "Undo"}
        >
          ↶
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          onClick={redo}
          disabled={!redoLabel}
          title={redoLabel ? `Redo: ${redoLabel} (${mod}+Shift+Z)` : "Nothing to redo"}
          aria-label={redoLabel ? `Redo: ${redoLabel}` : "Redo"}
        >
          ↷
        </button>
        <button
          type="button"
          className="btn"
          onClick={() => downloadText(exportFileName(doc.name), pipelineFileText(doc))}
          title="Download this pipeline as a hookwright.pipeline/v1 file, with unsaved edits"
        >
          Export file
        </button>
        <ImportPipelineButton />
        <PipelineSettingsButton />
        {pipelineId ? <ExportPluginButton pipelineId={pipelineId} /> : null}
        {onShowRuns ? (
          <button type="button" className="btn btn-quiet" onClick={onShowRuns} title="Every run of this pipeline: compare any two (Alt+5)" data-testid="runs-link">
            Runs
          </button>
        ) : null}
        {pipelineId ? (
          <Link href={`/pipelines/${pipelineId}/history`} className="btn btn-quiet" title="Every saved revision: what changed, diffs, restore" data-testid="history-link">
            History
          </Link>
        ) : null}
      </div>
    </header>
  );
}
