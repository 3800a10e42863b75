"use client";

import styles from "./hookCodeEditor.module.css";

export interface Diagnostic {
  severity: "error" | "warning" | "info";
  message: string;
  line: number;
  column: number;
  source: string;
}

/** The open file's problems; activating one moves the editor's cursor to it. */
export function DiagnosticsList(props: { diagnostics: readonly Diagnostic[]; onJump(d: Diagnostic): void }) {
  const { diagnostics, onJump } = props;
  const errors = diagnostics.filter((d) => d.severity === "error").length;
  const warnings = diagnostics.filter((d) => d.severity === "warning").length;
  return (
    <section className={styles.problems} aria-label="Problems">
      <header className={styles.problemsHeader}>
        <span>Problems</span>
        <span className={styles.problemCounts} data-testid="problem-counts" aria-live="polite">
          {errors + warnings === 0 ? "none" : `${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}`}
        </span>
      </header>
      {diagnostics.length > 0 ? (
        <ul className={styles.problemList} data-testid="diagnostics">
          {diagnostics.map((d, i) => (
            <li key={`${d.line}:${d.column}:${i}`}>
              <button type="button" className={styles.problem} onClick={() => onJump(d)} data-severity={d.severity}>
                <span className={`${styles.severity} ${styles[d.severity]}`} aria-label={d.severity}>
                  {d.severity === "error" ? "✕" : d.severity === "warning" ? "!" : "i"}
                </span>
                <span className={styles.problemMessage}>{d.message}</span>
                <span className={styles.problemWhere}>
                  {d.source} · {d.line}:{d.column}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
