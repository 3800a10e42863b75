"use client";
import type { ContentBlock, ScriptedResponse, ToolDefinition } from "~/core/pipeline/schema";
import { BlocksEditor } from "./BlocksEditor";
import { Field, RequiredTextField } from "./fields";
import styles from "./scenarios.module.css";

type StopReason = Extract<ScriptedResponse, { content: unknown }>["stopReason"];
const stopReasons: readonly StopReason[] = ["end_turn", "tool_use", "max_tokens", "stop_sequence"];

/** One scripted model reply: content blocks and a stop reason, or a provider error. */
export function ReplyEditor(props: {
  owner: string;
  value: ScriptedResponse;
  tools: readonly ToolDefinition[];
  newToolUseId: () => string;
  onChange: (next: ScriptedResponse, label?: string) => void;
}) {
  const { value, owner, onChange } = props;
  const isError = "error" in value;
  return (
    <div className={styles.reply}>
      <div className={styles.row}>
        <Field label={`${owner} kind`}>
          {(id) => (
            <select
              id={id}
              className={styles.input}
              value={isError ? "error" : "reply"}
              onChange={(e) =>
                onChange(
                  e.target.value === "error" ? { error: "overloaded" } : { content: [{ type: "text", text: "" }], stopReason: "end_turn" },
                  `Make ${owner} ${e.target.value === "error" ? "a provider error" : "a reply"}`,
                )
              }
            >
              <option value="reply">Reply</option>
              <option value="error">Provider error</option>
            </select>
          )}
        </Field>
        {isError ? null : (
          <Field label={`${owner} stop reason`}>
            {(id) => (
              <select id={id} className={styles.input} value={value.stopReason} onChange={(e) => onChange({ ...value, stopReason: e.target.value as StopReason }, `Set the stop reason of ${owner}`)}>
                {stopReasons.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
      </div>
      {isError ? (
        <RequiredTextField label={`${owner} error`} hint="(what the provider fails with, e.g. overloaded)" value={value.error} onChange={(error) => onChange({ error })} />
      ) : (
        <BlocksEditor
          owner={owner}
          blocks={value.content}
          kinds={["text", "tool_use"]}
          tools={props.tools}
          newToolUseId={props.newToolUseId}
          onChange={(content: ContentBlock[], label) => {
            // A reply that calls a tool stops with tool_use; otherwise the host would not run it.
            const calls = content.some((b) => b.type === "tool_use");
            const stopReason = calls && value.stopReason === "end_turn" ? "tool_use" : !calls && value.stopReason === "tool_use" ? "end_turn" : value.stopReason;
            onChange({ ...value, content, stopReason }, label);
          }}
        />
      )}
    </div>
  );
}
