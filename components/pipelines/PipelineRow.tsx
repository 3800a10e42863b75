"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { errorMessage, fieldError } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { formatWhen } from "./formatWhen";
import type { PipelineListItem } from "./PipelineTable";
import styles from "./pipelines.module.css";

interface Props {
  pipeline: PipelineListItem;
  profileName: string;
  now: Date;
  onDelete: () => void;
  onStatus: (message: string) => void;
}

export function PipelineRow({ pipeline, profileName, now, onDelete, onStatus }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [draft, setDraft] = useState(pipeline.name);
  const renameButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const ids = useId();
  const refreshList = () => queryClient.invalidateQueries({ queryKey: trpc.pipelines.list.queryKey() });

  const rename = useMutation(
    trpc.pipelines.rename.mutationOptions({
      onSuccess: async (renamed) => {
        await refreshList();
        onStatus(`Renamed to “${renamed.document.name}”.`);
        returnFocus.current = true;
        setRenaming(false);
      },
    }),
  );
  const duplicate = useMutation(
    trpc.pipelines.duplicate.mutationOptions({
      onSuccess: async (copy) => {
        await refreshList();
        onStatus(`Duplicated as “${copy.document.name}”.`);
      },
      onError: (error) => onStatus(`Could not duplicate “${pipeline.name}”: ${errorMessage(error)}`),
    }),
  );

  useEffect(() => {
    // Back from the rename field: put focus where the user left off, not at the top of the page.
    if (!renaming && returnFocus.current) {
      returnFocus.current = false;
      renameButton.current?.focus();
    }
  }, [renaming]);

  const startRename = () => {
    rename.reset();
    setDraft(pipeline.name);
    setRenaming(true);
  };
  const cancelRename = () => {
    returnFocus.current = true;
    setRenaming(false);
  };
  const submitRename = (event: FormEvent) => {
    event.preventDefault();
    if (draft === pipeline.name) return cancelRename();
    rename.mutate({ id: pipeline.id, name: draft });
  };
  const onRenameKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") cancelRename();
  };

  const nameError = fieldError(rename.error, "name") ?? (rename.error ? errorMessage(rename.error) : null);

  return (
    <tr>
      <td className={styles.nameCell}>
        {renaming ? (
          <form onSubmit={submitRename} className={styles.renameForm} noValidate>
            <label htmlFor={`${ids}-rename`} className="visually-hidden">
              New name for “{pipeline.name}”
            </label>
            <input
              id={`${ids}-rename`}
              className="input"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={onRenameKey}
              autoFocus
              onFocus={(e) => e.currentTarget.select()}
              maxLength={200}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${ids}-rename-error` : undefined}
            />
            <button type="submit" className="btn btn-primary" disabled={rename.isPending}>
              Save
            </button>
            <button type="button" className="btn" onClick={cancelRename}>
              Cancel
            </button>
            {nameError && (
              <p id={`${ids}-rename-error`} className={`field-error ${styles.renameError}`}>
                {nameError}
              </p>
            )}
          </form>
        ) : (
          <Link href={`/pipelines/${pipeline.id}`} className={styles.nameLink}>
            {pipeline.name}
          </Link>
        )}
      </td>
      <td>
        <span className="badge" title={pipeline.profile}>
          {profileName}
        </span>
      </td>
      <td className={styles.numeric}>{pipeline.hookCount}</td>
      <td className={styles.numeric}>{pipeline.headRevision}</td>
      <td className={styles.when}>
        <time dateTime={pipeline.updatedAt.toISOString()} title={pipeline.updatedAt.toLocaleString()} suppressHydrationWarning>
          {formatWhen(pipeline.updatedAt, now)}
        </time>
      </td>
      <td className={styles.actions}>
        <button
          ref={renameButton}
          type="button"
          className="btn btn-quiet"
          onClick={startRename}
          disabled={renaming}
          aria-label={`Rename “${pipeline.name}”`}
        >
          Rename
        </button>
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => duplicate.mutate({ id: pipeline.id })}
          disabled={duplicate.isPending}
          aria-label={`Duplicate “${pipeline.name}”`}
        >
          {duplicate.isPending ? "Duplicating…" : "Duplicate"}
        </button>
        <button
          type="button"
          className="btn btn-quiet danger"
          onClick={onDelete}
          aria-label={`Delete “${pipeline.name}”`}
        >
          Delete
        </button>
      </td>
    </tr>
  );
}
