"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { PipelineListItem } from "./PipelineTable";
import styles from "./pipelines.module.css";

/** Asks before deleting: a modal <dialog>, so focus is trapped and Escape cancels. */
export function DeletePipelineDialog({
  pipeline,
  onClose,
}: {
  pipeline: PipelineListItem;
  onClose: (deleted: boolean) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const ids = useId();
  const remove = useMutation(
    trpc.pipelines.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.pipelines.list.queryKey() });
        onClose(true);
      },
    }),
  );

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const revisions = pipeline.headRevision === 1 ? "its only revision" : `all ${pipeline.headRevision} revisions`;

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-body`}
      onCancel={(event) => {
        event.preventDefault();
        if (!remove.isPending) onClose(false);
      }}
    >
      <h2 id={`${ids}-title`}>Delete “{pipeline.name}”?</h2>
      <p id={`${ids}-body`}>
        This deletes the pipeline and {revisions}. It cannot be undone.
      </p>
      {remove.error && (
        <p className="alert" role="alert">
          {errorMessage(remove.error)}
        </p>
      )}
      <div className={styles.dialogButtons}>
        <button type="button" className="btn" onClick={() => onClose(false)} disabled={remove.isPending} autoFocus>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-danger"
          onClick={() => remove.mutate({ id: pipeline.id })}
          disabled={remove.isPending}
        >
          {remove.isPending ? "Deleting…" : "Delete pipeline"}
        </button>
      </div>
    </dialog>
  );
}
