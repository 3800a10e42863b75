"use client";
import type { Message, ToolDefinition } from "~/core/pipeline/schema";
import { BlocksEditor } from "./BlocksEditor";
import { Field } from "./fields";
import styles from "./scenarios.module.css";

/** The conversation before the prompt: messages of text, tool_use and tool_result blocks. */
export function HistoryEditor(props: {
  value: readonly Message[];
  tools: readonly ToolDefinition[];
  newToolUseId: () => string;
  onChange: (next: Message[], label?: string) => void;
}) {
  const { value, onChange } = props;
  const replace = (i: number, m: Message, label?: string) => onChange(value.map((x, j) => (j === i ? m : x)), label);
  return (
    <ol className={styles.list} aria-label="History messages">
      {value.map((m, i) => {
        const owner = `History message ${i + 1}`;
        return (
          <li key={i} className={styles.card}>
            <div className={styles.cardHead}>
              <Field label={`${owner} role`}>
                {(id) => (
                  <select id={id} className={styles.input} value={m.role} onChange={(e) => replace(i, { ...m, role: e.target.value === "assistant" ? "assistant" : "user" }, `Change the role of ${owner}`)}>
                    <option value="user">user</option>
                    <option value="assistant">assistant</option>
                  </select>
                )}
              </Field>
              <button type="button" className="btn btn-quiet danger" aria-label={`Remove ${owner}`} onClick={() => onChange(value.filter((_, j) => j !== i), `Remove ${owner}`)}>
                Remove
              </button>
            </div>
            <BlocksEditor owner={owner} blocks={m.content} kinds={["text", "tool_use", "tool_result"]} tools={props.tools} newToolUseId={props.newToolUseId} onChange={(content, label) => replace(i, { ...m, content }, label)} />
          </li>
        );
      })}
      <li>
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => onChange([...value, { role: value.at(-1)?.role === "user" ? "assistant" : "user", content: [{ type: "text", text: "" }] }], "Add a history message")}
        >
          + Add message
        </button>
      </li>
    </ol>
  );
}
