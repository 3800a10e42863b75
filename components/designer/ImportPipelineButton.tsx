"use client";

import { useMutation } from "@tanstack/react-query";
import { TRPCClientError } from "@trpc/client";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { FieldIssue } from "~/core/pipeline/parsePipeline";
import styles from "./designer.module.css";

interface ImportProblem {
  fileName: string;
  message: string;
  issues: readonly FieldIssue[];
}

function serverIssues(error: unknown): readonly FieldIssue[] {
  if (!(error instanceof TRPCClientError)) return [];
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("issues" in data) || !Array.isArray(data.issues)) return [];
  return data.issues as FieldIssue[]; // the API's documented `data.issues` shape (server/api/trpc.ts)
}

/**
 * Imports a `hookwright.pipeline/v1` file as a new pipeline and opens it. The file is
 * checked here first so problems are listed by field before anything is sent.
 */
export function ImportPipelineButton() {
  const trpc = useTRPC();
  const router = useRouter();
  const create = useMutation(trpc.pipelines.create.mutationOptions());
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [problem, setProblem] = useState<ImportProblem | null>(null);

  const fail = (p: ImportProblem) => {
    setProblem(p);
    dialog.current?.showModal();
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    let value: unknown;
    try {
      value = JSON.parse(await file.text());
    } catch (error) {
      return fail({ fileName: file.name, message: `This file is not JSON: ${errorMessage(error)}`, issues: [] });
    }
    // The format's zod schema loads only now, keeping zod out of the designer's first load.
    const { parsePipeline } = await import("~/core/pipeline/parsePipeline");
    const parsed = parsePipeline(value);
    if (!parsed.ok) {
      return fail({ fileName: file.name, message: "This file is not a valid Hookwright pipeline:", issues: parsed.issues });
    }
    try {
      const created = await create.mutateAsync({ from: "document", document: parsed.value });
      router.push(`/pipelines/${created.id}`);
    } catch (error) {
      fail({ fileName: file.name, message: errorMessage(error), issues: serverIssues(error) });
    }
  };

  return (
    <>
      <button
        type="button"
        className="btn"
        onClick={() => input.current?.click()}
        disabled={create.isPending}
        title="Open a hookwright.pipeline/v1 file as a new pipeline"
      >
        {create.isPending ? "Importing…" : "Import file"}
      </button>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Pipeline file to import"
        data-testid="import-file"
        onChange={(e) => void onFile(e)}
      />
      <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={() => setProblem(null)}>
        {problem ? (
          <form method="dialog" className={styles.dialogBody}>
            <h2 id={titleId}>Could not import {problem.fileName}</h2>
            <p>{problem.message}</p>
            {problem.issues.length > 0 ? (
              <ul className={styles.issueList} data-testid="import-issues">
                {problem.issues.map((i) => (
                  <li key={`${i.path}:${i.message}`}>
                    <code>{i.path}</code> {i.message}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className={styles.dialogActions}>
              <button className="btn btn-primary" autoFocus>
                Close
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </>
  );
}
