import type { LoopView, MomentStage, MomentView, ProfileBinding, ToolCallView, ToolClaim, ToolResultBlock } from "../../engine/binding";
import type { Json, JsonObject } from "../../json";
import type { ContentBlock, Message } from "../../pipeline/schema";
import { DEPUTY_EDGES as E } from "./graph";
import { annotationsOf, checkPermission, permissionsOf } from "./permissions";
import { fieldOfValue, firedWinner, resultOfClass } from "./result";

/**
 * How deputy's Agent fires its hook events on Hookwright's loop and what it does with the
 * result (deputy.md §4-§7, D:R/agent.R at c474452). Every fact names its source there.
 */

/** What the model reads for a rejected call: ellmer's `tool_reject()` result (E:R/content.R:314-316). */
export const REJECTED_PREFIX = "Tool calling failed with error ";
/** ellmer's rejection error text (E:R/tools-def.R:458-466). */
export const rejectionError = (reason: string) => `Tool call rejected. ${reason}`;
export const rejectedContent = (reason: string) => `${REJECTED_PREFIX}${rejectionError(reason)}`;
/** deputy's `tool_reject(hook_result$reason %||% "Denied by hook")` (D:R/agent.R:2633-2635). */
export const DENIED_BY_HOOK = "Denied by hook";
export const HOOK_REQUESTED_STOP = "hook_requested_stop";
/** The project folder deputy reports as `working_dir` (the sandbox's). */
export const DEPUTY_WORKING_DIR = "/home/user/project";
/** LeadAgent's delegation tool (D:R/agents-multi.R:396). */
export const DELEGATE_TOOL = "delegate_to_agent";

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: Json | undefined): string | null => (typeof v === "string" ? v : null);

function textOf(content: ToolResultBlock["content"]): string {
  if (typeof content === "string") return content;
  return (content as ContentBlock[]).flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/** deputy's hook_context (D:R/agent.R:2177-2190): working_dir, the event's fields, then the correlation ids (NULL ones dropped). */
function hookContext(v: LoopView, fields: JsonObject = {}): JsonObject {
  const h = v.scenario.hostContext ?? {};
  const correlation: JsonObject = { agent_id: str(h.agent_id) ?? "agent-1" };
  const agentName = str(h.agent_name);
  if (agentName) correlation.agent_name = agentName;
  correlation.session_id = v.ids.sessionId;
  correlation.run_id = "run-1";
  return { working_dir: str(h.working_dir) ?? DEPUTY_WORKING_DIR, ...fields, ...correlation };
}

const usage = (v: LoopView): JsonObject => ({ requests: v.modelCalls, tool_calls: v.toolCalls });
const usageLimits = (v: LoopView): JsonObject => ({ max_requests: v.scenario.limits.maxModelCalls, max_tool_calls: v.scenario.limits.maxToolCalls });

function toolContext(v: LoopView, toolUseId: string, tool: string): JsonObject {
  const permissions = permissionsOf(v.scenario.hostContext);
  return hookContext(v, {
    tool_annotations: (annotationsOf(v.scenario.hostContext, tool) as JsonObject | null) ?? null,
    tool_call_id: toolUseId,
    permission_mode: permissions.mode,
    usage: usage(v),
    usage_limits: usageLimits(v),
    delegation_id: null,
  });
}

function permissionOf(v: ToolCallView) {
  return checkPermission(permissionsOf(v.scenario.hostContext), v.toolUse.name, annotationsOf(v.scenario.hostContext, v.toolUse.name));
}

function rejected(hookId: string, reason: string): ToolClaim {
  // ellmer passes its rejection to on_tool_result: PostToolUse fires for it (E:R/chat-tools.R:47-52).
  return { hookId, content: rejectedContent(reason), isError: true, afterHooks: true };
}

/** The stop reason a `continue = FALSE` result asks for (`stop_reason %||% "hook_requested_stop"`). */
function stopReasonOf(fields: JsonObject): string {
  return str(fields.stop_reason) ?? HOOK_REQUESTED_STOP;
}

/** A result whose call was refused (by permissions or a hook): ellmer's rejection text. */
const isRejection = (result: ToolResultBlock | undefined) => result !== undefined && result.is_error === true && textOf(result.content).startsWith(`${REJECTED_PREFIX}Tool call rejected. `);

/** What deputy's PostToolUse gets: tool_result on success, tool_error (ellmer's error text) on failure or rejection. */
function resultArgs(v: MomentView): JsonObject {
  const result = v.result;
  const text = result ? textOf(result.content) : "";
  if (!result?.is_error) return { tool_result: text, tool_error: null };
  return { tool_result: null, tool_error: text.startsWith(REJECTED_PREFIX) ? text.slice(REJECTED_PREFIX.length) : text };
}

/** append_hook_context (D:R/agent.R:2936-2968): once per distinct text, under "# Hook Additional Context". */
function withAdditionalContext(system: string | null, text: Json | undefined, seen: readonly Json[]): { system: string | null; seen: Json[] } | null {
  if (text === undefined || text === null) return null;
  const joined = Array.isArray(text) ? text.map(String).join("\n") : String(text as string | number | boolean);
  if (joined.trim() === "" || seen.includes(joined)) return null;
  return { system: [system ?? "", "", "# Hook Additional Context", joined].join("\n"), seen: [...seen, joined] };
}

const informational = (point: string, edge: string, context: (v: MomentView) => JsonObject, when?: (v: MomentView) => boolean): MomentStage => ({
  point,
  edge,
  context,
  ...(when ? { when } : {}),
  readBack: () => ({ value: {} }),
});

const promptText = (v: LoopView) => {
  const last = [...v.messages].reverse().find((m: Message) => m.role === "user");
  return last ? last.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n") : "";
};

/** The Stop / SessionEnd reason of a loop exit (D:R/agent.R:3491-3544; run-usage.R:281-316). */
export function stopReasonOfExit(exitReason: string): string {
  if (exitReason === "no_tool_calls") return "complete";
  if (exitReason === "max_model_calls") return "request_limit";
  if (exitReason === "max_tool_calls") return "tool_call_limit";
  return exitReason;
}

/** Exits on which native run() skips Stop and SessionEnd: a provider/stream error stops the generator (D:R/agent.R:2995-3009). */
const NO_STOP_HOOKS = new Set(["error", "script_exhausted", "internal_error", "hook_error"]);

const stopContext = (v: MomentView): JsonObject => hookContext(v, { total_turns: v.turnCount, cost: { input: 0, output: 0, cached: 0, total: 0 }, usage: usage(v) });

/** The turns of the history as ellmer's Turn list (role and text), for PreCompact's arguments. */
function turnsOf(messages: readonly Message[]): JsonObject[] {
  return messages.map((m) => ({ role: m.role, text: m.content.flatMap((b) => (b.type === "text" ? [b.text] : b.type === "tool_use" ? [`[tool request ${b.name}]`] : b.type === "tool_result" ? ["[tool result]"] : [])).join("\n") }));
}

interface CompactRequest {
  keepLast: number;
  summary: string | null;
}

/** `hostContext.compact`: the caller runs agent$compact(keep_last, summary) after the run. */
function compactOf(v: LoopView): CompactRequest | null {
  const c = v.scenario.hostContext?.compact;
  if (c === undefined || c === null || c === false) return null;
  const o = isObject(c) ? c : {};
  return { keepLast: typeof o.keep_last === "number" ? o.keep_last : 4, summary: str(o.summary) };
}

/** What compact() does with the winning PreCompact result (D:R/agent.R:838-866). */
const preCompact: MomentStage = {
  point: "PreCompact",
  edge: E.compact,
  when: (v) => {
    const c = compactOf(v);
    return c !== null && v.messages.length > c.keepLast;
  },
  context: (v) => {
    const keep = compactOf(v)?.keepLast ?? 4;
    const count = Math.max(0, v.messages.length - keep);
    return { turns_to_compact: turnsOf(v.messages.slice(0, count)), turns_to_keep: turnsOf(v.messages.slice(count)), context: hookContext(v, { total_turns: v.messages.length, compact_count: count }) };
  },
  readBack: (_c, v, chain) => {
    const c = compactOf(v);
    // "Not enough turns to compact": nothing happens, and no hook fires.
    if (!c || v.messages.length <= c.keepLast) return { value: {} };
    if (fieldOfValue(chain, "continue") === false) return { value: {} };
    const hookSummary = fieldOfValue(chain, "summary");
    const summary = c.summary ?? (typeof hookSummary === "string" ? hookSummary : null) ?? "(a summary the model writes: generate_compaction_summary() asks the model; Hookwright does not simulate that request)";
    return { value: { system: `${v.system ?? ""}\n\n## Previous Conversation Summary\n${summary}`, messages: v.messages.slice(v.messages.length - c.keepLast) } };
  },
};

export const deputyBinding: ProfileBinding = {
  profileId: "deputy",
  // ellmer runs a reply's tool requests one after another, each through on_tool_request then on_tool_result.
  toolHookTiming: "each",

  beforeToolCall: {
    point: "PreToolUse",
    edge: E.preToolUse,
    // Permissions first (D:R/agent.R:2575-2614): a denied call never reaches PreToolUse.
    when: (v) => permissionOf(v).allow,
    context: (v) => ({ tool_name: v.toolUse.name, tool_input: (v.toolUse.input ?? {}) as JsonObject, context: toolContext(v, v.toolUse.id, v.toolUse.name) }),
    readBack: (_c, v, chain) => {
      const permission = permissionOf(v);
      // No hook answered: the host itself rejects the call (claimedBy "").
      if (!permission.allow) return { value: { claim: rejected("", permission.reason) } };
      // Only a HookResultPreToolUse is read (inherits(), D:R/agent.R:2622): anything else allows the call.
      const r = resultOfClass(chain, "HookResultPreToolUse");
      if (!r) return { value: { claim: null } };
      const stopAfter = r.continue === false ? { exitReason: stopReasonOf(r), error: null } : null;
      if (r.permission === "deny") return { value: { claim: rejected(firedWinner(chain) ?? "", str(r.reason) ?? DENIED_BY_HOOK), stopAfter } };
      return { value: { claim: null, stopAfter } };
    },
  },

  at: {
    runStart: [
      informational("SessionStart", E.sessionStart, (v) =>
        ({
          context: hookContext(v, {
            permissions: { ...permissionsOf(v.scenario.hostContext) } as unknown as JsonObject,
            provider: { name: v.scenario.model.kind, model: null },
            tools_count: v.scenario.tools.length,
            usage_limits: usageLimits(v),
          }),
        }),
      ),
      informational("UserPromptSubmit", E.sessionStart, (v) => ({ prompt: promptText(v), context: hookContext(v) })),
    ],
    afterToolResult: [
      informational(
        "SubagentStart",
        E.subagentStart,
        (v) => ({ agent_name: str((v.toolUse?.input as JsonObject | undefined)?.agent_name) ?? "", task: str((v.toolUse?.input as JsonObject | undefined)?.task) ?? "", context: hookContext(v, { tool_call_id: v.toolUse?.id ?? null }) }),
        (v) => v.toolUse?.name === DELEGATE_TOOL && !isRejection(v.result),
      ),
      informational(
        "SubagentStop",
        E.subagentStop,
        (v) => {
          const input = (v.toolUse?.input ?? {}) as JsonObject;
          const failed = v.result?.is_error === true;
          const text = v.result ? textOf(v.result.content) : "";
          return {
            agent_name: str(input.agent_name) ?? "",
            task: str(input.task) ?? "",
            result: failed ? null : text,
            context: hookContext(v, { status: failed ? "failed" : "completed", tool_call_id: v.toolUse?.id ?? null, ...(failed ? { error: text } : {}) }),
          };
        },
        (v) => v.toolUse?.name === DELEGATE_TOOL && !isRejection(v.result),
      ),
      {
        point: "PostToolUse",
        edge: E.postToolUse,
        context: (v) => ({ tool_name: v.toolUse?.name ?? "", ...resultArgs(v), context: toolContext(v, v.toolUse?.id ?? "", v.toolUse?.name ?? "") }),
        readBack: (_c, v, chain) => {
          const result = v.result;
          // A tool that failed by itself reaches the model as ellmer words it; a rejection already is.
          const shown = result && result.is_error && !textOf(result.content).startsWith(REJECTED_PREFIX) ? { ...result, content: `${REJECTED_PREFIX}${textOf(result.content)}` } : result;
          const r = resultOfClass(chain, "HookResultPostToolUse");
          const seen = Array.isArray(v.host.hookContexts) ? v.host.hookContexts : [];
          const added = r ? withAdditionalContext(v.system, r.additional_context, seen) : null;
          const effect = { ...(shown ? { result: shown } : {}), ...(added ? { system: added.system, host: { hookContexts: added.seen } } : {}) };
          // continue = FALSE: the loop stops pulling the stream, so the model never sees this result (D:R/agent.R:2739-2747).
          if (r && r.continue === false) return { value: { ...effect, end: { exitReason: stopReasonOf(r), error: null } } };
          return { value: effect };
        },
      },
      informational("PostToolUseFailure", E.postToolUse, (v) => ({ tool_name: v.toolUse?.name ?? "", ...resultArgs(v), context: toolContext(v, v.toolUse?.id ?? "", v.toolUse?.name ?? "") }), (v) => v.result?.is_error === true),
    ],
    stop: [
      informational("Stop", E.stop, (v) => ({ reason: stopReasonOfExit(v.exitReason ?? ""), context: stopContext(v) }), (v) => !NO_STOP_HOOKS.has(v.exitReason ?? "")),
      informational("SessionEnd", E.sessionEnd, (v) => ({ reason: stopReasonOfExit(v.exitReason ?? ""), context: stopContext(v) }), (v) => !NO_STOP_HOOKS.has(v.exitReason ?? "")),
    ],
    runEnd: [preCompact],
  },
};
