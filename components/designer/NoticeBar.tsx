"use client";

import { useEffect } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import styles from "./designer.module.css";

/** A polite, self-dismissing message (undo/redo, deletions) with an Undo button where it helps. */
export function NoticeBar() {
  const notice = useEditorStore((s) => s.notice);
  const canUndo = useEditorStore((s) => s.history.past.length > 0);
  const undo = useEditorStore((s) => s.undo);
  const setNotice = useEditorStore((s) => s.setNotice);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), 8000);
    return () => clearTimeout(timer);
  }, [notice, setNotice]);

  return (
    <div className={styles.noticeRegion} aria-live="polite" role="status">
      {notice ? (
        <div className={styles.notice}>
          <span>{notice.text}</span>
          {canUndo && notice.offerUndo ? (
            <button type="button" className="btn btn-quiet" onClick={undo}>
              Undo
            </button>
          ) : null}
          <button type="button" className="btn btn-quiet" aria-label="Dismiss" onClick={() => setNotice(null)}>
            ✕
          </button>
        </div>
      ) : null}
    </div>
  );
}
