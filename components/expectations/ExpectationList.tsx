"use client";
import { useState } from "react";
import { describeExpectation } from "~/core/expectations";
import type { Expectation, Hook, Pipeline } from "~/core/pipeline/schema";
import type { Profile } from "~/core/profiles";
import { blankExpectation, ExpectationForm, kindNames } from "./ExpectationForm";
import { expectationKindsFor } from "./expectationKinds";
import styles from "./expectationList.module.css";

/**
 * A scenario's expectations, for the scenario form: each in plain words, edited in place,
 * deleted, or added by kind. Every change hands the whole new list to `onChange`, which saves it
 * as a revision like any other scenario edit.
 */
export function ExpectationList(props: {
  value: readonly Expectation[];
  onChange: (next: Expectation[]) => void;
  profile: Profile;
  hooks: readonly Hook[];
  /** For hook names in the descriptions. */
  pipeline?: Pipeline;
}) {
  const [editing, setEditing] = useState<number | "new" | null>(null);
  const [newKind, setNewKind] = useState<Expectation["kind"]>("hookFired");
  const list = props.value;
  const replace = (index: number, e: Expectation) => props.onChange(list.map((x, i) => (i === index ? e : x)));

  return (
    <section className={styles.list} aria-label="Expectations" data-testid="expectation-list">
      <p className={styles.hint}>What must hold after the run. Checked after every run, by Test all and by <code>hookwright test</code>.</p>
      {list.length === 0 && editing !== "new" ? <p className={styles.hint}>No expectations yet.</p> : null}
      <ol className={styles.items}>
        {list.map((e, i) => (
          <li key={i} className={styles.item} data-testid="expectation-item">
            {editing === i ? (
              <ExpectationForm
                initial={e}
                profile={props.profile}
                hooks={props.hooks}
                onCancel={() => setEditing(null)}
                onSave={(next) => {
                  replace(i, next);
                  setEditing(null);
                }}
              />
            ) : (
              <div className={styles.row}>
                <span className={styles.text}>{e.label ?? describeExpectation(e, props.pipeline)}</span>
                <button type="button" className="btn btn-quiet" onClick={() => setEditing(i)} aria-label={`Edit expectation ${i + 1}`}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-quiet danger"
                  onClick={() => props.onChange(list.filter((_, j) => j !== i))}
                  aria-label={`Delete expectation ${i + 1}`}
                  data-testid="expectation-delete"
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {editing === "new" ? (
        <ExpectationForm
          key={newKind}
          initial={blankExpectation(newKind, props)}
          profile={props.profile}
          hooks={props.hooks}
          onCancel={() => setEditing(null)}
          onSave={(next) => {
            props.onChange([...list, next]);
            setEditing(null);
          }}
        />
      ) : null}
      <div className={styles.addRow}>
        <label>
          <span className="visually-hidden">Kind of expectation</span>
          <select className="select" value={newKind} onChange={(e) => setNewKind(e.target.value as Expectation["kind"])} data-testid="expectation-kind">
            {expectationKindsFor(props.profile).map((k) => (
              <option key={k} value={k}>
                {kindNames[k]}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="btn" onClick={() => setEditing("new")} disabled={editing === "new"} data-testid="expectation-add">
          + Add expectation
        </button>
      </div>
    </section>
  );
}
