"use client";

import { useEffect } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";

/** Text fields and the code editor keep their own undo; designer shortcuts skip them. */
function isTextEntry(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.closest(".monaco-editor")) return true;
  return target.isContentEditable || target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement;
}

/** Ctrl/Cmd+S saves now; Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) undo and redo structural changes. */
export function useDesignerShortcuts(): void {
  const undo = useEditorStore((s) => s.undo);
  const redo = useEditorStore((s) => s.redo);
  const requestSave = useEditorStore((s) => s.requestSave);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey) return;
      const key = e.key.toLowerCase();
      if (key === "s") {
        e.preventDefault();
        requestSave();
        return;
      }
      if (isTextEntry(e.target)) return;
      if (key === "z" && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === "z" && e.shiftKey) || key === "y") {
        e.preventDefault();
        redo();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo, requestSave]);
}
