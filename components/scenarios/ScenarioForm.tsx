"use client";
import { DesignerExpectationList } from "~/components/expectations/DesignerExpectationList";
import type { ContentBlock, Scenario, ScriptedResponse, ToolDefinition } from "~/core/pipeline/schema";
import { Field, InstantField, IntegerField } from "./fields";
import { ScenarioModelKind } from "~/components/settings/providers/ScenarioModelKind";
import { HistoryEditor } from "./HistoryEditor";
import { ReplyEditor } from "./ReplyEditor";
import { ScenarioSandboxFields } from "~/components/files/ScenarioSandboxFields";
import { ScenarioInferenceFields } from "./ScenarioInferenceFields";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import { getProfile } from "~/core/profiles";
import styles from "./scenarios.module.css";
import { SessionSourceFields } from "./SessionSourceFields";
import { ToolEditor } from "./ToolEditor";
import type { ScenarioPatch } from "./types";

/** `toolu_N` for the smallest N no block of the scenario uses. */
function nextToolUseId(scenario: Scenario): string {
  const blocks: ContentBlock[] = [...scenario.history.flatMap((m) => m.content), ...(scenario.model.kind === "scripted" ? scenario.model.responses : []).flatMap((r) => ("content" in r ? r.content : []))];
  const taken = new Set(blocks.flatMap((b) => (b.type === "tool_use" ? [b.id] : [])));
  for (let n = 1; ; n++) if (!taken.has(`toolu_${n}`)) return `toolu_${n}`;
}

/** Tool calls in the replies follow a renamed tool, so a rename does not orphan them. */
function renameToolCalls(responses: readonly ScriptedResponse[], from: string, to: string): ScriptedResponse[] {
  return responses.map((r) =>
    "content" in r && r.content.some((b) => b.type === "tool_use" && b.name === from)
      ? { ...r, content: r.content.map((b) => (b.type === "tool_use" && b.name === from ? { ...b, name: to } : b)) }
      : r,
  );
}

/**
 * Every part of a scenario as a form. Typing reports a patch without a label (saved after a
 * pause); adding, removing and switching things report one with a label (an undo step).
 */
export function ScenarioForm(props: { value: Scenario; handlerPathPrefix: string; onPatch: (patch: ScenarioPatch, label?: string) => void }) {
  const { value, onPatch } = props;
  // A scenario that already sets inference keeps showing it, so a pipeline moved to another profile can still clear it.
  const hookInference = useEditorStore((s) => getProfile(s.doc?.profile ?? "")?.hookInference === true) || value.inference !== undefined;
  const name = value.name;
  const model = value.model;
  const responses = model.kind === "scripted" ? model.responses : [];
  const newToolUseId = () => nextToolUseId(value);
  const setResponses = (next: ScriptedResponse[], label?: string) => onPatch({ model: { kind: "scripted", maxInputTokens: model.maxInputTokens, responses: next } }, label);
  const setTool = (i: number, next: ToolDefinition, label?: string) => {
    const before = value.tools[i];
    const tools = value.tools.map((t, j) => (j === i ? next : t));
    if (before && before.name !== next.name && model.kind === "scripted") {
      onPatch({ tools, model: { ...model, responses: renameToolCalls(responses, before.name, next.name) } }, label);
    } else onPatch({ tools }, label);
  };

  return (
    <div className={styles.form} data-testid="scenario-form">
      <fieldset className={styles.section}>
        <legend>Turn</legend>
        <Field label="Prompt" wide>
          {(id) => <textarea id={id} className={styles.input} rows={2} value={value.prompt} onChange={(e) => onPatch({ prompt: e.target.value })} />}
        </Field>
        <Field label="System prompt" hint="(empty: none)" wide>
          {(id) => <textarea id={id} className={styles.input} rows={2} value={value.system ?? ""} onChange={(e) => onPatch({ system: e.target.value === "" ? null : e.target.value })} />}
        </Field>
        <Field label="Description" wide>
          {(id) => <input id={id} className={styles.input} value={value.description} onChange={(e) => onPatch({ description: e.target.value })} />}
        </Field>
      </fieldset>

      {value.source ? <SessionSourceFields source={value.source} onPatch={onPatch} /> : null}

      <fieldset className={styles.section}>
        <legend>History ({value.history.length})</legend>
        <HistoryEditor value={value.history} tools={value.tools} newToolUseId={newToolUseId} onChange={(history, label) => onPatch({ history }, label)} />
      </fieldset>

      <ScenarioModelKind value={model} onChange={(next, label) => onPatch({ model: next }, label)} />
      {model.kind === "scripted" ? (
      <fieldset className={styles.section}>
        <legend>Model replies, in order</legend>
        <ol className={styles.list} aria-label="Model replies">
          {responses.map((r, i) => (
            <li key={i} className={styles.card} data-reply={i + 1}>
              <div className={styles.cardHead}>
                <strong>Reply {i + 1}</strong>
                <span className={styles.row}>
                  <button type="button" className={styles.iconButton} aria-label={`Move reply ${i + 1} up`} disabled={i === 0} onClick={() => setResponses(move(responses, i, i - 1), `Move reply ${i + 1} up`)}>
                    ↑
                  </button>
                  <button type="button" className={styles.iconButton} aria-label={`Move reply ${i + 1} down`} disabled={i === responses.length - 1} onClick={() => setResponses(move(responses, i, i + 1), `Move reply ${i + 1} down`)}>
                    ↓
                  </button>
                  <button type="button" className="btn btn-quiet danger" aria-label={`Remove reply ${i + 1}`} onClick={() => setResponses(responses.filter((_, j) => j !== i), `Remove reply ${i + 1} of ${name}`)}>
                    Remove
                  </button>
                </span>
              </div>
              <ReplyEditor owner={`Reply ${i + 1}`} value={r} tools={value.tools} newToolUseId={newToolUseId} onChange={(next, label) => setResponses(responses.map((x, j) => (j === i ? next : x)), label)} />
            </li>
          ))}
          <li>
            <button type="button" className="btn btn-quiet" onClick={() => setResponses([...responses, { content: [{ type: "text", text: "" }], stopReason: "end_turn" }], `Add a reply to ${name}`)}>
              + Add reply
            </button>
          </li>
        </ol>
        {responses.length === 0 ? <p className="field-error">With no replies the model has nothing to say: the run stops at the first model call.</p> : null}
      </fieldset>
      ) : null}

      <fieldset className={styles.section}>
        <legend>Tools ({value.tools.length})</legend>
        {value.tools.map((t, i) => (
          <ToolEditor
            key={i}
            value={t}
            handlerPath={`${props.handlerPathPrefix}/${i}.ts`}
            otherNames={value.tools.filter((_, j) => j !== i).map((x) => x.name)}
            onChange={(next, label) => setTool(i, next, label)}
            onRemove={() => onPatch({ tools: value.tools.filter((_, j) => j !== i) }, `Remove tool ${t.name} from ${name}`)}
          />
        ))}
        <button
          type="button"
          className="btn btn-quiet"
          onClick={() => onPatch({ tools: [...value.tools, newTool(value.tools)] }, `Add a tool to ${name}`)}
        >
          + Add tool
        </button>
      </fieldset>

      <ScenarioSandboxFields value={value} onPatch={onPatch} />
      <ScenarioInferenceFields value={value} withInference={hookInference} onPatch={onPatch} />

      <fieldset className={styles.section}>
        <legend>Expectations ({value.expectations?.length ?? 0})</legend>
        <DesignerExpectationList value={value.expectations ?? []} onChange={(expectations) => onPatch({ expectations }, `Edit the expectations of ${name}`)} />
      </fieldset>

      <fieldset className={`${styles.section} ${styles.grid}`}>
        <legend>Limits and determinism</legend>
        <IntegerField label="Max model calls" value={value.limits.maxModelCalls} min={1} max={10_000} onChange={(n) => n !== null && onPatch({ limits: { ...value.limits, maxModelCalls: n } })} />
        <IntegerField label="Max tool calls" value={value.limits.maxToolCalls} min={1} max={100_000} onChange={(n) => n !== null && onPatch({ limits: { ...value.limits, maxToolCalls: n } })} />
        <IntegerField label="Compact at characters" hint="(empty: never)" nullable min={1} value={value.limits.compactAtChars} onChange={(n) => onPatch({ limits: { ...value.limits, compactAtChars: n } })} />
        <IntegerField label="Max input tokens" value={value.model.maxInputTokens} min={1} onChange={(n) => n !== null && onPatch({ model: { ...value.model, maxInputTokens: n } })} />
        <InstantField label="Clock start" value={value.clockStart} onChange={(clockStart) => onPatch({ clockStart })} />
        <IntegerField label="Seed" value={value.seed} onChange={(n) => n !== null && onPatch({ seed: n })} />
      </fieldset>
    </div>
  );
}

function move<T>(items: readonly T[], from: number, to: number): T[] {
  const next = items.slice();
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

function newTool(tools: readonly ToolDefinition[]): ToolDefinition {
  const taken = new Set(tools.map((t) => t.name));
  let n = tools.length + 1;
  while (taken.has(`tool${n}`)) n++;
  return { name: `tool${n}`, description: "", inputSchema: { type: "object", properties: {} }, results: ["ok"] };
}
