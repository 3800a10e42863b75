"use client";

import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { SaveStatus as Status } from "~/components/store/designerSlice";
import styles from "./designer.module.css";

const labels: Record<Status, string> = {
  saved: "Saved",
  unsaved: "Unsaved",
  saving: "Saving…",
  conflict: "Conflict",
  error: "Not saved",
};

/** Where the working copy stands against the server, with a retry after a failed save. */
export function SaveStatus() {
  const status = useEditorStore((s) => s.saveStatus);
  const error = useEditorStore((s) => s.saveError);
  const revision = useEditorStore((s) => s.baseRevision);
  const requestSave = useEditorStore((s) => s.requestSave);
  return (
    <span className={styles.saveStatus} role="status" aria-live="polite">
      <span className={`${styles.saveDot} ${styles[`save_${status}`]}`} aria-hidden />
      <span data-testid="save-status" title={error ?? `Revision ${revision}`}>
        {labels[status]}
      </span>
      {status === "saved" ? <span className={styles.revision}>revision {revision}</span> : null}
      {status === "error" ? (
        <button type="button" className="btn btn-quiet" onClick={requestSave} title={error ?? undefined}>
          Retry
        </button>
      ) : null}
    </span>
  );
}
