"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { formatWhen } from "~/components/pipelines/formatWhen";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import styles from "./history.module.css";
import { changeLines } from "./changeLines";
import { RevisionDiff } from "./RevisionDiff";

function lines(changes: Parameters<typeof changeLines>[0]): string[] {
  const out = changeLines(changes);
  return out.length > 0 ? out : ["saved with no changes"];
}

const REVISIONS_SHOWN = 100;

/** Keeps `?rev=N&from=M` current without a navigation per click, so the address can be shared. */
function writeUrl(rev: number, from: number | null) {
  const url = new URL(window.location.href);
  url.searchParams.set("rev", String(rev));
  if (from === null) url.searchParams.delete("from");
  else url.searchParams.set("from", String(from));
  window.history.replaceState(window.history.state, "", url);
}

/**
 * A pipeline's revisions, newest first, each with what changed; the diff of any two (the selected
 * one against the one before it, or any other picked with "compare"); restore one as a new revision.
 */
export function HistoryView(props: { pipelineId: string; initialRevision: number | null; initialFrom: number | null }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pipeline = useQuery(trpc.pipelines.get.queryOptions({ id: props.pipelineId }));
  const revisions = useQuery(trpc.pipelines.revisions.queryOptions({ id: props.pipelineId, limit: REVISIONS_SHOWN }));
  const [selected, setSelected] = useState<number | null>(props.initialRevision);
  const [from, setFrom] = useState<number | null>(props.initialFrom);
  const [restored, setRestored] = useState<{ from: number; to: number } | null>(null);
  const restore = useMutation(
    trpc.pipelines.restore.mutationOptions({
      onSuccess: async (result, input) => {
        setRestored({ from: input.revision, to: result.revision });
        select(result.revision, input.revision);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.pipelines.revisions.queryKey({ id: props.pipelineId, limit: REVISIONS_SHOWN }) }),
          queryClient.invalidateQueries({ queryKey: trpc.pipelines.get.queryKey({ id: props.pipelineId }) }),
        ]);
      },
    }),
  );

  const select = (rev: number, against: number | null) => {
    setSelected(rev);
    setFrom(against);
    writeUrl(rev, against);
  };

  if (revisions.error) return <p className={styles.error}>{errorMessage(revisions.error)}</p>;
  if (!revisions.data || !pipeline.data) return <p className={styles.muted}>Loading the history…</p>;
  const list = revisions.data;
  const head = list[0]?.revision ?? pipeline.data.revision;
  const current = selected ?? head;
  const older = list.find((r) => r.revision < current)?.revision ?? null;
  const against = from ?? older;

  return (
    <div className={styles.page}>
      <p>
        <Link href={`/pipelines/${props.pipelineId}`}>← {pipeline.data.document.name}</Link>
      </p>
      <h1>History of {pipeline.data.document.name}</h1>
      <p className={styles.muted}>
        Every save is a revision. Pick one to see what it changed; “compare” sets the other side of the diff; “restore” saves that revision’s
        pipeline as a new revision (nothing is lost).
      </p>
      {restored ? (
        <p className={styles.notice} role="status" data-testid="restore-notice">
          Restored revision {restored.from} as revision {restored.to}. <Link href={`/pipelines/${props.pipelineId}`}>Open the designer</Link>
        </p>
      ) : null}
      {restore.error ? (
        <p className={styles.error} role="alert">
          {errorMessage(restore.error)}
        </p>
      ) : null}
      {list.length >= REVISIONS_SHOWN ? <p className={styles.muted}>Showing the {REVISIONS_SHOWN} newest revisions.</p> : null}
      <div className={styles.layout}>
        <ol className={styles.list} aria-label="Revisions" data-testid="revision-list">
          {list.map((r) => {
            const isSelected = r.revision === current;
            return (
              <li
                key={r.revision}
                className={`${styles.item} ${isSelected ? styles.selected : ""} ${r.revision === against ? styles.against : ""}`}
                data-testid="revision"
                data-revision={r.revision}
                aria-current={isSelected ? "true" : undefined}
                onClick={() => select(r.revision, null)}
              >
                <span className={styles.revNumber}>{r.revision}</span>
                <span className={styles.muted} title={r.createdAt.toLocaleString()}>
                  {formatWhen(r.createdAt, new Date())}
                  {r.revision === head ? " · current" : ""}
                </span>
                <span className={styles.itemActions}>
                  {!isSelected && r.revision !== against ? (
                    <button
                      type="button"
                      className="btn btn-quiet"
                      onClick={(e) => {
                        e.stopPropagation();
                        select(current, r.revision);
                      }}
                      title={`Diff revision ${r.revision} against revision ${current}`}
                    >
                      compare
                    </button>
                  ) : null}
                  {r.revision !== head ? (
                    <button
                      type="button"
                      className="btn"
                      disabled={restore.isPending}
                      data-testid="restore-revision"
                      onClick={(e) => {
                        e.stopPropagation();
                        restore.mutate({ id: props.pipelineId, revision: r.revision });
                      }}
                      title={`Save revision ${r.revision}'s pipeline as a new revision ${head + 1}`}
                    >
                      Restore
                    </button>
                  ) : null}
                </span>
                <ul className={styles.changes}>
                  {lines(r.changes).map((c, i) => (
                    <li key={i}>{c}</li>
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
        {against !== null ? (
          <RevisionDiff pipelineId={props.pipelineId} from={Math.min(against, current)} to={Math.max(against, current)} />
        ) : (
          <p className={styles.muted}>Revision {current} is the first one: there is nothing before it to compare with.</p>
        )}
      </div>
    </div>
  );
}
