"use client";
import type { ContentBlock, ToolDefinition } from "~/core/pipeline/schema";
import { checkJsonSchema } from "./checkJsonSchema";
import { Field, JsonField } from "./fields";
import styles from "./scenarios.module.css";

export type BlockKind = ContentBlock["type"];
type ToolUse = Extract<ContentBlock, { type: "tool_use" }>;
type ToolResult = Extract<ContentBlock, { type: "tool_result" }>;

/** Kinds a person adds here (an image comes from the scenario's attachments, or a file that already has one). */
type AddableKind = Exclude<BlockKind, "image">;
const addLabels: Record<AddableKind, string> = { text: "Add text", tool_use: "Add tool call", tool_result: "Add tool result" };
const kindLabels: Record<BlockKind, string> = { text: "Text", tool_use: "Tool call", tool_result: "Tool result", image: "Image" };

/**
 * The content blocks of one message or scripted reply: text, tool calls (a tool of the scenario
 * and its JSON input, checked against that tool's input schema) and tool results.
 */
export function BlocksEditor(props: {
  /** Names the blocks for screen readers and tests: "Reply 1", "History message 2". */
  owner: string;
  blocks: readonly ContentBlock[];
  kinds: readonly AddableKind[];
  tools: readonly ToolDefinition[];
  newToolUseId: () => string;
  /** `label` marks a structural edit (one undo step); typing passes none. */
  onChange: (next: ContentBlock[], label?: string) => void;
}) {
  const { blocks, onChange, owner } = props;
  const replace = (i: number, block: ContentBlock, label?: string) => onChange(blocks.map((b, j) => (j === i ? block : b)), label);
  const add = (kind: AddableKind) => {
    const first = props.tools[0]?.name ?? "";
    const block: ContentBlock =
      kind === "text"
        ? { type: "text", text: "" }
        : kind === "tool_use"
          ? { type: "tool_use", id: props.newToolUseId(), name: first, input: {} }
          : { type: "tool_result", tool_use_id: lastToolUseId(blocks) ?? "", content: "" };
    onChange([...blocks, block], `${addLabels[kind]} to ${owner}`);
  };
  return (
    <div className={styles.blocks}>
      {blocks.length === 0 ? <p className={styles.hint}>No content.</p> : null}
      {blocks.map((block, i) => (
        <div key={i} className={styles.block} data-block={block.type}>
          <div className={styles.blockHead}>
            <span className={styles.blockKind}>{kindLabels[block.type]}</span>
            <button type="button" className={styles.iconButton} aria-label={`Remove block ${i + 1} of ${owner}`} title="Remove this block" onClick={() => onChange(blocks.filter((_, j) => j !== i), `Remove a block from ${owner}`)}>
              ✕
            </button>
          </div>
          {block.type === "text" ? (
            <Field label={`${owner} text`} wide>
              {(id) => <textarea id={id} className={styles.input} rows={2} value={block.text} onChange={(e) => replace(i, { ...block, text: e.target.value })} />}
            </Field>
          ) : block.type === "tool_use" ? (
            <ToolUseEditor owner={owner} block={block} tools={props.tools} onChange={(b, label) => replace(i, b, label)} />
          ) : block.type === "image" ? (
            <p className={styles.hint}>
              {block.source.media_type}, {block.source.data.length} characters of base64
            </p>
          ) : (
            <ToolResultEditor owner={owner} block={block} onChange={(b, label) => replace(i, b, label)} />
          )}
        </div>
      ))}
      <div className={styles.row}>
        {props.kinds.map((kind) => (
          <button key={kind} type="button" className="btn btn-quiet" onClick={() => add(kind)}>
            + {addLabels[kind]}
          </button>
        ))}
      </div>
    </div>
  );
}

function lastToolUseId(blocks: readonly ContentBlock[]): string | null {
  for (let i = blocks.length - 1; i >= 0; i--) {
    const b = blocks[i];
    if (b?.type === "tool_use") return b.id;
  }
  return null;
}

const asObject = (raw: unknown) =>
  typeof raw === "object" && raw !== null && !Array.isArray(raw)
    ? ({ ok: true, value: raw as Record<string, unknown> } as const)
    : ({ ok: false, error: "A tool call's input is a JSON object, like {\"query\": \"hooks\"}" } as const);

function ToolUseEditor(props: { owner: string; block: ToolUse; tools: readonly ToolDefinition[]; onChange: (next: ToolUse, label?: string) => void }) {
  const { block, tools, owner } = props;
  const tool = tools.find((t) => t.name === block.name);
  const problems = tool ? checkJsonSchema(block.input, tool.inputSchema) : [];
  const nameError = tools.length === 0 ? "This scenario has no tools yet: add one under Tools." : tool ? null : `"${block.name}" is not a tool of this scenario.`;
  return (
    <div className={styles.grid}>
      <Field label={`${owner} tool`} error={nameError}>
        {(id, describedBy) => (
          <select id={id} className={styles.input} value={block.name} aria-describedby={describedBy} onChange={(e) => props.onChange({ ...block, name: e.target.value }, `Change the tool called in ${owner}`)}>
            {tool ? null : <option value={block.name}>{block.name || "(none)"}</option>}
            {tools.map((t) => (
              <option key={t.name} value={t.name}>
                {t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={`${owner} call id`}>
        {(id) => <input id={id} className={`${styles.input} ${styles.mono}`} value={block.id} onChange={(e) => props.onChange({ ...block, id: e.target.value })} />}
      </Field>
      <JsonField label={`${owner} input`} value={block.input} check={asObject} onChange={(input) => props.onChange({ ...block, input })} warnings={problems.map((p) => `Does not fit the input schema of ${block.name}: ${p}`)} />
    </div>
  );
}

function ToolResultEditor(props: { owner: string; block: ToolResult; onChange: (next: ToolResult, label?: string) => void }) {
  const { block, owner } = props;
  const content = typeof block.content === "string" ? block.content : block.content.map((c) => c.text).join("\n");
  return (
    <div className={styles.grid}>
      <Field label={`${owner} result of call id`}>
        {(id) => <input id={id} className={`${styles.input} ${styles.mono}`} value={block.tool_use_id} onChange={(e) => props.onChange({ ...block, tool_use_id: e.target.value })} />}
      </Field>
      <label className={styles.check}>
        <input type="checkbox" checked={block.is_error ?? false} onChange={(e) => props.onChange({ ...block, is_error: e.target.checked }, `Mark a tool result of ${owner} as ${e.target.checked ? "an error" : "a success"}`)} />
        Error result
      </label>
      <Field label={`${owner} result content`} wide>
        {(id) => <textarea id={id} className={styles.input} rows={2} value={content} onChange={(e) => props.onChange({ ...block, content: e.target.value })} />}
      </Field>
    </div>
  );
}
