"use client";
import { useEffect, useRef, useState } from "react";
import { scenarioSchema, type Scenario, type ScriptedResponse, type ToolDefinition } from "~/core/pipeline/schema";

/** Edit a scenario as a form (prompt, system, scripted replies, tools) or as JSON (everything). */
export function ScenarioEditor(props: { value: Scenario; onChange: (next: Scenario) => void }) {
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
      {mode === "form" ? <ScenarioForm {...props} /> : <ScenarioJson {...props} />}
    </div>
  );
}

function ScenarioForm({ value, onChange }: { value: Scenario; onChange: (next: Scenario) => void }) {
  const set = (patch: Partial<Scenario>) => onChange({ ...value, ...patch });
  const responses = value.model.responses;
  const setResponses = (next: ScriptedResponse[]) => set({ model: { ...value.model, responses: next } });
  return (
    <div className="run-form">
      <label>
        Prompt
        <textarea value={value.prompt} rows={2} onChange={(e) => set({ prompt: e.target.value })} />
      </label>
      <label>
        System prompt
        <textarea value={value.system ?? ""} rows={2} onChange={(e) => set({ system: e.target.value === "" ? null : e.target.value })} />
      </label>
      <fieldset>
        <legend>Scripted model replies, in order</legend>
        <ol>
          {responses.map((r, i) => (
            <li key={i}>
              <ResponseRow value={r} onChange={(next) => setResponses(responses.map((x, j) => (j === i ? next : x)))} />
              <button type="button" aria-label={`Remove reply ${i + 1}`} onClick={() => setResponses(responses.filter((_, j) => j !== i))}>
                ✕
              </button>
            </li>
          ))}
        </ol>
        <button type="button" onClick={() => setResponses([...responses, { content: [{ type: "text", text: "" }], stopReason: "end_turn" }])}>
          Add reply
        </button>
      </fieldset>
      <fieldset>
        <legend>Tools</legend>
        {value.tools.map((t, i) => (
          <ToolRow key={i} value={t} onChange={(next) => set({ tools: value.tools.map((x, j) => (j === i ? next : x)) })} onRemove={() => set({ tools: value.tools.filter((_, j) => j !== i) })} />
        ))}
        <button type="button" onClick={() => set({ tools: [...value.tools, { name: `tool${value.tools.length + 1}`, description: "", inputSchema: { type: "object" }, results: ["ok"] }] })}>
          Add tool
        </button>
      </fieldset>
    </div>
  );
}

function ResponseRow({ value, onChange }: { value: ScriptedResponse; onChange: (next: ScriptedResponse) => void }) {
  if ("error" in value) {
    return (
      <label>
        Provider error
        <input value={value.error} onChange={(e) => onChange({ error: e.target.value || "error" })} />
      </label>
    );
  }
  const text = value.content.filter((b) => b.type === "text").map((b) => b.text).join("\n");
  const toolUses = value.content.filter((b) => b.type === "tool_use");
  return (
    <div className="run-response">
      <textarea
        aria-label="Reply text"
        rows={2}
        value={text}
        onChange={(e) => onChange({ ...value, content: [...(e.target.value ? [{ type: "text" as const, text: e.target.value }] : []), ...toolUses] })}
      />
      {toolUses.length > 0 ? <span className="run-muted">+ calls {toolUses.map((t) => t.name).join(", ")} (edit in JSON)</span> : null}
      <span className="run-muted">{value.stopReason}</span>
    </div>
  );
}

function ToolRow(props: { value: ToolDefinition; onChange: (next: ToolDefinition) => void; onRemove: () => void }) {
  const { value, onChange } = props;
  const results = (value.results ?? []).map((r) => (typeof r === "string" ? r : r.content)).join("\n");
  return (
    <div className="run-tool">
      <input aria-label="Tool name" value={value.name} onChange={(e) => onChange({ ...value, name: e.target.value })} />
      {value.handler !== undefined ? (
        <span className="run-muted">handler in TypeScript (edit in JSON)</span>
      ) : (
        <textarea aria-label="Tool results, one per line" rows={2} value={results} onChange={(e) => onChange({ ...value, results: e.target.value.split("\n") })} />
      )}
      <button type="button" aria-label={`Remove tool ${value.name}`} onClick={props.onRemove}>
        ✕
      </button>
    </div>
  );
}

function ScenarioJson({ value, onChange }: { value: Scenario; onChange: (next: Scenario) => void }) {
  const [text, setText] = useState(() => JSON.stringify(value, null, 2));
  const [error, setError] = useState<string | null>(null);
  // Only an outside change rewrites the text; our own edits must not reformat what is being typed.
  const emitted = useRef<Scenario | null>(null);
  useEffect(() => {
    if (value !== emitted.current) setText(JSON.stringify(value, null, 2));
  }, [value]);
  return (
    <div className="run-json-edit">
      <textarea
        aria-label="Scenario JSON"
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
          emitted.current = parsed.data;
          onChange(parsed.data);
        }}
      />
      {error ? (
        <p className="run-error-text" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
