import type { ApprovalAnswer, ApprovalAsk } from "../../engine/approval";
import type { LoopView, MomentStage, ProfileBinding, ToolCallView, ToolClaim, ToolResultView } from "../../engine/binding";
import type { ChainResult } from "../../engine/ports";
import type { Json, JsonObject } from "../../json";
import type { ContentBlock, Message } from "../../pipeline/schema";
import { FIM_ONE_EDGES as E } from "./graph";

/**
 * How FIM One's ReAct engine fires the registry's points on Hookwright's loop and what it does
 * with the combined HookResult (semantics.md §6a-b, F:src/fim_one/core/agent/react.py).
 */

/** FeishuGateHook's wait (feishu_gate_hook.py:53-54). */
export const FIM_ONE_APPROVAL_TIMEOUT_MS = 120_000;
export const REJECTED_TEXT = "Tool call was rejected by an operator.";
/** FIM One's own decision names (confirmations.py `Decision = Literal["approve", "reject"]`; the Feishu card's actions). */
export const FIM_ONE_DECISIONS = ["approve", "reject"];

function isObject(value: Json | undefined | null): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function outcome(chain: ChainResult): JsonObject | null {
  return isObject(chain.result) ? chain.result : null;
}

function str(value: Json | undefined): string | null {
  return typeof value === "string" ? value : null;
}

/** The scenario's host facts: agent_id, user_id, metadata (org id, conversation id …). */
function host(v: LoopView): { agent: string | null; user: string | null; metadata: JsonObject } {
  const h = v.scenario.hostContext ?? {};
  return {
    agent: str(h.agent_id) ?? "agent-1",
    user: str(h.user_id) ?? "user-1",
    metadata: isObject(h.metadata) ? h.metadata : {},
  };
}

function requiresConfirmation(v: LoopView, tool: string): boolean {
  return v.scenario.tools.find((t) => t.name === tool)?.requiresConfirmation === true;
}

function hookContext(v: LoopView, point: string, tool: string | null, args: JsonObject | null, toolCallId: string | null): JsonObject {
  const h = host(v);
  const metadata: JsonObject = { ...h.metadata, requires_confirmation: tool ? requiresConfirmation(v, tool) : false };
  if (toolCallId) metadata.tool_call_id = toolCallId;
  return { ctx: { hook_point: point, tool_name: tool, tool_args: args, agent_id: h.agent, user_id: h.user, conversation_id: null, metadata } };
}

function textOf(content: ToolResultView["result"]["content"]): string {
  if (typeof content === "string") return content;
  return (content as ContentBlock[]).flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

/** The history with `text` added to the last user message (the initial prompt). */
function withText(messages: readonly Message[], text: string): Message[] {
  const out = [...messages];
  const last = out[out.length - 1];
  if (last?.role === "user") out[out.length - 1] = { ...last, content: [...last.content, { type: "text", text }] };
  else out.push({ role: "user", content: [{ type: "text", text }] });
  return out;
}

const sessionStart: MomentStage = {
  point: "SessionStart",
  edge: E.sessionStart,
  context: (v) => hookContext(v, "SessionStart", null, null, null),
  readBack: (_c, v, chain) => {
    const injected = outcome(chain)?.modified_result;
    if (injected === null || injected === undefined) return { value: {} };
    return { value: { messages: withText(v.messages, typeof injected === "string" ? injected : JSON.stringify(injected)) } };
  },
};

function blocked(hookId: string, error: string): { claim: ToolClaim } {
  // Native tool calling: a tool message whose content is "Error: <error>" (react.py:1961-1970).
  return { claim: { hookId, content: `Error: ${error}`, isError: false } };
}

/** What FeishuGateHook's row and card carry besides the payload (feishu_gate_hook.py:481-529): who asks, for which agent, where. */
function reviewContext(v: LoopView, toolCallId: string): Record<string, string> {
  const h = host(v);
  const out: Record<string, string> = {};
  if (h.user) out.user_id = h.user;
  if (h.agent) out.agent_id = h.agent;
  for (const key of ["org_id", "conversation_id"]) {
    const value = h.metadata[key];
    if (typeof value === "string" || typeof value === "number") out[key] = String(value);
  }
  out.tool_call_id = toolCallId;
  return out;
}

function approvalAsk(v: ToolCallView, ask: JsonObject, params: JsonObject): ApprovalAsk {
  const timeoutMs = typeof ask.timeoutMs === "number" ? ask.timeoutMs : FIM_ONE_APPROVAL_TIMEOUT_MS;
  return {
    point: "PreToolUse",
    hookId: str(ask.hookId) ?? "",
    toolUseId: v.toolUse.id,
    toolName: v.toolUse.name,
    params,
    request: {
      title: str(ask.title) ?? `Confirm ${v.toolUse.name}`,
      description: str(ask.description) ?? `The agent wants to call ${v.toolUse.name}, which requires confirmation.`,
      severity: "warning",
      timeoutMs,
      allowedDecisions: [...FIM_ONE_DECISIONS],
      pluginId: "",
      hasOnResolution: false,
      timeoutReason: `Tool call timed out waiting for confirmation after ${Math.round(timeoutMs / 1000)}s.`,
      reasonLabel: "Reason (a rejection's reason is added to what the model sees)",
      context: reviewContext(v, v.toolUse.id),
    },
    warnings: [],
  };
}

/**
 * The gate's answer as FeishuGateHook turns it into the call's fate (feishu_gate_hook.py:127-235,
 * 335-364). A rejection's reason follows the gate's text: FIM One's respond endpoint takes a
 * reason but only logs it (confirmations.py:279-285); Hookwright lets the model see it.
 */
export function fimOneApprovalOutcome(ask: ApprovalAsk, answer: ApprovalAnswer): { input: JsonObject } | { claim: ToolClaim } {
  if (answer.decision === "approve") return { input: ask.params };
  if (answer.decision === "reject") return blocked(ask.hookId, answer.reason ? `${REJECTED_TEXT} Reason: ${answer.reason}` : REJECTED_TEXT);
  // Nobody answered in time (or no one can): the gate gives up at its deadline.
  return blocked(ask.hookId, ask.request.timeoutReason ?? `Tool call timed out waiting for confirmation after ${Math.round(ask.request.timeoutMs / 1000)}s.`);
}

export const fimOneBinding: ProfileBinding = {
  profileId: "fim-one",
  toolHookTiming: "each",

  beforeToolCall: {
    point: "PreToolUse",
    edge: E.toolRun,
    context: (v) => hookContext(v, "PreToolUse", v.toolUse.name, (v.toolUse.input ?? {}) as JsonObject, v.toolUse.id),
    readBack: (context, v, chain) => {
      const r = outcome(chain);
      if (!r) return { value: { claim: null } };
      if (r.allow === false) return { value: blocked(str(r.blockedBy) ?? "", str(r.error) ?? "Tool call blocked by hook") };
      // The last rewrite, or the args as hooks left them in place (one shared dict, §6c.4).
      const ctx = isObject(context.ctx) ? context.ctx : {};
      const input = isObject(r.modified_args) ? r.modified_args : isObject(ctx.tool_args) ? ctx.tool_args : null;
      if (isObject(r.approval)) return { value: { claim: null, input, approval: approvalAsk(v, r.approval, input ?? ((v.toolUse.input ?? {}) as JsonObject)) } };
      return { value: { claim: null, input } };
    },
    afterApproval: (ask, answer) => fimOneApprovalOutcome(ask, answer),
  },

  afterToolResult: {
    point: "PostToolUse",
    edge: E.postToolUse,
    // PostToolUse sits inside the tool's try: a tool that fails gets none (react.py:1988-2093).
    when: (v) => !v.result.is_error,
    context: (v) => {
      const base = hookContext(v, "PostToolUse", v.toolUse.name, (v.toolUse.input ?? {}) as JsonObject, v.toolUse.id);
      return { ctx: { ...(base.ctx as JsonObject), tool_result: textOf(v.result.content) } };
    },
    readBack: (_c, v, chain) => {
      const r = outcome(chain);
      const replaced = r?.modified_result;
      let content = replaced === null || replaced === undefined ? textOf(v.result.content) : typeof replaced === "string" ? replaced : JSON.stringify(replaced);
      // A falsy observation after the hooks (react.py:2043-2046).
      if (content === "") content = `Tool '${v.toolUse.name}' completed successfully with no output. Do not retry with same arguments.`;
      return { value: { result: { ...v.result, content }, additionalContext: null } };
    },
  },

  at: { runStart: [sessionStart] },
};
