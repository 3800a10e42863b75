"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { formatBytes } from "~/core/bundles/formatBytes";
import styles from "./bundles.module.css";

/**
 * "Export plugin…": shows the files of the Vellum plugin a saved revision becomes, then
 * downloads it as a zip. Without `revision` it exports the newest saved revision.
 */
export function ExportPluginButton({ pipelineId, revision }: { pipelineId: string; revision?: number }) {
  const trpc = useTRPC();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const preview = useQuery({
    ...trpc.bundles.preview.queryOptions({ id: pipelineId, revision }),
    enabled: open,
    staleTime: 0,
  });

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };

  return (
    <>
      <button type="button" className="btn" onClick={show} title="Download the enabled hooks as a plugin the Vellum assistant loads">
        Export plugin…
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={() => setOpen(false)} data-testid="export-plugin-dialog">
        <form method="dialog" className={styles.body}>
          <h2 id={titleId}>Export as a Vellum plugin</h2>
          {preview.isPending ? <p className={styles.muted}>Preparing the plugin…</p> : null}
          {preview.error ? (
            <p role="alert" className="alert">
              {errorMessage(preview.error)}
            </p>
          ) : null}
          {preview.data ? (
            <>
              <p>
                <strong>{preview.data.pluginName}</strong>{" "}
                <span className={styles.muted}>from saved revision {preview.data.revision}, unsaved edits are not included</span>
              </p>
              <ul className={styles.fileList} aria-label="Files in the plugin">
                {preview.data.files.map((f) => (
                  <li key={f.path}>
                    <code>{f.path}</code>
                    <span className={styles.size}>{formatBytes(f.bytes)}</span>
                  </li>
                ))}
              </ul>
              {preview.data.warnings.length > 0 ? (
                <ul className={styles.notes} aria-label="Notes">
                  {preview.data.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ) : null}
              <p className={styles.muted}>
                Unzip it into <code>&lt;workspace&gt;/plugins/</code> (by default <code>~/.vellum/workspace/plugins/</code>); the README inside
                explains each hook.
              </p>
            </>
          ) : null}
          <div className={styles.actions}>
            <button className="btn">Close</button>
            {preview.data ? (
              <a className="btn btn-primary" href={preview.data.downloadUrl} download={preview.data.fileName}>
                Download {preview.data.fileName}
              </a>
            ) : null}
          </div>
        </form>
      </dialog>
    </>
  );
}
