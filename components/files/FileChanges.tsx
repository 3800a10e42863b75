"use client";
import { useMemo } from "react";
import type { FileChange, FinalFile } from "~/core/files/fileChange";
import { lineDiff } from "~/core/files/lineDiff";
import styles from "./files.module.css";

/** What a hook did to the run's virtual file system: one diff per change, as on the hook's card. */
export function FileChanges(props: { files: FileChange[] }) {
  return (
    <details className={styles.files} open data-testid="file-changes">
      <summary>{props.files.length === 1 ? "1 file change" : `${props.files.length} file changes`}</summary>
      {props.files.map((change, i) => (
        <FileChangeView key={i} change={change} />
      ))}
    </details>
  );
}

const VERB: Record<FileChange["op"], string> = { write: "wrote", append: "appended to", delete: "deleted", mkdir: "made folder", rename: "renamed", copy: "copied" };

function FileChangeView({ change }: { change: FileChange }) {
  const lines = useMemo(() => (change.encoding === "utf8" ? lineDiff(change.before ?? "", change.after ?? "") : null), [change]);
  return (
    <div className={styles.change} data-testid="file-change" data-path={change.path}>
      <p className={styles.head}>
        <span className={styles.op}>{VERB[change.op]}</span> <code>{change.path}</code>
        {change.to ? (
          <>
            {" → "}
            <code>{change.to}</code>
          </>
        ) : null}
        {change.truncated ? <span className={styles.note}> (shown up to 64 KB)</span> : null}
      </p>
      {change.op === "mkdir" || (change.op === "delete" && change.before === null) ? null : lines ? (
        <pre className={styles.diff} aria-label={`diff of ${change.path}`}>
          {lines.map((l, i) => (
            <span key={i} className={l.kind === "added" ? styles.added : l.kind === "removed" ? styles.removed : styles.same}>
              {l.kind === "added" ? "+ " : l.kind === "removed" ? "- " : "  "}
              {l.text}
              {"\n"}
            </span>
          ))}
        </pre>
      ) : (
        <p className={styles.note}>binary: {change.before === null ? 0 : Math.floor((change.before.length * 3) / 4)} → {change.after === null ? 0 : Math.floor((change.after.length * 3) / 4)} bytes</p>
      )}
    </div>
  );
}

/** The files a run changed, as they ended (run.end.files): the final state, viewable after the run. */
export function FinalFiles(props: { files: FinalFile[] }) {
  return (
    <details className={styles.files} open data-testid="final-files">
      <summary>Files after the run ({props.files.length})</summary>
      {props.files.map((f) => (
        <div key={f.path} className={styles.change} data-testid="final-file" data-path={f.path}>
          <p className={styles.head}>
            <code>{f.path}</code> {f.content === null ? <span className={styles.note}>deleted</span> : null}
          </p>
          {f.content === null ? null : f.encoding === "utf8" ? <pre className={styles.diff}>{f.content}</pre> : <p className={styles.note}>binary, {Math.floor((f.content.length * 3) / 4)} bytes</p>}
        </div>
      ))}
    </details>
  );
}
