import type { ApprovalAnswer, ApprovalAsk } from "../../engine/approval";
import type { MomentStage, MomentView, ProfileBinding, ToolCallView, ToolClaim, ToolResultView } from "../../engine/binding";
import type { ChainResult } from "../../engine/ports";
import type { Json, JsonObject } from "../../json";
import type { ContentBlock, Message } from "../../pipeline/schema";
import { CLAUDE_CODE_EDGES as E } from "./graph";

/**
 * How Claude Code's hook events fire on Hookwright's loop (semantics.md §3a, §3f), and what the
 * host does with each folded outcome (point.end.result, core/chain/fold/claudeCode.ts).
 */

/** Consecutive Stop blocks the host allows before it ends the turn (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP, semantics.md §3f). */
export const STOP_HOOK_BLOCK_CAP = 9;
const SUBAGENT_TOOLS = new Set(["Task", "Agent"]);

/** The project folder the host reports (`cwd`, `$CLAUDE_PROJECT_DIR`); command hooks run there. */
export const CLAUDE_PROJECT_DIR = "/home/user/project";
/** Where a plugin's files are for its command hooks (`${CLAUDE_PLUGIN_ROOT}`). */
export const CLAUDE_PLUGIN_ROOT = "/home/user/.claude/plugins/hookwright";

type View = { ids: { sessionId: string }; scenario: { name: string } };
/** The fields every hook input carries (BaseHookInput), for `event`; the mods profile's settings hooks read the same. */
export const hookInputBase = (v: View, event: string): JsonObject => ({
  session_id: v.ids.sessionId,
  transcript_path: `/home/user/.claude/projects/hookwright/${v.ids.sessionId}.jsonl`,
  cwd: CLAUDE_PROJECT_DIR,
  permission_mode: "default",
  hook_event_name: event,
});

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The folded outcome of the point (null when no hook ran). */
function outcome(chain: ChainResult): JsonObject | null {
  return isObject(chain.result ?? undefined) ? (chain.result as JsonObject) : null;
}

function str(value: Json | undefined): string | null {
  return typeof value === "string" ? value : null;
}

function contexts(r: JsonObject | null): string[] {
  return r && Array.isArray(r.additionalContexts) ? r.additionalContexts.filter((c): c is string => typeof c === "string") : [];
}

interface FeedbackEntry {
  kind: "block" | "context";
  text: string;
  command: string;
  exit2: boolean;
}

/** Every hook's block and context, in the order the hooks completed (fold `feedback`). */
function feedback(r: JsonObject | null): FeedbackEntry[] {
  if (!r || !Array.isArray(r.feedback)) return [];
  return r.feedback.flatMap((e) => {
    if (!isObject(e) || (e.kind !== "block" && e.kind !== "context") || typeof e.text !== "string") return [];
    return [{ kind: e.kind, text: e.text, command: str(e.command) ?? "", exit2: e.exit2 === true }];
  });
}

function textOf(content: readonly ContentBlock[]): string {
  return content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/** The history with `text` added to the last user message (how the host attaches hook context). */
function withText(messages: readonly Message[], text: string): Message[] {
  const out = [...messages];
  const last = out[out.length - 1];
  if (last?.role === "user") out[out.length - 1] = { ...last, content: [...last.content, { type: "text", text }] };
  else out.push({ role: "user", content: [{ type: "text", text }] });
  return out;
}

const userText = (text: string): Message => ({ role: "user", content: [{ type: "text", text }] });

/** continue:false from a hook: the run ends before the next model request (semantics.md §3f). */
function stopped(r: JsonObject | null, event: string): { end: { exitReason: string; error: string | null } } | null {
  if (!r || r.continue !== false) return null;
  const reason = str(r.stopReason);
  return { end: { exitReason: "stopped_by_hook", error: `a ${event} hook returned continue: false${reason ? `: ${reason}` : ""}` } };
}

function toolInput(v: ToolCallView | ToolResultView | MomentView): JsonObject {
  return (v.toolUse?.input ?? {}) as JsonObject;
}

const sessionStart: MomentStage = {
  point: "SessionStart",
  edge: E.sessionStart,
  context: (v) => ({ input: { ...hookInputBase(v, "SessionStart"), source: "startup", model: "claude-sonnet-4-5" } }),
  readBack: (_c, v, chain) => {
    const r = outcome(chain);
    const extra = contexts(r);
    return { value: { ...(extra.length ? { messages: withText(v.messages, `SessionStart hook additional context: ${extra.join("\n")}`) } : {}), ...(stopped(r, "SessionStart") ?? {}) } };
  },
};

const userPromptSubmit: MomentStage = {
  point: "UserPromptSubmit",
  edge: E.promptSubmit,
  context: (v) => ({ input: { ...hookInputBase(v, "UserPromptSubmit"), prompt: v.scenario.prompt } }),
  readBack: (_c, v, chain) => {
    const r = outcome(chain);
    if (r?.decision === "block") {
      const reason = str(r.reason) ?? "Blocked by hook";
      return { value: { end: { exitReason: "prompt_blocked", error: `UserPromptSubmit operation blocked by hook: ${reason}`, reply: [{ type: "text", text: `UserPromptSubmit operation blocked by hook: ${reason}` }] } } };
    }
    const extra = contexts(r);
    return { value: { ...(extra.length ? { messages: withText(v.messages, extra.join("\n")) } : {}), ...(stopped(r, "UserPromptSubmit") ?? {}) } };
  },
};

/** Tool results of the last message, as PostToolBatch's tool_calls. */
function lastBatch(v: MomentView): JsonObject[] {
  const last = v.messages[v.messages.length - 1];
  const prev = v.messages[v.messages.length - 2];
  if (last?.role !== "user" || !last.content.some((b) => b.type === "tool_result")) return [];
  const uses = new Map((prev?.content ?? []).flatMap((b) => (b.type === "tool_use" ? [[b.id, b] as const] : [])));
  return last.content.flatMap((b) => {
    if (b.type !== "tool_result") return [];
    const use = uses.get(b.tool_use_id);
    return [{ tool_name: use?.name ?? "", tool_input: (use?.input ?? {}) as JsonObject, tool_use_id: b.tool_use_id, tool_response: b.content as Json }];
  });
}

const postToolBatch: MomentStage = {
  point: "PostToolBatch",
  edge: E.postToolBatch,
  when: (v) => lastBatch(v).length > 0,
  context: (v) => ({ input: { ...hookInputBase(v, "PostToolBatch"), tool_calls: lastBatch(v) } }),
  readBack: (_c, v, chain) => {
    const r = outcome(chain);
    const extra = contexts(r);
    return { value: { ...(extra.length ? { messages: withText(v.messages, `PostToolBatch hook additional context: ${extra.join("\n")}`) } : {}), ...(stopped(r, "PostToolBatch") ?? {}) } };
  },
};

const stopHook: MomentStage = {
  point: "Stop",
  edge: E.stop,
  context: (v) => ({ input: { ...hookInputBase(v, "Stop"), stop_hook_active: typeof v.host.stopBlocks === "number" && v.host.stopBlocks > 0, last_assistant_message: textOf(v.content ?? []) } }),
  readBack: (_c, v, chain) => {
    const r = outcome(chain);
    const blocks = typeof v.host.stopBlocks === "number" ? v.host.stopBlocks : 0;
    const extra = contexts(r);
    const blocked = r?.decision === "block";
    if (!blocked && extra.length === 0) return { value: { host: { stopBlocks: 0 }, ...(stopped(r, "Stop") ?? {}) } };
    const by = str(r?.decidedBy) ?? chain.calls[0]?.hookId ?? "";
    if (blocks + 1 >= STOP_HOOK_BLOCK_CAP) {
      const error = `the Stop hook "${by}" blocked ${STOP_HOOK_BLOCK_CAP} times in a row, so the host ended the turn (its limit, CLAUDE_CODE_STOP_HOOK_BLOCK_CAP). The hook ignores stop_hook_active: return nothing when input.stop_hook_active is true.`;
      return { value: { end: { exitReason: "stop_hook_cap", error } } };
    }
    if (!blocked) return { value: { continueWith: [...v.messages, userText(`Stop hook additional context: ${extra.join("\n")}`)], host: { stopBlocks: blocks + 1 } } };
    return { value: { continueWith: [...v.messages, stopFeedback(feedback(r).filter((e) => e.kind === "block"))], host: { stopBlocks: blocks + 1 } } };
  },
};

/**
 * What the host sends back when Stop hooks block (semantics.md §3f, verified with three hooks
 * blocking at once): one `Stop hook feedback:` text per blocking hook in completion order (each
 * but the last ending in a newline, as the host joins them), then one system text listing the
 * hooks that answered `decision: "block"` (an exit 2 is not listed there).
 */
function stopFeedback(blocks: readonly FeedbackEntry[]): Message {
  const texts = blocks.map((b, i) => `Stop hook feedback:\n${b.text}${i < blocks.length - 1 ? "\n" : ""}`);
  const listed = blocks.filter((b) => !b.exit2).map((b) => `Stop hook blocking error from command: "${b.command}": ${b.text}`);
  return { role: "user", content: [...texts, ...(listed.length ? [listed.join("\n\n")] : [])].map((text) => ({ type: "text" as const, text })) };
}

const subagentStart: MomentStage = {
  point: "SubagentStart",
  edge: E.subagentStart,
  when: (v) => SUBAGENT_TOOLS.has(v.toolUse?.name ?? ""),
  context: (v) => ({ input: { ...hookInputBase(v, "SubagentStart"), agent_id: `agent-${v.toolUse?.id ?? ""}`, agent_type: subagentType(v) } }),
  readBack: () => ({ value: {} }),
};

const subagentStop: MomentStage = {
  point: "SubagentStop",
  edge: E.subagentStop,
  when: (v) => SUBAGENT_TOOLS.has(v.toolUse?.name ?? ""),
  context: (v) => ({
    input: {
      ...hookInputBase(v, "SubagentStop"),
      stop_hook_active: false,
      agent_id: `agent-${v.toolUse?.id ?? ""}`,
      agent_transcript_path: `/home/user/.claude/projects/hookwright/agent-${v.toolUse?.id ?? ""}.jsonl`,
      agent_type: subagentType(v),
      last_assistant_message: v.result ? resultText(v.result.content) : "",
    },
  }),
  readBack: () => ({ value: {} }),
};

function subagentType(v: MomentView): string {
  const t = toolInput(v).subagent_type;
  return typeof t === "string" ? t : "general-purpose";
}

function resultText(content: unknown): string {
  return typeof content === "string" ? content : JSON.stringify(content);
}

const postToolUseFailure: MomentStage = {
  point: "PostToolUseFailure",
  edge: E.postToolUseFailure,
  when: (v) => v.result?.is_error === true,
  context: (v) => ({
    input: { ...hookInputBase(v, "PostToolUseFailure"), tool_name: v.toolUse?.name ?? "", tool_input: toolInput(v), tool_use_id: v.toolUse?.id ?? "", error: v.result ? resultText(v.result.content) : "" },
  }),
  readBack: (_c, v, chain) => {
    const extra = contexts(outcome(chain));
    if (!v.result || extra.length === 0) return { value: {} };
    const tool = v.toolUse?.name ?? "";
    const content = `${resultText(v.result.content)}\n\n${extra.map((c) => `PostToolUseFailure:${tool} hook additional context: ${c}`).join("\n\n")}`;
    return { value: { result: { ...v.result, content } } };
  },
};

/** What a denied / asked-and-refused call returns to the model (semantics.md §3f). */
function denial(hookId: string, tool: string, reason: string): { claim: ToolClaim } {
  return { claim: { hookId, content: `PreToolUse:${tool} hook error: ${reason}`, isError: true } };
}

function approvalAsk(v: ToolCallView, r: JsonObject, input: JsonObject): ApprovalAsk {
  const reason = str(r.reason);
  return {
    point: "PreToolUse",
    hookId: str(r.decidedBy) ?? "",
    toolUseId: v.toolUse.id,
    toolName: v.toolUse.name,
    params: input,
    request: {
      title: `Allow ${v.toolUse.name}?`,
      description: reason ?? `Hook PreToolUse:${v.toolUse.name} asked for confirmation for this tool`,
      severity: "warning",
      // Claude Code's permission prompt has no timeout (semantics.md §3c "Approval flows").
      timeoutMs: 600_000,
      allowedDecisions: ["allow-once", "allow-always", "deny"],
      pluginId: "",
      hasOnResolution: false,
      timeoutReason: null,
    },
    warnings: [],
  };
}

/** The answer to an `ask`, as the dialog / canUseTool resolves it; "always allow" is an allow with updatedPermissions. */
export function claudeApprovalOutcome(ask: ApprovalAsk, answer: ApprovalAnswer): { input: JsonObject } | { claim: ToolClaim } {
  if (answer.decision === "allow-once" || answer.decision === "allow-always") return { input: ask.params };
  if (answer.decision === "deny") return { claim: { hookId: ask.hookId, content: `Permission to use ${ask.toolName} has been denied.`, isError: true } };
  // No one can answer (headless -p): the host denies with the hook's reason (semantics.md §3f).
  return denial(ask.hookId, ask.toolName, ask.request.description);
}

/** The "always allow" rule Claude Code offers for a tool (a PermissionUpdate, sdk.d.ts:2741-2750). */
function alwaysAllow(tool: string): JsonObject {
  return { type: "addRules", rules: [{ toolName: tool }], behavior: "allow", destination: "localSettings" };
}

export const claudeCodeBinding: ProfileBinding = {
  profileId: "claude-code",
  toolHookTiming: "each",

  beforeToolCall: {
    point: "PreToolUse",
    edge: E.preToolUse,
    context: (v) => ({ input: { ...hookInputBase(v, "PreToolUse"), tool_name: v.toolUse.name, tool_input: toolInput(v), tool_use_id: v.toolUse.id } }),
    readBack: (_c, v, chain) => {
      const r = outcome(chain);
      if (!r) return { value: { claim: null } };
      const tool = v.toolUse.name;
      const by = str(r.decidedBy) ?? "";
      const extra = contexts(r);
      // Every hook's context reaches the model after the call's tool_result, a denial's too (3f).
      const additionalContext = extra.length ? `PreToolUse:${tool} hook additional context: ${extra.join("\n")}` : null;
      const halt = stopped(r, "PreToolUse")?.end ?? null;
      // continue:false beside a deny (or exit 2) ends the run right after the hooks: no denial is sent back (3f).
      if (r.decision === "deny") return { value: halt ? { claim: null, end: halt } : { ...denial(by, tool, str(r.reason) ?? "Blocked by hook"), additionalContext } };
      if (r.decision === "defer") return { value: { claim: null, end: { exitReason: "tool_deferred", error: `hook "${by}" deferred this ${tool} call: the tool did not run and the run ended (stop_reason tool_deferred)` } } };
      const input = isObject(r.updatedInput ?? undefined) ? (r.updatedInput as JsonObject) : null;
      // Beside an ask, continue:false is not honoured: the ask is answered and the run goes on (3f).
      if (r.decision === "ask") return { value: { claim: null, input, approval: approvalAsk(v, r, input ?? toolInput(v)), additionalContext } };
      // continue:false otherwise: the tool still runs, then the run ends (semantics.md §3f).
      return { value: { claim: null, input, stopAfter: halt, additionalContext } };
    },
    afterApproval: (ask, answer) => claudeApprovalOutcome(ask, answer),
    permissionRequest: {
      point: "PermissionRequest",
      edge: E.permission,
      context: (v) => ({ input: { ...hookInputBase(v, "PermissionRequest"), tool_name: v.toolUse.name, tool_input: v.ask.params, permission_suggestions: [alwaysAllow(v.toolUse.name)] } }),
      readBack: (_c, v, chain) => {
        const permission = outcome(chain)?.permission;
        if (!isObject(permission)) return { value: { answer: null, ask: v.ask } };
        const by = `hook ${str(outcome(chain)?.decidedBy) ?? ""}`;
        if (permission.behavior === "deny") {
          const message = str(permission.message);
          return { value: { answer: { decision: "deny", by, at: 0 }, ask: message ? { ...v.ask, request: { ...v.ask.request, description: message } } : v.ask } };
        }
        const updated = isObject(permission.updatedInput) ? permission.updatedInput : v.ask.params;
        const always = Array.isArray(permission.updatedPermissions) && permission.updatedPermissions.length > 0;
        return { value: { answer: { decision: always ? "allow-always" : "allow-once", by, at: 0 }, ask: { ...v.ask, params: updated } } };
      },
    },
  },

  afterToolResult: {
    point: "PostToolUse",
    edge: E.toolExecute,
    when: (v) => !v.result.is_error,
    context: (v) => ({
      input: { ...hookInputBase(v, "PostToolUse"), tool_name: v.toolUse.name, tool_input: toolInput(v), tool_response: v.result.content as Json, tool_use_id: v.toolUse.id },
    }),
    readBack: (_c, v, chain) => {
      const r = outcome(chain);
      const tool = v.toolUse.name;
      // One entry per hook's block or context, in completion order (3f).
      const texts = feedback(r).map((e) => (e.kind === "context" ? `PostToolUse:${tool} hook additional context: ${e.text}` : `PostToolUse:${tool} hook blocking error from command: "${e.command}": ${e.text}`));
      const replaced = r && r.updatedToolOutput !== null && r.updatedToolOutput !== undefined ? r.updatedToolOutput : undefined;
      const result = replaced === undefined ? v.result : { ...v.result, content: typeof replaced === "string" ? replaced : JSON.stringify(replaced) };
      return { value: { result, additionalContext: texts.length ? texts.join("\n\n") : null, stopAfter: stopped(r, "PostToolUse")?.end ?? null } };
    },
  },

  at: {
    runStart: [sessionStart],
    turnStart: [userPromptSubmit],
    beforeModelCall: [postToolBatch],
    beforeCompaction: [
      {
        point: "PreCompact",
        edge: E.preCompact,
        context: (v) => ({ input: { ...hookInputBase(v, "PreCompact"), trigger: "auto", custom_instructions: null } }),
        readBack: () => ({ value: {} }),
      },
    ],
    afterCompaction: [
      {
        point: "PostCompact",
        edge: E.postCompact,
        context: (v) => ({ input: { ...hookInputBase(v, "PostCompact"), trigger: "auto", compact_summary: `${Math.max(0, (v.history?.length ?? 0))} messages kept after compaction` } }),
        readBack: () => ({ value: {} }),
      },
    ],
    afterToolResult: [subagentStart, subagentStop, postToolUseFailure],
    finalAnswer: [stopHook],
    stop: [
      {
        point: "StopFailure",
        edge: E.stopFailure,
        when: (v) => v.exitReason === "error",
        context: (v) => ({ input: { ...hookInputBase(v, "StopFailure"), error: v.error ?? "unknown", last_assistant_message: "" } }),
        readBack: () => ({ value: {} }),
      },
    ],
    runEnd: [
      {
        point: "Notification",
        edge: E.notification,
        context: (v) => ({ input: { ...hookInputBase(v, "Notification"), message: "Claude is waiting for your input", notification_type: "idle_prompt" } }),
        readBack: () => ({ value: {} }),
      },
      {
        point: "SessionEnd",
        edge: E.sessionEnd,
        context: (v) => ({ input: { ...hookInputBase(v, "SessionEnd"), reason: "other" } }),
        readBack: () => ({ value: {} }),
      },
    ],
  },
};
