"use client";

import { useId, useRef, useState } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { useDesignerDoc } from "~/components/designer/useDesignerDoc";
import { ENV_NAME, type EnvVariable } from "~/core/pipeline/settingsSchema";
import { RowEnd } from "./RowEnd";
import { settingsOrNull } from "./settingsOrNull";
import { DependenciesEditor } from "./DependenciesEditor";
import styles from "./settings.module.css";

/**
 * The pipeline's Settings (issue 15): the environment variables its hooks read as
 * `process.env` in the sandbox. Only these exist there, never the server's. A secret value is
 * used by runs but left out of exported files and bundles. Each edit is one undoable change.
 */
export function PipelineSettingsButton() {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const settings = useDesignerDoc().settings;
  const count = (settings?.env.length ?? 0) + (settings?.dependencies?.length ?? 0);
  return (
    <>
      <button
        type="button"
        className="btn btn-quiet"
        onClick={() => {
          setOpen(true);
          dialog.current?.showModal();
        }}
        title="Environment variables the hooks read as process.env, and the npm packages they import"
        data-testid="pipeline-settings-button"
      >
        Settings{count > 0 ? ` (${count})` : ""}
      </button>
      <dialog ref={dialog} aria-labelledby={titleId} className={styles.dialog} onClose={() => setOpen(false)} data-testid="pipeline-settings">
        <h2 id={titleId} className={styles.title}>
          Pipeline settings
        </h2>
        {open ? <EnvEditor /> : null}
        {open ? <DependenciesEditor /> : null}
        <form method="dialog" className={styles.footer}>
          <button type="submit" className="btn">
            Done
          </button>
        </form>
      </dialog>
    </>
  );
}

function EnvEditor() {
  const doc = useDesignerDoc();
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const env = doc.settings?.env ?? [];
  // Rows being typed may be invalid for a moment; they are kept here until their name is valid and unique.
  const [drafts, setDrafts] = useState<EnvVariable[] | null>(null);
  const rows = drafts ?? env;

  const problems = rows.map((v, i) => {
    if (!ENV_NAME.test(v.name)) return v.name === "" ? "a name is needed" : "letters, digits and _, not starting with a digit";
    if (rows.findIndex((w) => w.name === v.name) !== i) return `${v.name} is declared twice`;
    return null;
  });

  const commit = (next: EnvVariable[], label: string) => {
    const valid = next.every((v, i) => ENV_NAME.test(v.name) && next.findIndex((w) => w.name === v.name) === i);
    setDrafts(valid ? null : next);
    if (valid) applyChanges([{ type: "setSettings", settings: settingsOrNull({ ...doc.settings, env: next }) }], label);
  };
  const update = (i: number, patch: Partial<EnvVariable>, label: string) => commit(rows.map((v, j) => (j === i ? { ...v, ...patch } : v)), label);

  return (
    <section aria-label="Environment variables">
      <h3 className={styles.subtitle}>Environment variables</h3>
      <p className={styles.muted}>
        Hooks read these as <code>process.env</code> in the sandbox; nothing of the server&apos;s environment is there. A secret value is used by runs but left out of
        exported files and bundles, and never written to a trace.
      </p>
      {rows.length === 0 ? <p className={styles.muted}>No variables yet.</p> : null}
      <ul className={styles.rows}>
        {rows.map((v, i) => (
          <li key={i} className={styles.row} data-testid="env-row">
            <label>
              <span className={styles.label}>Name</span>
              <input
                value={v.name}
                aria-label={`Name of variable ${i + 1}`}
                aria-invalid={problems[i] !== null}
                spellCheck={false}
                onChange={(e) => update(i, { name: e.target.value }, "Rename an environment variable")}
              />
            </label>
            <label>
              <span className={styles.label}>Value</span>
              <input
                value={v.value}
                type={v.secret ? "password" : "text"}
                aria-label={`Value of ${v.name || `variable ${i + 1}`}`}
                spellCheck={false}
                onChange={(e) => update(i, { value: e.target.value }, `Set ${v.name}`)}
              />
            </label>
            <label className={styles.secret}>
              <input type="checkbox" checked={v.secret} onChange={(e) => update(i, { secret: e.target.checked }, `${e.target.checked ? "Hide" : "Show"} ${v.name}`)} />
              secret
            </label>
            <RowEnd label={v.name || `variable ${i + 1}`} problem={problems[i] ?? null} onRemove={() => commit(rows.filter((_, j) => j !== i), `Remove ${v.name}`)} />
          </li>
        ))}
      </ul>
      <button type="button" className="btn" onClick={() => setDrafts([...rows, { name: "", value: "", secret: false }])} data-testid="add-env">
        Add variable
      </button>
    </section>
  );
}
