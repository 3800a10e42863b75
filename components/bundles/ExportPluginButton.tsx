"use client";

import { useQuery } from "@tanstack/react-query";
import { useId, useRef, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { formatBytes } from "~/core/bundles/formatBytes";
import { MovedToHost } from "./MovedToHost";
import styles from "./bundles.module.css";

/**
 * "Export plugin…": names the host of the pipeline's profile, offers only the formats that exist
 * for it (core/bundles/registry.ts; none: says so instead of a download that fails), shows the
 * files a saved revision becomes, then downloads them as a zip. Without `revision` it exports
 * the newest saved revision.
 */
export function ExportPluginButton({ pipelineId, revision }: { pipelineId: string; revision?: number }) {
  const trpc = useTRPC();
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [picked, setPicked] = useState<string | null>(null);
  const [recorder, setRecorder] = useState(false);
  const formats = useQuery({ ...trpc.bundles.formats.queryOptions({ id: pipelineId }), enabled: open, staleTime: 0 });
  const all = formats.data ? [...formats.data.formats, ...formats.data.otherHosts] : [];
  const format = all.find((f) => f.target === picked) ?? formats.data?.formats[0] ?? null;
  const otherHost = formats.data?.otherHosts.some((f) => f.target === format?.target) === true;
  // Only formats that declare a recorder offer the box; switching to one that cannot drops it.
  const record = recorder && format?.recorder != null;
  const preview = useQuery({
    ...trpc.bundles.preview.queryOptions({ id: pipelineId, revision, target: format?.target, ...(record ? { recorder: true } : {}) }),
    enabled: open && format !== null,
    staleTime: 0,
  });

  const show = () => {
    setOpen(true);
    dialog.current?.showModal();
  };

  return (
    <>
      <button type="button" className="btn" onClick={show} title="Download the enabled hooks as a plugin their host loads">
        Export plugin…
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={() => setOpen(false)} data-testid="export-plugin-dialog">
        <form method="dialog" className={styles.body}>
          <h2 id={titleId} data-testid="export-title">{format ? format.title : "Export plugin"}</h2>
          {formats.error ? (
            <p role="alert" className="alert">
              {errorMessage(formats.error)}
            </p>
          ) : null}
          {formats.data && format === null ? (
            <p data-testid="export-none">
              Hookwright cannot export {formats.data.profileName} pipelines as a plugin yet: there is no faithful way to write these hooks in the
              host&apos;s own format. Use <strong>Export file</strong> to save the pipeline file instead.
            </p>
          ) : null}
          {formats.data && all.length > 1 ? (
            <label>
              Format{" "}
              <select value={format?.target ?? ""} onChange={(e) => setPicked(e.target.value)}>
                <optgroup label={formats.data.profileName}>
                  {formats.data.formats.map((f) => (
                    <option key={f.target} value={f.target}>
                      {f.title}
                    </option>
                  ))}
                </optgroup>
                {formats.data.otherHosts.length > 0 ? (
                  <optgroup label="Other hosts">
                    {formats.data.otherHosts.map((f) => (
                      <option key={f.target} value={f.target}>
                        {f.title} ({f.profileName})
                      </option>
                    ))}
                  </optgroup>
                ) : null}
              </select>
            </label>
          ) : null}
          {format ? <p className={styles.muted}>For {format.host}.</p> : null}
          {format?.recorder ? (
            <label title={`Adds a hook on every point that appends what it receives to ${format.recorder.where}; import that file as a session to get scenarios and Run this point contexts.`}>
              <input type="checkbox" checked={recorder} onChange={(e) => setRecorder(e.target.checked)} data-testid="export-recorder" /> Add a recorder{" "}
              <span className={styles.muted}>(records every event to {format.recorder.where})</span>
            </label>
          ) : null}
          {format && preview.isPending ? <p className={styles.muted}>Preparing the plugin…</p> : null}
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
              {preview.data.moved && format && otherHost ? <MovedToHost pipelineId={pipelineId} revision={revision} target={format.target} moved={preview.data.moved} /> : null}
              {preview.data.warnings.length > 0 ? (
                <ul className={styles.notes} aria-label="Notes">
                  {preview.data.warnings.map((w) => (
                    <li key={w}>{w}</li>
                  ))}
                </ul>
              ) : null}
              <p className={styles.muted}>{format?.installHint}</p>
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
