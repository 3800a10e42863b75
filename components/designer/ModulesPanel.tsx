"use client";

import { useState } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import styles from "./hookPanel.module.css";
import { PencilIcon, TrashIcon } from "./icons";
import { freeModulePath } from "./freeModulePath";
import { useDesignerDoc } from "./useDesignerDoc";

type Editing = { mode: "add"; draft: string } | { mode: "rename"; path: string; draft: string };

/** Shared modules hooks import relatively (`import { x } from "../src/util"`). */
export function ModulesPanel() {
  const doc = useDesignerDoc();
  const openFile = useEditorStore((s) => s.openFile);
  const openFileAt = useEditorStore((s) => s.openFileAt);
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const setNotice = useEditorStore((s) => s.setNotice);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const commit = async () => {
    if (!editing) return;
    const path = editing.draft.trim();
    const { modulePathProblem } = await import("./modulePaths");
    const found = modulePathProblem(doc, path, editing.mode === "rename" ? editing.path : null);
    if (found) return setProblem(found);
    if (editing.mode === "add") {
      applyChanges([{ type: "addModule", module: { path, code: "export {};\n" } }], `Add module ${path}`);
      openFileAt({ kind: "module", path });
    } else if (path !== editing.path) {
      const wasOpen = openFile?.kind === "module" && openFile.path === editing.path;
      applyChanges([{ type: "renameModule", path: editing.path, newPath: path }], `Rename module ${editing.path}`);
      if (wasOpen) openFileAt({ kind: "module", path });
    }
    setEditing(null);
    setProblem(null);
  };

  const input = editing ? (
    <div className={styles.moduleEdit}>
      <input
        className="input"
        autoFocus
        value={editing.draft}
        aria-label={editing.mode === "add" ? "Path of the new module" : `New path for ${editing.path}`}
        aria-invalid={problem ? true : undefined}
        onChange={(e) => {
          setEditing({ ...editing, draft: e.target.value });
          setProblem(null);
        }}
        onKeyDown={(e) => {
          if (e.key === "Enter") void commit();
          if (e.key === "Escape") setEditing(null);
        }}
      />
      {problem ? <p className="field-error">{problem}</p> : null}
    </div>
  ) : null;

  return (
    <section className={styles.modules} aria-labelledby="modules-title">
      <header className={styles.modulesHeader}>
        <h2 id="modules-title" className={styles.panelTitle}>
          Shared modules
        </h2>
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => {
            setProblem(null);
            setEditing({ mode: "add", draft: freeModulePath(doc) });
          }}
        >
          + Module
        </button>
      </header>
      {editing?.mode === "add" ? input : null}
      {doc.modules.length === 0 && editing?.mode !== "add" ? (
        <p className={styles.empty}>None yet. Code shared by several hooks goes here.</p>
      ) : (
        <ul className={styles.moduleList}>
          {doc.modules.map((m) =>
            editing?.mode === "rename" && editing.path === m.path ? (
              <li key={m.path}>{input}</li>
            ) : (
              <li key={m.path} className={styles.moduleRow}>
                <button
                  type="button"
                  className={`${styles.moduleName} ${openFile?.kind === "module" && openFile.path === m.path ? styles.moduleOpen : ""}`}
                  onClick={() => openFileAt({ kind: "module", path: m.path })}
                >
                  {m.path}
                </button>
                <button
                  type="button"
                  className={styles.iconBtn}
                  aria-label={`Rename ${m.path}`}
                  onClick={() => {
                    setProblem(null);
                    setEditing({ mode: "rename", path: m.path, draft: m.path });
                  }}
                >
                  <PencilIcon />
                </button>
                <button
                  type="button"
                  className={`${styles.iconBtn} ${styles.danger}`}
                  aria-label={`Delete ${m.path}`}
                  onClick={() => {
                    applyChanges([{ type: "removeModule", path: m.path }], `Delete module ${m.path}`);
                    setNotice({ text: `Deleted module ${m.path}.`, offerUndo: true });
                  }}
                >
                  <TrashIcon />
                </button>
              </li>
            ),
          )}
        </ul>
      )}
    </section>
  );
}
