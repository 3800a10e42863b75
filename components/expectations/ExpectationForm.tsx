"use client";
import { useId, useState } from "react";
import { CONTEXT_OPS, EXPECTATION_KINDS, type Expectation, type Hook, type Occurrence } from "~/core/pipeline/schema";
import type { Profile } from "~/core/profiles";
import { readDraft, toDraft, type Draft } from "./expectationDraft";
import styles from "./expectationList.module.css";

export const kindNames: Record<Expectation["kind"], string> = {
  exitReason: "the run ends with",
  context: "a context value at a point",
  hookFired: "a hook fires (or not)",
  hookDecision: "a hook decides",
  toolCall: "a tool call runs (or not)",
  noHookFailed: "no hook fails",
  orderIndependent: "the outcome does not depend on which hook finishes last",
};

/** A fresh expectation of `kind`, filled with the first hook / point so it is valid at once where it can be. */
export function blankExpectation(kind: Expectation["kind"], args: { profile: Profile; hooks: readonly Hook[] }): Expectation {
  const hookId = args.hooks[0]?.id ?? "";
  switch (kind) {
    case "exitReason":
      return { kind, equals: "" };
    case "context":
      return { kind, point: args.profile.points[0]?.id ?? "", path: "/", occurrence: "every", op: "equals", value: "" };
    case "hookFired":
      return { kind, hookId, fired: true };
    case "hookDecision":
      return { kind, hookId, decision: "", occurrence: "any" };
    case "toolCall":
      return { kind, name: "", ran: true };
    case "noHookFailed":
      return { kind };
    case "orderIndependent":
      return { kind };
  }
}

/** Edits one expectation; Save validates it with the pipeline format's own schema. */
export function ExpectationForm(props: {
  initial: Expectation;
  profile: Profile;
  hooks: readonly Hook[];
  onSave: (e: Expectation) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => toDraft(props.initial));
  const [problem, setProblem] = useState<{ field: string; message: string } | null>(null);
  const e = draft.expectation;
  const set = (patch: Partial<Expectation>) => setDraft((d) => ({ ...d, expectation: { ...d.expectation, ...patch } as Expectation }));
  const err = (field: string) => (problem?.field === field ? <p className="field-error">{problem.message}</p> : null);
  const invalid = (field: string) => (problem?.field === field ? true : undefined);
  const hookPoint = "hookId" in e ? props.hooks.find((h) => h.id === e.hookId)?.point : undefined;
  const decisions = props.profile.points.find((p) => p.id === hookPoint)?.decisions.map((d) => d.name) ?? [];

  const save = () => {
    const read = readDraft(draft);
    if (!read.ok) return setProblem({ field: read.field, message: read.message });
    props.onSave(read.value);
  };

  const hookSelect = (
    <label className={styles.field}>
      <span>hook</span>
      <select className="select" value={"hookId" in e ? e.hookId : ""} aria-invalid={invalid("hookId")} onChange={(ev) => set({ hookId: ev.target.value } as Partial<Expectation>)}>
        {props.hooks.map((h) => (
          <option key={h.id} value={h.id}>
            {h.name} ({h.point})
          </option>
        ))}
      </select>
      {err("hookId")}
    </label>
  );
  const occurrence = (value: Occurrence, every: boolean) => (
    <label className={styles.field}>
      <span>which time</span>
      <input
        className={`input ${styles.narrow}`}
        list={`${id}-occ`}
        defaultValue={String(value)}
        aria-invalid={invalid("occurrence")}
        onChange={(ev) => {
          const t = ev.target.value.trim();
          set({ occurrence: t === "every" || t === "any" ? t : Number(t) } as Partial<Expectation>);
        }}
      />
      <datalist id={`${id}-occ`}>
        {every ? <option value="every" /> : null}
        <option value="any" />
        <option value="1" />
      </datalist>
      {err("occurrence")}
    </label>
  );

  return (
    <div
      className={styles.form}
      data-testid="expectation-form"
      onKeyDown={(ev) => {
        if (ev.key === "Escape") props.onCancel();
      }}
    >
      {e.kind === "exitReason" ? (
        <label className={styles.field}>
          <span>exit reason</span>
          <input className="input" value={e.equals} placeholder="no_tool_calls" aria-invalid={invalid("equals")} onChange={(ev) => set({ equals: ev.target.value })} />
          {err("equals")}
        </label>
      ) : null}
      {e.kind === "context" ? (
        <>
          <label className={styles.field}>
            <span>point</span>
            <select className="select" value={e.point} onChange={(ev) => set({ point: ev.target.value })}>
              {props.profile.points.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id}
                </option>
              ))}
            </select>
          </label>
          <label className={styles.field}>
            <span>field (JSON pointer)</span>
            <input className="input" value={e.path} list={`${id}-fields`} aria-invalid={invalid("path")} onChange={(ev) => set({ path: ev.target.value })} />
            <datalist id={`${id}-fields`}>
              {props.profile.points
                .find((p) => p.id === e.point)
                ?.fields.filter((f) => f.readBack)
                .map((f) => <option key={f.name} value={`/${f.name}`} />)}
            </datalist>
            {err("path")}
          </label>
          {occurrence(e.occurrence, true)}
          <label className={styles.field}>
            <span>is</span>
            <select className="select" value={e.op} onChange={(ev) => set({ op: ev.target.value as (typeof CONTEXT_OPS)[number] })}>
              {CONTEXT_OPS.map((op) => (
                <option key={op} value={op}>
                  {op === "equals" ? "equal to (JSON)" : op === "contains" ? "contains" : "matches (regex)"}
                </option>
              ))}
            </select>
          </label>
          <label className={`${styles.field} ${styles.wide}`}>
            <span>value (JSON; for contains and matches plain text works too)</span>
            <textarea
              className={`input ${styles.value}`}
              rows={2}
              value={draft.valueText}
              aria-invalid={invalid("value")}
              onChange={(ev) => setDraft((d) => ({ ...d, valueText: ev.target.value }))}
            />
            {err("value")}
          </label>
        </>
      ) : null}
      {e.kind === "hookFired" ? (
        <>
          {hookSelect}
          <label className={styles.field}>
            <span>must</span>
            <select className="select" value={e.fired ? "yes" : "no"} onChange={(ev) => set({ fired: ev.target.value === "yes" })}>
              <option value="yes">fire</option>
              <option value="no">not fire</option>
            </select>
          </label>
        </>
      ) : null}
      {e.kind === "hookDecision" ? (
        <>
          {hookSelect}
          <label className={styles.field}>
            <span>decision</span>
            <input className="input" value={e.decision} list={`${id}-decisions`} aria-invalid={invalid("decision")} onChange={(ev) => set({ decision: ev.target.value })} />
            <datalist id={`${id}-decisions`}>
              {[...decisions, "none"].map((d) => (
                <option key={d} value={d} />
              ))}
            </datalist>
            {err("decision")}
          </label>
          {occurrence(e.occurrence, true)}
        </>
      ) : null}
      {e.kind === "toolCall" ? (
        <>
          <label className={styles.field}>
            <span>tool</span>
            <input className="input" value={e.name} aria-invalid={invalid("name")} onChange={(ev) => set({ name: ev.target.value })} />
            {err("name")}
          </label>
          <label className={styles.field}>
            <span>must</span>
            <select className="select" value={e.ran ? "yes" : "no"} onChange={(ev) => set({ ran: ev.target.value === "yes" })}>
              <option value="yes">run</option>
              <option value="no">not run</option>
            </select>
          </label>
          <label className={`${styles.field} ${styles.wide}`}>
            <span>with input (optional JSON object)</span>
            <input
              className="input"
              value={draft.inputText}
              placeholder='{"command": "ls"}'
              aria-invalid={invalid("input")}
              onChange={(ev) => setDraft((d) => ({ ...d, inputText: ev.target.value }))}
            />
            {err("input")}
          </label>
        </>
      ) : null}
      {e.kind === "orderIndependent" ? (
        <label className={styles.field}>
          <span>point</span>
          <select className="select" value={e.point ?? ""} aria-invalid={invalid("point")} data-testid="expectation-race-point" onChange={(ev) => set({ point: ev.target.value === "" ? undefined : ev.target.value })}>
            <option value="">every point</option>
            {props.profile.points
              .filter((p) => p.fold?.kind === "parallel")
              .map((p) => (
                <option key={p.id} value={p.id}>
                  {p.id}
                </option>
              ))}
          </select>
          {err("point")}
        </label>
      ) : null}
      <label className={`${styles.field} ${styles.wide}`}>
        <span>label (optional)</span>
        <input className="input" value={e.label ?? ""} placeholder="shown instead of the generated description" onChange={(ev) => set({ label: ev.target.value || undefined })} />
        {err("label")}
      </label>
      {problem && !["equals", "path", "value", "hookId", "decision", "name", "input", "label", "occurrence", "point"].includes(problem.field) ? (
        <p className="field-error">{problem.message}</p>
      ) : null}
      <div className={styles.formActions}>
        <button type="button" className="btn btn-primary" onClick={save} data-testid="expectation-save">
          Save expectation
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export { EXPECTATION_KINDS };
