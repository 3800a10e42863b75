"use client";

import styles from "./settings.module.css";

/**
 * The end of a Settings row (an environment variable, a dependency): its remove button, and
 * the row's problem in plain words when it has one.
 */
export function RowEnd({ label, problem, onRemove }: { label: string; problem: string | null; onRemove: () => void }) {
  return (
    <>
      <button type="button" className="btn btn-quiet" aria-label={`Remove ${label}`} onClick={onRemove}>
        ✕
      </button>
      {problem ? (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      ) : null}
    </>
  );
}
