"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type ChangeEvent } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { formatBytes } from "~/core/bundles/formatBytes";
import type { ImportedPlugin } from "~/server/bundles/http";
import styles from "./bundles.module.css";

type Outcome =
  | { kind: "error"; fileName: string; title: string; message: string }
  | { kind: "notes"; plugin: ImportedPlugin };

function isImported(body: unknown): body is ImportedPlugin {
  return typeof body === "object" && body !== null && "id" in body && typeof body.id === "string" && "warnings" in body && Array.isArray(body.warnings);
}

function errorText(body: unknown, fallback: string): string {
  return typeof body === "object" && body !== null && "error" in body && typeof body.error === "string" ? body.error : fallback;
}

/**
 * "Import plugin…": uploads a Vellum or OpenClaw plugin zip, which becomes a new pipeline on that host's
 * profile, and opens it in the designer. Notes about skipped files are shown first.
 */
export function ImportPluginButton() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const limits = useQuery(trpc.bundles.limits.queryOptions());
  const input = useRef<HTMLInputElement>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const report = (o: Outcome) => {
    setOutcome(o);
    dialog.current?.showModal();
  };

  const open = async (plugin: ImportedPlugin) => {
    await queryClient.invalidateQueries({ queryKey: trpc.pipelines.list.queryKey() });
    router.push(`/pipelines/${plugin.id}`);
  };

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file) return;
    const max = limits.data?.maxArchiveBytes;
    if (max !== undefined && file.size > max) {
      return report({ kind: "error", fileName: file.name, title: "The file is too large", message: `The archive is ${formatBytes(file.size)}; at most ${formatBytes(max)} are allowed.` });
    }
    setBusy(true);
    try {
      const response = await fetch("/api/bundles/import", { method: "POST", body: file, headers: { "content-type": "application/zip" } });
      const body: unknown = await response.json().catch(() => null);
      if (response.ok && isImported(body)) {
        if (body.warnings.length > 0) report({ kind: "notes", plugin: body });
        else await open(body);
        return;
      }
      const title = response.status === 413 ? "The file is too large" : `Could not import ${file.name}`;
      report({ kind: "error", fileName: file.name, title, message: errorText(body, `The server answered ${response.status}.`) });
    } catch (error) {
      report({ kind: "error", fileName: file.name, title: `Could not import ${file.name}`, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" className="btn" onClick={() => input.current?.click()} disabled={busy} title="Make a new pipeline from a Vellum, OpenClaw or Claude Code plugin, or a project's .claude folder (.zip)">
        {busy ? "Importing…" : "Import plugin…"}
      </button>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        className="visually-hidden"
        tabIndex={-1}
        aria-label="Plugin zip to import"
        data-testid="import-plugin-file"
        onChange={(e) => void onFile(e)}
      />
      <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={() => setOutcome(null)} data-testid="import-plugin-dialog">
        {outcome?.kind === "error" ? (
          <form method="dialog" className={styles.body}>
            <h2 id={titleId}>{outcome.title}</h2>
            <p role="alert">{outcome.message}</p>
            <div className={styles.actions}>
              <button className="btn btn-primary" autoFocus>
                Close
              </button>
            </div>
          </form>
        ) : null}
        {outcome?.kind === "notes" ? (
          <form method="dialog" className={styles.body} onSubmit={() => void open(outcome.plugin)}>
            <h2 id={titleId}>Imported “{outcome.plugin.name}”</h2>
            <p>Read this before you run it: what was kept as it is, changed or left out.</p>
            <ul className={styles.notes}>
              {outcome.plugin.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
            <div className={styles.actions}>
              <button className="btn btn-primary" autoFocus>
                Open the pipeline
              </button>
            </div>
          </form>
        ) : null}
      </dialog>
    </>
  );
}
