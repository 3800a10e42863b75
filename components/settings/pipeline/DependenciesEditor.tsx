"use client";

import { useState } from "react";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { useDesignerDoc } from "~/components/designer/useDesignerDoc";
import { packageNameProblem, typesPackageOf, versionRangeProblem, type Dependency } from "~/core/pipeline/dependencySchema";
import { RowEnd } from "./RowEnd";
import { useDependencyInstall, type DependencyInstall } from "./useDependencyInstall";
import { settingsOrNull } from "./settingsOrNull";
import styles from "./settings.module.css";

/**
 * The pipeline's npm dependencies (issue 15): the packages its hooks may import by name. The
 * server installs them from its registry and bundles what the hooks import into the sandbox.
 * Each edit is one undoable change; a row stays a draft here until its name and range are valid.
 */
export function DependenciesEditor() {
  const doc = useDesignerDoc();
  const applyChanges = useEditorStore((s) => s.applyChanges);
  const declared = doc.settings?.dependencies ?? [];
  const [drafts, setDrafts] = useState<Dependency[] | null>(null);
  const rows = drafts ?? declared;
  const install = useDependencyInstall(doc.settings?.dependencies);

  const problemOf = (d: Dependency, i: number, all: readonly Dependency[]): string | null =>
    packageNameProblem(d.name) ?? versionRangeProblem(d.range) ?? (all.findIndex((e) => e.name === d.name) !== i ? `${d.name} is declared twice` : null);
  const problems = rows.map((d, i) => problemOf(d, i, rows));

  const commit = (next: Dependency[], label: string) => {
    const valid = next.every((d, i) => problemOf(d, i, next) === null);
    setDrafts(valid ? null : next);
    if (valid) applyChanges([{ type: "setSettings", settings: settingsOrNull({ env: [], ...doc.settings, dependencies: next.length > 0 ? next : undefined }) }], label);
  };
  const update = (i: number, patch: Partial<Dependency>, label: string) => commit(rows.map((d, j) => (j === i ? { ...d, ...patch } : d)), label);

  return (
    <section aria-label="Dependencies">
      <h3 className={styles.subtitle}>Dependencies</h3>
      <p className={styles.muted}>
        npm packages the hooks import by name (<code>import {"{ parse }"} from &quot;shell-quote&quot;</code>). The server installs them from its registry, refuses packages
        with install scripts or native code, and lists them in exported bundles&apos; <code>package.json</code>.
      </p>
      {rows.length === 0 ? <p className={styles.muted}>No dependencies yet.</p> : null}
      <ul className={styles.rows}>
        {rows.map((d, i) => (
          <li key={i} className={styles.row} data-testid="dependency-row">
            <label>
              <span className={styles.label}>Package</span>
              <input
                value={d.name}
                aria-label={`Package of dependency ${i + 1}`}
                aria-invalid={problems[i] !== null && packageNameProblem(d.name) !== null}
                spellCheck={false}
                onChange={(e) => update(i, { name: e.target.value }, "Rename a dependency")}
              />
            </label>
            <label>
              <span className={styles.label}>Version range</span>
              <input
                value={d.range}
                aria-label={`Version range of ${d.name || `dependency ${i + 1}`}`}
                aria-invalid={problems[i] !== null && versionRangeProblem(d.range) !== null}
                spellCheck={false}
                onChange={(e) => update(i, { range: e.target.value }, `Set the version range of ${d.name}`)}
              />
            </label>
            <RowEnd label={d.name || `dependency ${i + 1}`} problem={problems[i] ?? null} onRemove={() => commit(rows.filter((_, j) => j !== i), `Remove ${d.name}`)} />
            {problems[i] === null && declared.some((e) => e.name === d.name && e.range === d.range) ? <InstallState install={install} name={d.name} /> : null}
          </li>
        ))}
      </ul>
      {install.state === "failed" && install.dependency === null ? (
        <p role="alert" className={styles.problem} data-testid="dependencies-install-error">
          Not installed: {install.message}
        </p>
      ) : null}
      <button type="button" className="btn" onClick={() => setDrafts([...rows, { name: "", range: "latest" }])} data-testid="add-dependency">
        Add dependency
      </button>
    </section>
  );
}

/** One declared package's line of the server's install: installing…, the installed version, or why it is not installed. */
function InstallState({ install, name }: { install: DependencyInstall; name: string }) {
  if (install.state === "none") return null;
  if (install.state === "failed" && install.dependency === name) {
    return (
      <p role="alert" className={styles.problem} data-testid="dependency-status" data-state="failed">
        Not installed: {install.message}
      </p>
    );
  }
  const text =
    install.state === "installing"
      ? "Installing…"
      : install.state === "installed"
        ? `Installed ${install.versions[name] ?? ""}`.trim() +
          (install.untyped.includes(name) ? `, but it has no type declarations: the editor cannot check its imports (declare ${typesPackageOf(name)} if it exists)` : "")
        : "Not installed: another dependency failed to install";
  return (
    <p className={styles.status} role="status" data-testid="dependency-status" data-state={install.state}>
      {text}
    </p>
  );
}
