"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { errorMessage, isConflict } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { useEditorStore } from "~/components/store/EditorStoreProvider";

/** How long typing must pause before the code is saved as a new revision. */
export const AUTOSAVE_DELAY_MS = 800;

/**
 * Saves the working document as a new revision whenever the store asks for it: at once after
 * a structural change or Ctrl/Cmd+S, after a pause in typing otherwise. Each save names the
 * revision it is based on, so a save from another tab in between surfaces as a conflict
 * instead of being overwritten. Leaving the page with unsaved work asks first.
 */
export function useAutosave(): void {
  const trpc = useTRPC();
  const save = useMutation(trpc.pipelines.save.mutationOptions());
  const id = useEditorStore((s) => s.pipelineId);
  const doc = useEditorStore((s) => s.doc);
  const baseRevision = useEditorStore((s) => s.baseRevision);
  const pendingSave = useEditorStore((s) => s.pendingSave);
  const status = useEditorStore((s) => s.saveStatus);
  const markSaving = useEditorStore((s) => s.markSaving);
  const markSaved = useEditorStore((s) => s.markSaved);
  const markConflict = useEditorStore((s) => s.markConflict);
  const markSaveError = useEditorStore((s) => s.markSaveError);
  const { mutateAsync } = save;

  useEffect(() => {
    if (!pendingSave || !doc || !id || status === "saving" || status === "conflict") return;
    const run = async () => {
      markSaving();
      try {
        const saved = await mutateAsync({ id, baseRevision, document: doc });
        markSaved({ revision: saved.revision, document: doc });
      } catch (error) {
        if (isConflict(error)) markConflict(errorMessage(error));
        else markSaveError(errorMessage(error));
      }
    };
    if (pendingSave === "now") {
      void run();
      return;
    }
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pendingSave, doc, id, baseRevision, status, mutateAsync, markSaving, markSaved, markConflict, markSaveError]);

  const dirty = status !== "saved";
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
