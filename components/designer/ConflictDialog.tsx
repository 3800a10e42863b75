"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import styles from "./designer.module.css";
import { downloadText, exportFileName, pipelineFileText } from "./exportPipeline";
import { useDesignerDoc } from "./useDesignerDoc";

type Busy = "overwrite" | "copy" | "reload" | null;

/**
 * Shown when a save found a newer revision than ours (another tab or person saved). Nothing
 * is lost whatever the choice: overwrite saves ours on top of theirs (theirs stays in the
 * revision history), "save as new" keeps both, and "load theirs" first downloads ours.
 */
export function ConflictDialog() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const doc = useDesignerDoc();
  const id = useEditorStore((s) => s.pipelineId);
  const status = useEditorStore((s) => s.saveStatus);
  const message = useEditorStore((s) => s.saveError);
  const loadPipeline = useEditorStore((s) => s.loadPipeline);
  const markSaved = useEditorStore((s) => s.markSaved);
  const setNotice = useEditorStore((s) => s.setNotice);
  const save = useMutation(trpc.pipelines.save.mutationOptions());
  const create = useMutation(trpc.pipelines.create.mutationOptions());
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const open = status === "conflict";

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const latest = async () => {
    if (!id) throw new Error("No pipeline is open.");
    return queryClient.fetchQuery({ ...trpc.pipelines.get.queryOptions({ id }), staleTime: 0 });
  };

  const act = async (which: Exclude<Busy, null>, work: () => Promise<void>) => {
    setBusy(which);
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(errorMessage(error));
    } finally {
      setBusy(null);
    }
  };

  const overwrite = () =>
    act("overwrite", async () => {
      const head = await latest();
      if (!id) return;
      const saved = await save.mutateAsync({ id, baseRevision: head.revision, document: doc });
      markSaved({ revision: saved.revision, document: doc });
      setNotice({ text: `Saved your version as revision ${saved.revision}; theirs is revision ${head.revision} in the history.`, offerUndo: false });
    });

  const saveAsNew = () =>
    act("copy", async () => {
      const created = await create.mutateAsync({ from: "document", document: { ...doc, name: `${doc.name} (my version)`.slice(0, 200) } });
      router.push(`/pipelines/${created.id}`);
    });

  const reload = () =>
    act("reload", async () => {
      const mine = pipelineFileText(doc);
      downloadText(exportFileName(`${doc.name} (my version)`), mine);
      // The clipboard may be unavailable (permissions); the download above already kept a copy.
      await navigator.clipboard?.writeText(mine).catch(() => undefined);
      const head = await latest();
      loadPipeline({ id: head.id, revision: head.revision, document: head.document });
      setNotice({ text: "Loaded the latest revision. Your version was downloaded and copied to the clipboard.", offerUndo: false });
    });

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      data-testid="conflict-dialog"
      // Escape must not dismiss the choice: the edits would sit unsaved with no way back here.
      onCancel={(e) => e.preventDefault()}
    >
      <div className={styles.dialogBody}>
        <h2 id={titleId}>This pipeline was changed elsewhere</h2>
        <p>{message ?? "Someone saved a newer revision while you were editing."}</p>
        <p>Your edits are kept here until you choose:</p>
        <ul className={styles.choiceList}>
          <li>
            <strong>Keep mine</strong> saves your version on top; theirs stays in the revision history.
          </li>
          <li>
            <strong>Save mine as a new pipeline</strong> leaves theirs untouched.
          </li>
          <li>
            <strong>Load theirs</strong> discards your edits here, after downloading them and copying them to the clipboard.
          </li>
        </ul>
        {failure ? (
          <p className="alert" role="alert">
            {failure}
          </p>
        ) : null}
        <div className={styles.dialogActions}>
          <button type="button" className="btn" onClick={() => void reload()} disabled={busy !== null}>
            {busy === "reload" ? "Loading…" : "Load theirs"}
          </button>
          <button type="button" className="btn" onClick={() => void saveAsNew()} disabled={busy !== null}>
            {busy === "copy" ? "Saving…" : "Save mine as a new pipeline"}
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void overwrite()} disabled={busy !== null} autoFocus>
            {busy === "overwrite" ? "Saving…" : "Keep mine"}
          </button>
        </div>
      </div>
    </dialog>
  );
}
