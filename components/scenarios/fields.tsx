"use client";
import { useId, useState, type ReactNode } from "react";
import styles from "./scenarios.module.css";

/*
 * Inputs whose text may be invalid for a while: the text stays on screen as typed (nothing is
 * lost), the problem is shown under the field, and the saved value only changes once the text
 * is valid again. A change made elsewhere (undo, the JSON view) replaces the text.
 */

/** Text that follows `value` unless the user has typed something `parse` rejected. */
function useDraft<T>(value: T, show: (v: T) => string) {
  const shown = show(value);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  if (shown !== seen) {
    setSeen(shown);
    setText(shown);
    setError(null);
  }
  return { text, setText, error, setError, accept: (v: T) => setSeen(show(v)) };
}

export function Field(props: { label: string; hint?: string; error?: string | null; children: (id: string, describedBy: string | undefined) => ReactNode; wide?: boolean }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={`${styles.field} ${props.wide ? styles.wide : ""}`}>
      <label className={styles.label} htmlFor={id}>
        {props.label}
        {props.hint ? <span className={styles.hint}> {props.hint}</span> : null}
      </label>
      {props.children(id, props.error ? errorId : undefined)}
      {props.error ? (
        <p className="field-error" id={errorId} role="alert">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** A JSON value; `check` adds a rule beyond "is JSON" (returns the problem or null). */
export function JsonField<T>(props: {
  label: string;
  value: T;
  onChange: (next: T) => void;
  check: (raw: unknown) => { ok: true; value: T } | { ok: false; error: string };
  rows?: number;
  warnings?: readonly string[];
}) {
  const draft = useDraft(props.value, (v) => JSON.stringify(v, null, 2));
  const warnings = props.warnings ?? [];
  return (
    <Field label={props.label} error={draft.error} wide>
      {(id, describedBy) => (
        <>
          <textarea
            id={id}
            className={`${styles.input} ${styles.mono}`}
            rows={props.rows ?? Math.min(8, draft.text.split("\n").length)}
            spellCheck={false}
            value={draft.text}
            aria-invalid={draft.error ? true : undefined}
            aria-describedby={describedBy}
            onChange={(e) => {
              draft.setText(e.target.value);
              let raw: unknown;
              try {
                raw = JSON.parse(e.target.value);
              } catch (err) {
                draft.setError(`Not JSON: ${err instanceof Error ? err.message : String(err)}`);
                return;
              }
              const checked = props.check(raw);
              if (!checked.ok) return draft.setError(checked.error);
              draft.setError(null);
              draft.accept(checked.value);
              props.onChange(checked.value);
            }}
          />
          {warnings.length > 0 && !draft.error ? (
            <ul className={styles.warnings} aria-label={`${props.label}: problems`}>
              {warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </Field>
  );
}

/** An integer (or nothing, when `nullable`), within bounds. */
export function IntegerField(props: { label: string; hint?: string; value: number | null; onChange: (next: number | null) => void; min?: number; max?: number; nullable?: boolean }) {
  const draft = useDraft(props.value, (v) => (v === null ? "" : String(v)));
  const parse = (text: string): { ok: true; value: number | null } | { ok: false; error: string } => {
    const t = text.trim();
    if (t === "") return props.nullable ? { ok: true, value: null } : { ok: false, error: `${props.label} needs a number` };
    const n = Number(t);
    if (!Number.isInteger(n)) return { ok: false, error: `${props.label} must be a whole number, not "${t}"` };
    if (props.min !== undefined && n < props.min) return { ok: false, error: `${props.label} must be at least ${props.min}` };
    if (props.max !== undefined && n > props.max) return { ok: false, error: `${props.label} must be at most ${props.max}` };
    return { ok: true, value: n };
  };
  return (
    <Field label={props.label} hint={props.hint} error={draft.error}>
      {(id, describedBy) => (
        <input
          id={id}
          className={styles.input}
          inputMode="numeric"
          value={draft.text}
          aria-invalid={draft.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            draft.setText(e.target.value);
            const parsed = parse(e.target.value);
            if (!parsed.ok) return draft.setError(parsed.error);
            draft.setError(null);
            draft.accept(parsed.value);
            props.onChange(parsed.value);
          }}
        />
      )}
    </Field>
  );
}

/** A point in time as an ISO date (UTC), stored as milliseconds since the epoch. */
export function InstantField(props: { label: string; value: number; onChange: (next: number) => void }) {
  const draft = useDraft(props.value, (v) => new Date(v).toISOString());
  return (
    <Field label={props.label} hint="(UTC, ISO 8601)" error={draft.error}>
      {(id, describedBy) => (
        <input
          id={id}
          className={`${styles.input} ${styles.mono}`}
          value={draft.text}
          aria-invalid={draft.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            draft.setText(e.target.value);
            const ms = Date.parse(e.target.value);
            if (!Number.isFinite(ms) || ms < 0) return draft.setError(`${props.label} must be a date and time like 2026-01-01T00:00:00.000Z`);
            draft.setError(null);
            draft.accept(ms);
            props.onChange(ms);
          }}
        />
      )}
    </Field>
  );
}

/** A one-line text that must not be empty (a tool's name, a provider error). */
export function RequiredTextField(props: { label: string; hint?: string; value: string; onChange: (next: string) => void; mono?: boolean; problem?: (text: string) => string | null }) {
  const draft = useDraft(props.value, (v) => v);
  return (
    <Field label={props.label} hint={props.hint} error={draft.error}>
      {(id, describedBy) => (
        <input
          id={id}
          className={`${styles.input} ${props.mono ? styles.mono : ""}`}
          value={draft.text}
          aria-invalid={draft.error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(e) => {
            const text = e.target.value;
            draft.setText(text);
            const error = text.trim() === "" ? `${props.label} cannot be empty` : (props.problem?.(text) ?? null);
            draft.setError(error);
            if (error) return;
            draft.accept(text);
            props.onChange(text);
          }}
        />
      )}
    </Field>
  );
}
