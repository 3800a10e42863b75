"use client";
import { useQuery } from "@tanstack/react-query";
import dynamic from "next/dynamic";
import { useMemo, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import styles from "./history.module.css";
import { pairRevisionFiles, revisionFiles, type FilePair } from "./revisionFiles";

// Monaco is large: the diff editor loads only when the history view shows a diff.
const CodeDiff = dynamic(() => import("./CodeDiff"), {
  ssr: false,
  loading: () => <p className={styles.muted}>Loading the diff editor…</p>,
});

const changeWords: Record<FilePair["change"], string> = { added: "added", removed: "removed", changed: "changed", same: "unchanged" };

/** The files that differ between two revisions of a pipeline, each in Monaco's diff editor. */
export function RevisionDiff(props: { pipelineId: string; from: number; to: number }) {
  const trpc = useTRPC();
  const from = useQuery(trpc.pipelines.get.queryOptions({ id: props.pipelineId, revision: props.from }, { staleTime: Infinity }));
  const to = useQuery(trpc.pipelines.get.queryOptions({ id: props.pipelineId, revision: props.to }, { staleTime: Infinity }));
  const [showSame, setShowSame] = useState(false);
  const pairs = useMemo(
    () => (from.data && to.data ? pairRevisionFiles(revisionFiles(from.data.document), revisionFiles(to.data.document)) : null),
    [from.data, to.data],
  );
  const error = from.error ?? to.error;
  if (error) return <p className={styles.error}>{errorMessage(error)}</p>;
  if (!pairs) return <p className={styles.muted}>Loading revisions {props.from} and {props.to}…</p>;
  const changed = pairs.filter((p) => p.change !== "same");
  const shown = showSame ? pairs : changed;
  return (
    <section className={styles.diff} aria-label={`Changes from revision ${props.from} to ${props.to}`} data-testid="revision-diff">
      <header className={styles.diffHead}>
        <h2>
          Revision {props.from} → {props.to}
        </h2>
        <span className={styles.muted}>
          {changed.length === 0 ? "no differences" : `${changed.length} file${changed.length === 1 ? "" : "s"} changed`}
        </span>
        <label className={styles.muted}>
          <input type="checkbox" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} /> show unchanged files
        </label>
      </header>
      {shown.map((p) => (
        <FileDiff key={p.key} pair={p} />
      ))}
    </section>
  );
}

function FileDiff({ pair }: { pair: FilePair }) {
  const [open, setOpen] = useState(pair.change !== "same");
  const lines = Math.max(pair.original.split("\n").length, pair.modified.split("\n").length);
  return (
    <details className={styles.file} open={open} onToggle={(e) => setOpen(e.currentTarget.open)} data-testid="revision-file" data-change={pair.change}>
      <summary>
        <code>{pair.label}</code> <span className={`${styles.change} ${styles[pair.change]}`}>{changeWords[pair.change]}</span>
      </summary>
      {/* One Monaco pair per open file: closed files cost nothing. */}
      {open ? <CodeDiff original={pair.original} modified={pair.modified} language={pair.language} height={Math.min(520, Math.max(140, lines * 20 + 60))} /> : null}
    </details>
  );
}
