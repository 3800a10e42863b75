"use client";
import { Field } from "./fields";
import styles from "./scenarios.module.css";
import { editToolResult, effectsSummary, withoutEffects, type ToolResult } from "./toolResultEffects";

/**
 * One scripted result of a tool: its text and error flag, and, when it was recorded from a run, what the
 * handler did with it (file changes listed read-only, the rest counted) with a button to remove that.
 */
export function ToolResultEditor(props: {
  value: ToolResult;
  /** 0-based position in the tool's results. */
  index: number;
  /** "Tool <name>", used in labels. */
  owner: string;
  onlyOne: boolean;
  onChange: (next: ToolResult, label?: string) => void;
  onRemove: () => void;
}) {
  const { value, owner } = props;
  const n = props.index + 1;
  const content = typeof value === "string" ? value : value.content;
  const isError = typeof value === "string" ? false : value.isError;
  const set = (next: { content: string; isError: boolean }, label?: string) => props.onChange(editToolResult(value, next), label);
  const effects = effectsSummary(value);
  return (
    <li className={styles.resultItem}>
      <div className={styles.listItem}>
        <Field label={`${owner} result ${n}`} wide>
          {(id) => <textarea id={id} className={styles.input} rows={1} value={content} onChange={(e) => set({ content: e.target.value, isError })} />}
        </Field>
        <label className={styles.check}>
          <input type="checkbox" checked={isError} onChange={(e) => set({ content, isError: e.target.checked }, `Mark result ${n} of ${owner} as ${e.target.checked ? "an error" : "a success"}`)} />
          Error
        </label>
        <button type="button" className={styles.iconButton} aria-label={`Remove result ${n} of ${owner}`} disabled={props.onlyOne} title={props.onlyOne ? "A tool needs at least one result" : "Remove this result"} onClick={props.onRemove}>
          ✕
        </button>
      </div>
      {effects.text !== "" ? (
        <div className={styles.resultEffects} role="group" aria-label={`Recorded effects of result ${n} of ${owner}`}>
          <p className={styles.hint}>
            Recorded from the tool&apos;s handler, replayed when this result is returned: {effects.text}.
          </p>
          {effects.files.length > 0 ? (
            <ul className={styles.effectFiles}>
              {effects.files.map((f, i) => (
                <li key={i}>
                  <code>{f.op}</code> <code>{f.path}</code>
                  {f.to !== undefined ? (
                    <>
                      {" → "}
                      <code>{f.to}</code>
                    </>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : null}
          <button type="button" className="btn btn-quiet" aria-label={`Remove the recorded effects of result ${n} of ${owner}`} onClick={() => props.onChange(withoutEffects(value), `Remove the recorded effects of result ${n} of ${owner}`)}>
            Remove recorded effects
          </button>
        </div>
      ) : null}
    </li>
  );
}
