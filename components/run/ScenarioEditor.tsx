"use client";
import { useState } from "react";
import { CompletionOrderField } from "~/components/scenarios/CompletionOrderField";
import { ScenarioForm } from "~/components/scenarios/ScenarioForm";
import { changedFields } from "~/components/scenarios/scenarioPatch";
import type { ScenarioPatch } from "~/components/scenarios/types";
import { scenarioSchema, type Scenario } from "~/core/pipeline/schema";

/**
 * A scenario of the pipeline, as a form or as JSON: both edit the same saved scenario. Edits
 * reach the caller as field patches (a name change as a rename), like every other edit.
 */
export function ScenarioEditor(props: {
  value: Scenario;
  /** Prefix of the Monaco model paths of the scenario's tool handlers. */
  handlerPathPrefix: string;
  onPatch: (patch: ScenarioPatch, label?: string) => void;
  onRename: (newName: string) => void;
  /** The profile runs some point's hooks in parallel: the form offers the completion order. */
  parallelHooks?: boolean;
}) {
  const [mode, setMode] = useState<"form" | "json">("form");
  return (
    <div className="run-scenario">
      <div role="tablist" aria-label="Scenario view" className="run-tabs">
        <button type="button" role="tab" aria-selected={mode === "form"} onClick={() => setMode("form")}>
          Form
        </button>
        <button type="button" role="tab" aria-selected={mode === "json"} onClick={() => setMode("json")}>
          JSON
        </button>
      </div>
      {mode === "form" ? (
        <>
          <ScenarioForm key={props.value.name} value={props.value} handlerPathPrefix={props.handlerPathPrefix} onPatch={props.onPatch} />
          {props.parallelHooks ? <CompletionOrderField value={props.value} onPatch={props.onPatch} /> : null}
        </>
      ) : (
        <ScenarioJson value={props.value} onPatch={props.onPatch} onRename={props.onRename} />
      )}
    </div>
  );
}

function ScenarioJson({ value, onPatch, onRename }: { value: Scenario; onPatch: (patch: ScenarioPatch) => void; onRename: (name: string) => void }) {
  const shown = JSON.stringify(value, null, 2);
  const [text, setText] = useState(shown);
  const [seen, setSeen] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  // Only an outside change (undo, the form) rewrites the text; our own edits keep what is typed.
  if (shown !== seen) {
    setSeen(shown);
    setText(shown);
    setError(null);
  }
  return (
    <div className="run-json-edit">
      <textarea
        aria-label="Scenario JSON"
        aria-invalid={error ? true : undefined}
        rows={16}
        spellCheck={false}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          let raw: unknown;
          try {
            raw = JSON.parse(e.target.value);
          } catch (err) {
            setError(`Not JSON: ${err instanceof Error ? err.message : String(err)}`);
            return;
          }
          const parsed = scenarioSchema.safeParse(raw);
          if (!parsed.success) {
            setError(parsed.error.issues.map((i) => `${i.path.join(".") || "scenario"}: ${i.message}`).join("; "));
            return;
          }
          setError(null);
          const patch = changedFields(value, parsed.data);
          // What the store will hold (its key order included), so the text being typed stays as it is.
          setSeen(JSON.stringify({ ...value, ...patch, name: parsed.data.name }, null, 2));
          if (Object.keys(patch).length > 0) onPatch(patch);
          if (parsed.data.name !== value.name) onRename(parsed.data.name);
        }}
      />
      {error ? (
        <p className="run-error-text" role="alert">
          {error} (not saved until it is valid)
        </p>
      ) : null}
    </div>
  );
}
