import type { MomentStage, MomentView, ProfileBinding, ToolCallView, ToolResultView } from "../../engine/binding";
import type { ChainResult } from "../../engine/ports";
import type { Json, JsonObject } from "../../json";
import type { ContentBlock, Message } from "../../pipeline/schema";
import { CODEX_EDGES as E } from "./graph";

/**
 * How Codex CLI 0.169.0's hook events fire on Hookwright's loop, and what Codex does with each
 * folded outcome (../shared/reference/codex.md §5-§6; fold: core/chain/fold/claudeCode.ts, variant "codex").
 */

/** The session cwd Codex reports; command hooks run there (codex.md §4). */
export const CODEX_PROJECT_DIR = "/home/user/project";
/** Where Codex keeps its user layer (`$CODEX_HOME`). */
export const CODEX_HOME = "/home/user/.codex";
/** The project layer's hooks file: it names Stop hooks in `<hook_prompt hook_run_id="stop:<n>:<path>">` (fact 20). */
export const CODEX_HOOKS_FILE = `${CODEX_PROJECT_DIR}/.codex/hooks.json`;
const MODEL = "gpt-5.5";

/**
 * Tools whose hook-facing name and input differ from the model's (fact 1): the shell is
 * `exec_command {cmd}` for the model and `Bash {command}` for hooks.
 */
export const CODEX_HOOK_TOOLS: Readonly<Record<string, { hookName: string; inputKey: string; hookInputKey: string }>> = {
  exec_command: { hookName: "Bash", inputKey: "cmd", hookInputKey: "command" },
};

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function str(value: Json | undefined): string | null {
  return typeof value === "string" ? value : null;
}

function outcome(chain: ChainResult): JsonObject | null {
  return isObject(chain.result ?? undefined) ? (chain.result as JsonObject) : null;
}

function contexts(r: JsonObject | null): string[] {
  return r && Array.isArray(r.additionalContexts) ? r.additionalContexts.filter((c): c is string => typeof c === "string") : [];
}

/** The blocks of the fold's feedback, in config order. */
function blocks(r: JsonObject | null): { hookId: string; text: string }[] {
  if (!r || !Array.isArray(r.feedback)) return [];
  return r.feedback.flatMap((e) => (isObject(e) && e.kind === "block" && typeof e.text === "string" ? [{ hookId: str(e.hookId) ?? "", text: e.text }] : []));
}

type View = { ids: { sessionId: string } };
const base = (v: View, event: string): JsonObject => ({
  session_id: v.ids.sessionId,
  transcript_path: `${CODEX_HOME}/sessions/${v.ids.sessionId}.jsonl`,
  cwd: CODEX_PROJECT_DIR,
  hook_event_name: event,
  model: MODEL,
  permission_mode: "bypassPermissions",
});
const turn = (v: View, event: string): JsonObject => ({ ...base(v, event), turn_id: `turn-${v.ids.sessionId}` });

/** The call as hooks see it: `exec_command {cmd}` becomes `Bash {command}` (fact 1). */
function hookTool(v: ToolCallView | ToolResultView): { name: string; input: JsonObject } {
  const input = (v.toolUse.input ?? {}) as JsonObject;
  const alias = CODEX_HOOK_TOOLS[v.toolUse.name];
  if (!alias) return { name: v.toolUse.name, input };
  const { [alias.inputKey]: value, ...rest } = input;
  return { name: alias.hookName, input: { [alias.hookInputKey]: value ?? "", ...rest } };
}

/** A hook's updatedInput back in the model's terms (`{command}` → `{cmd}`), merged over the original input. */
function modelInput(v: ToolCallView, updated: JsonObject): JsonObject {
  const alias = CODEX_HOOK_TOOLS[v.toolUse.name];
  const original = (v.toolUse.input ?? {}) as JsonObject;
  if (!alias) return updated;
  const { [alias.hookInputKey]: value, ...rest } = updated;
  return { ...original, ...rest, ...(value !== undefined ? { [alias.inputKey]: value } : {}) };
}

function commandText(v: ToolCallView): string {
  const c = hookTool(v).input.command;
  return typeof c === "string" ? c : JSON.stringify(hookTool(v).input);
}

function textOf(content: readonly ContentBlock[]): string {
  return content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

function withText(messages: readonly Message[], text: string): Message[] {
  const out = [...messages];
  const last = out[out.length - 1];
  if (last?.role === "user") out[out.length - 1] = { ...last, content: [...last.content, { type: "text", text }] };
  else out.push({ role: "user", content: [{ type: "text", text }] });
  return out;
}

/** SessionStart's context goes just before the prompt (fact 26; the prompt is the last message when the session starts). */
function beforePrompt(messages: readonly Message[], text: string): Message[] {
  const out = [...messages];
  const last = out[out.length - 1];
  if (last?.role === "user") out[out.length - 1] = { ...last, content: [{ type: "text", text }, ...last.content] };
  else out.push({ role: "user", content: [{ type: "text", text }] });
  return out;
}

/** Codex's event order in a hooks file (X:codex-rs/config/src/hook_config.rs `into_matcher_groups`), which its display order follows. */
const DISPLAY_ORDER = ["PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact", "SessionStart", "UserPromptSubmit", "Stop"];

/**
 * A hook's display order in the hooks file Hookwright exports (fact 32): every handler of the events
 * Codex lists earlier, then the hook's place among its own event's, in the pipeline's order.
 */
function displayIndex(hooks: readonly { id: string; point: string }[], hookId: string): number {
  const own = hooks.find((h) => h.id === hookId);
  if (!own) return 0;
  const rank = DISPLAY_ORDER.indexOf(own.point);
  const before = hooks.filter((h) => DISPLAY_ORDER.indexOf(h.point) >= 0 && DISPLAY_ORDER.indexOf(h.point) < rank).length;
  return before + hooks.filter((h) => h.point === own.point).findIndex((h) => h.id === hookId);
}

/** The text of a Stop block as Codex feeds it back (fact 20); `n` is the hook's display order in the hooks file (fact 32). */
export function codexHookPrompt(n: number, reason: string): string {
  return `<hook_prompt hook_run_id="stop:${n}:${CODEX_HOOKS_FILE}">${reason}</hook_prompt>`;
}

/** What a blocked call returns to the model (facts 2, 3, 6). */
export function codexBlockText(reason: string, command: string): string {
  return `Command blocked by PreToolUse hook: ${reason}. Command: ${command}`;
}

const sessionStart: MomentStage = {
  point: "SessionStart",
  edge: E.sessionStart,
  context: (v) => ({ input: { ...base(v, "SessionStart"), source: "startup" } }),
  readBack: (_c, v, chain) => {
    const extra = contexts(outcome(chain));
    return { value: extra.length ? { messages: beforePrompt(v.messages, extra.join("\n\n")) } : {} };
  },
};

const userPromptSubmit: MomentStage = {
  point: "UserPromptSubmit",
  edge: E.promptSubmit,
  context: (v) => ({ input: { ...turn(v, "UserPromptSubmit"), prompt: v.scenario.prompt } }),
  readBack: (_c, v, chain) => {
    const r = outcome(chain);
    // Silent (fact 25): no model request, an empty last message, the reason shown nowhere; continue:false does the same (docs/codex.md).
    if (r?.decision === "block" || r?.continue === false) return { value: { end: { exitReason: "prompt_blocked", error: null, reply: [] } } };
    const extra = contexts(r);
    return { value: extra.length ? { messages: withText(v.messages, extra.join("\n\n")) } : {} };
  },
};

const stopHook: MomentStage = {
  point: "Stop",
  edge: E.stop,
  context: (v) => ({ input: { ...turn(v, "Stop"), stop_hook_active: typeof v.host.stopBlocks === "number" && v.host.stopBlocks > 0, last_assistant_message: textOf(v.content ?? []) } }),
  readBack: (_c, v, chain) => {
    const r = outcome(chain);
    const blocks_ = r?.decision === "block" ? blocks(r) : [];
    if (blocks_.length === 0) return { value: { host: { stopBlocks: 0 } } };
    const texts = blocks_.map((b) => codexHookPrompt(displayIndex(v.hooks, b.hookId), b.text));
    const blocked = typeof v.host.stopBlocks === "number" ? v.host.stopBlocks : 0;
    // No cap (fact 21): only the scenario's script or limits end an always-blocking hook's loop.
    return { value: { continueWith: [...v.messages, { role: "user", content: texts.map((text) => ({ type: "text" as const, text })) }], host: { stopBlocks: blocked + 1 } } };
  },
};

const compact = (point: "PreCompact" | "PostCompact", edge: string): MomentStage => ({
  point,
  edge,
  context: (v: MomentView) => ({ input: { ...base(v, point), trigger: "auto" } }),
  readBack: () => ({ value: {} }),
});

export const codexBinding: ProfileBinding = {
  profileId: "codex",
  toolHookTiming: "each",
  // PostToolUse sees the rewritten command (fact 7).
  afterToolResultSeesRunInput: true,

  beforeToolCall: {
    point: "PreToolUse",
    edge: E.preToolUse,
    context: (v) => {
      const { name, input } = hookTool(v);
      return { input: { ...turn(v, "PreToolUse"), tool_name: name, tool_input: input, tool_use_id: v.toolUse.id } };
    },
    readBack: (_c, v, chain) => {
      const r = outcome(chain);
      if (!r) return { value: { claim: null } };
      const extra = contexts(r);
      const additionalContext = extra.length ? extra.join("\n\n") : null;
      if (r.decision === "deny") {
        const reason = str(r.reason) ?? "";
        return { value: { claim: { hookId: str(r.decidedBy) ?? "", content: codexBlockText(reason, commandText(v)), isError: false }, additionalContext } };
      }
      const updated = r.decision === "allow" && isObject(r.updatedInput ?? undefined) ? modelInput(v, r.updatedInput as JsonObject) : null;
      return { value: { claim: null, input: updated, additionalContext } };
    },
  },

  afterToolResult: {
    point: "PostToolUse",
    edge: E.postToolUse,
    context: (v) => {
      const { name, input } = hookTool(v);
      return { input: { ...turn(v, "PostToolUse"), tool_name: name, tool_input: input, tool_use_id: v.toolUse.id, tool_response: v.result.content as Json } };
    },
    readBack: (_c, v, chain) => {
      const r = outcome(chain);
      const extra = contexts(r);
      // Replacements (block reasons, exit-2 stderr, continue:false stopReasons) replace the output; the loop goes on (facts 17-19, 33).
      const replaced = r?.decision === "block" ? str(r.updatedToolOutput) : null;
      const result = replaced === null ? v.result : { ...v.result, content: replaced };
      return { value: { result, additionalContext: extra.length ? extra.join("\n\n") : null } };
    },
  },

  at: {
    runStart: [sessionStart],
    turnStart: [userPromptSubmit],
    beforeCompaction: [compact("PreCompact", E.preCompact)],
    afterCompaction: [compact("PostCompact", E.postCompact)],
    finalAnswer: [stopHook],
  },
};
