"use client";
import { useId } from "react";
import type { Scenario } from "~/core/pipeline/schema";
import { completionOrderFor, completionOrderMode, type CompletionOrderMode } from "./completionOrder";
import { IntegerField } from "./fields";
import styles from "./scenarios.module.css";
import type { ScenarioPatch } from "./types";

const MODES: { mode: CompletionOrderMode; label: string }[] = [
  { mode: "declared", label: "declared: the hooks finish in the order they are listed" },
  { mode: "reverse", label: "reverse: the last listed finishes first" },
  { mode: "seeded", label: "shuffled by a seed" },
];

/**
 * Hosts that run a point's hooks in parallel fold their answers as they complete, so which
 * rewrite wins depends on timing; a scenario fixes that order (`completionOrder`). After every
 * run the points whose outcome would change under another order are flagged anyway.
 */
export function CompletionOrderField({ value, onPatch }: { value: Scenario; onPatch: (patch: ScenarioPatch, label?: string) => void }) {
  const id = useId();
  const mode = completionOrderMode(value.completionOrder);
  return (
    <fieldset className={`${styles.section} ${styles.grid}`} data-testid="completion-order">
      <legend>Parallel hooks</legend>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={id}>
          Completion order <span className={styles.hint}>(whose answer arrives last, and wins a rewrite)</span>
        </label>
        <select
          id={id}
          className={styles.input}
          value={mode}
          data-testid="completion-order-mode"
          onChange={(e) => onPatch({ completionOrder: completionOrderFor(e.target.value as CompletionOrderMode, value.completionOrder, value.seed) }, `Set the completion order of ${value.name}`)}
        >
          {MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      {typeof value.completionOrder === "number" ? (
        <IntegerField label="Completion order seed" value={value.completionOrder} onChange={(n) => n !== null && onPatch({ completionOrder: n })} />
      ) : null}
    </fieldset>
  );
}
