"use client";
import type { ToolDefinition } from "~/core/pipeline/schema";
import { Field, JsonField, RequiredTextField } from "./fields";
import { LazyToolHandlerEditor } from "./LazyToolHandlerEditor";
import { ToolResultEditor } from "./ToolResultEditor";
import type { ToolResult } from "./toolResultEffects";
import styles from "./scenarios.module.css";

export const HANDLER_TEMPLATE = `/** Called with the tool call's input; returns the result: a string, or { content, isError }. */
export default function handle(input: Record<string, unknown>): string {
  return \`ok: \${JSON.stringify(input)}\`;
}
`;

const asSchema = (raw: unknown) =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw)
    ? ({ ok: true, value: raw as Record<string, unknown> } as const)
    : ({ ok: false, error: 'An input schema is a JSON Schema object, like {"type": "object", "properties": {…}}' } as const);

/** One tool of a scenario: name, description, input schema, and results in order or a TypeScript handler. */
export function ToolEditor(props: {
  value: ToolDefinition;
  /** Where the handler's editor model lives, unique per scenario and tool. */
  handlerPath: string;
  otherNames: readonly string[];
  onChange: (next: ToolDefinition, label?: string) => void;
  onRemove: () => void;
}) {
  const { value, onChange } = props;
  const owner = `Tool ${value.name}`;
  const usesHandler = value.handler !== undefined;
  const results = value.results ?? [];
  const setResults = (next: ToolResult[], label?: string) => onChange({ ...value, results: next }, label);
  return (
    <div className={styles.card} data-tool={value.name}>
      <div className={styles.cardHead}>
        <strong>{value.name}</strong>
        <button type="button" className="btn btn-quiet danger" onClick={props.onRemove} aria-label={`Remove tool ${value.name}`}>
          Remove
        </button>
      </div>
      <div className={styles.grid}>
        <RequiredTextField
          label="Tool name"
          value={value.name}
          mono
          problem={(t) => (props.otherNames.includes(t) ? `Another tool is already called "${t}"` : null)}
          onChange={(name) => onChange({ ...value, name })}
        />
        <Field label={`${owner} description`} wide>
          {(id) => <input id={id} className={styles.input} value={value.description} onChange={(e) => onChange({ ...value, description: e.target.value })} />}
        </Field>
        <JsonField label={`${owner} input schema`} value={value.inputSchema} check={asSchema} onChange={(inputSchema) => onChange({ ...value, inputSchema })} />
        <Field label={`${owner} behaviour`}>
          {(id) => (
            <select
              id={id}
              className={styles.input}
              value={usesHandler ? "handler" : "results"}
              onChange={(e) => {
                // The engine uses results over a handler when a tool has both, so a tool keeps only the one shown (undo brings the other back).
                const toHandler = e.target.value === "handler";
                const { handler: _h, results: _r, ...rest } = value;
                onChange(
                  toHandler
                    ? { ...rest, handler: value.handler ?? HANDLER_TEMPLATE }
                    : { ...rest, results: value.results ?? ["ok"] },
                  `Make ${owner} ${toHandler ? "run a handler" : "return results in order"}`,
                );
              }}
            >
              <option value="results">Results in order (the last repeats)</option>
              <option value="handler">TypeScript handler</option>
            </select>
          )}
        </Field>
      </div>
      {usesHandler ? (
        <div className={styles.handler}>
          <span className={styles.label}>{owner} handler</span>
          <LazyToolHandlerEditor path={props.handlerPath} label={`Handler of tool ${value.name}`} code={value.handler ?? ""} onChange={(handler) => onChange({ ...value, handler })} />
        </div>
      ) : (
        <ol className={styles.list} aria-label={`${owner} results`}>
          {results.map((r, i) => (
            <ToolResultEditor
              key={i}
              value={r}
              index={i}
              owner={owner}
              onlyOne={results.length === 1}
              onChange={(next, label) => setResults(results.map((x, j) => (j === i ? next : x)), label)}
              onRemove={() => setResults(results.filter((_, j) => j !== i), `Remove a result of ${owner}`)}
            />
          ))}
          <li>
            <button type="button" className="btn btn-quiet" onClick={() => setResults([...results, ""], `Add a result to ${owner}`)}>
              + Add result
            </button>
          </li>
        </ol>
      )}
    </div>
  );
}
