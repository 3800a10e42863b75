import type { ChainResult } from "../../engine/ports";
import type { LoopEffect, MomentStage, MomentView, ProfileBinding, ToolClaim, ToolResultBlock } from "../../engine/binding";
import type { ApprovalAnswer, ApprovalAsk } from "../../engine/approval";
import type { Json, JsonObject } from "../../json";
import type { Message } from "../../pipeline/schema";
import { userText } from "../../engine/history";
import { OPENCLAW_EDGES as E } from "./graph";
import { openclawPluginId } from "./pluginId";
import {
  agentCtx,
  CHANNEL,
  isObject,
  lastAssistantText,
  messageCtx,
  messagesJson,
  model,
  provider,
  resultText,
  SENDER,
  sessionCtx,
  SESSION_KEY,
  AGENT_ID,
  textOf,
  toolCtx,
  toolResultFromMessage,
  toolResultMessage,
} from "./context";

/**
 * How an embedded OpenClaw agent run drives its hooks (semantics.md §2a) on Hookwright's loop:
 * the Gateway and session hooks around the run, the turn preamble (model resolve, reply claim,
 * prompt build, run gate), the provider-call observers, the tool hooks (before_tool_call with
 * approval, the synchronous persistence hooks, after_tool_call), the finalize/revise pass, the
 * end of the run and the delivery of its reply. What each point's merged result does is what
 * the host's caller does with it (file references in docs/openclaw.md).
 */

/** The host's most revisions of one run (embedded-agent-BaH7wGBd.mjs:5181). */
export const MAX_REVISIONS = 3;
const BLOCKED_BY_HOOK = "Tool call blocked by plugin hook";
const HOOK_FAILED = "Tool call blocked because before_tool_call hook failed";
const DENIED = [
  "Denied by user. The tool call did not run.",
  "This denial is final: the approval request is closed. Do not mention /approve or any other approval command to the user.",
  "Do not run the tool call again or ask the user to approve it again.",
  "If the user still wants the action, explain that a new tool call will trigger a fresh approval request.",
].join("\n");
const BLOCK_MESSAGE_PREFIX = "Your message could not be sent";
const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;
const MAX_APPROVAL_TIMEOUT_MS = 600_000;

const none = (): { value: LoopEffect } => ({ value: {} });

function observe(point: string, edge: string, event: (v: MomentView) => JsonObject, ctx: (v: MomentView) => JsonObject, when?: (v: MomentView) => boolean): MomentStage {
  return { point, edge, context: (v) => ({ event: event(v), ctx: ctx(v) }), readBack: none, ...(when ? { when } : {}) };
}

const result = (chain: ChainResult): Json | null => (chain.pointError ? null : (chain.result ?? null));

/** concatOptionalTextSegments / joinPresentTextSegments: non-empty parts joined by a blank line. */
function join(parts: readonly unknown[]): string {
  return parts.filter((p): p is string => typeof p === "string" && p !== "").join("\n\n");
}

/** The user's message with the hooks' prependContext / appendContext around it (the host's effective prompt). */
function withPromptContext(messages: readonly Message[], prompt: string, prepend: unknown, append: unknown): Message[] | undefined {
  if (typeof prepend !== "string" && typeof append !== "string") return undefined;
  const text = join([prepend, prompt, append]);
  const last = messages.length - 1;
  const current = messages[last];
  if (!current || current.role !== "user") return [...messages, userText(text)];
  return [...messages.slice(0, last), { ...current, content: [{ type: "text", text }, ...current.content.filter((b) => b.type !== "text")] }];
}

/** resolveBlockMessage (hooks-CKanWLsK.mjs:286-291). */
function blockMessage(decision: JsonObject, blockedBy: string): string {
  const message = typeof decision.message === "string" ? decision.message.trim() : "";
  if (message) return `${BLOCK_MESSAGE_PREFIX}: ${message} (blocked by ${blockedBy})`;
  return `${BLOCK_MESSAGE_PREFIX}: blocked by ${blockedBy}`;
}

const turnStart: MomentStage[] = [
  {
    point: "before_model_resolve",
    edge: E.modelResolve,
    context: (v) => ({ event: { prompt: v.scenario.prompt }, ctx: agentCtx(v) }),
    readBack: (_c, _v, chain) => {
      const r = result(chain);
      if (!isObject(r)) return { value: {} };
      const modelOverride = typeof r.modelOverride === "string" && r.modelOverride !== "" ? r.modelOverride : null;
      const providerOverride = typeof r.providerOverride === "string" && r.providerOverride !== "" ? r.providerOverride : null;
      if (!modelOverride && !providerOverride) return { value: {} };
      const host: JsonObject = {};
      if (modelOverride) host.modelOverride = modelOverride;
      if (providerOverride) host.providerOverride = providerOverride;
      return {
        value: {
          host,
          modelProfile: [providerOverride, modelOverride].filter(Boolean).join("/"),
          route: { ...(providerOverride ? { provider: providerOverride } : {}), ...(modelOverride ? { model: modelOverride } : {}) },
        },
      };
    },
  },
  {
    point: "before_agent_reply",
    edge: E.agentReply,
    context: (v) => ({ event: { cleanedBody: v.scenario.prompt }, ctx: agentCtx(v) }),
    readBack: (_c, _v, chain) => {
      const r = result(chain);
      if (!isObject(r)) return { value: {} };
      const reply = isObject(r.reply) && typeof r.reply.text === "string" ? r.reply.text : null;
      // A claim without a reply is the host's silence ("NO_REPLY"): nothing is appended or delivered.
      return { value: { end: { exitReason: "handled_by_hook", error: null, reply: reply === null ? undefined : [{ type: "text", text: reply }] }, host: { claimedReply: reply ?? "NO_REPLY" } } };
    },
  },
  {
    point: "before_prompt_build",
    edge: E.promptBuild,
    context: (v) => ({
      event: { prompt: v.scenario.prompt, currentUserMessage: v.scenario.prompt, currentUserMessageId: v.ids.userMessageId, messages: messagesJson(v.messages.slice(0, -1)) },
      ctx: agentCtx(v),
    }),
    readBack: (_c, v, chain) => {
      const r = result(chain);
      if (!isObject(r)) return { value: {} };
      const effect: LoopEffect = {};
      const base = typeof r.systemPrompt === "string" ? r.systemPrompt : v.system;
      if (typeof r.systemPrompt === "string" || typeof r.prependSystemContext === "string" || typeof r.appendSystemContext === "string") {
        effect.system = join([r.prependSystemContext, base, r.appendSystemContext]);
      }
      const messages = withPromptContext(v.messages, v.scenario.prompt, r.prependContext, r.appendContext);
      if (messages) effect.messages = messages;
      if (Array.isArray(r.toolsAllow)) effect.host = { toolsAllow: r.toolsAllow };
      return { value: effect };
    },
  },
  {
    point: "before_agent_run",
    edge: E.agentRun,
    context: (v) => ({
      event: { prompt: lastUserText(v.messages) ?? v.scenario.prompt, messages: messagesJson(v.messages), systemPrompt: v.system ?? "", channelId: CHANNEL, senderId: SENDER, senderIsOwner: true },
      ctx: agentCtx(v),
    }),
    readBack: (_c, _v, chain) => {
      // A failing gate blocks the run (builtin-openclaw-q1hiFm14.mjs:5602-5616).
      if (chain.pointError) return blocked({ outcome: "block", reason: "before_agent_run hook failed" }, "before_agent_run");
      const r = result(chain);
      const decision = isObject(r) && isObject(r.decision) ? r.decision : null;
      if (!decision || decision.outcome !== "block") return { value: {} };
      return blocked(decision, typeof r?.["pluginId" as never] === "string" ? String((r as JsonObject).pluginId) : "unknown");
    },
  },
];

function blocked(decision: JsonObject, blockedBy: string): { value: LoopEffect } {
  const text = blockMessage(decision, blockedBy);
  return { value: { end: { exitReason: "blocked_by_hook", error: text, reply: [{ type: "text", text }] } } };
}

function lastUserText(messages: readonly Message[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === "user" && m.content.some((b) => b.type === "text")) return textOf(m.content);
  }
  return null;
}

const modelCall = (v: MomentView): JsonObject => ({ runId: v.ids.requestId, callId: `call-${v.call ?? 0}`, sessionKey: SESSION_KEY, sessionId: v.ids.sessionId, provider: provider(v), model: model(v) });

const finalAnswer: MomentStage[] = [
  {
    point: "before_agent_finalize",
    edge: E.finalize,
    context: (v) => ({
      event: {
        runId: v.ids.requestId,
        sessionId: v.ids.sessionId,
        sessionKey: SESSION_KEY,
        turnId: v.ids.userMessageId,
        provider: provider(v),
        model: model(v),
        stopHookActive: v.revisions > 0,
        lastAssistantMessage: textOf(v.content ?? []),
        messages: messagesJson(v.messages),
      },
      ctx: agentCtx(v),
    }),
    readBack: (_c, v, chain) => {
      const r = result(chain);
      if (!isObject(r) || r.action !== "revise") return { value: { host: { revising: false } } };
      const retry = isObject(r.retry) && typeof r.retry.instruction === "string" ? r.retry.instruction : null;
      if (v.revisions >= MAX_REVISIONS) return { value: { host: { revising: false } }, unread: { event: `the host allows ${MAX_REVISIONS} revisions per run; this revise is ignored` } };
      const instruction = retry ?? (typeof r.reason === "string" && r.reason.trim() ? r.reason.trim() : null);
      if (!instruction) return { value: { host: { revising: false } } };
      return { value: { continueWith: [...v.messages, userText(instruction)], host: { revising: true } } };
    },
  },
  observe(
    "llm_output",
    E.finalize,
    (v) => ({ runId: v.ids.requestId, sessionId: v.ids.sessionId, provider: provider(v), model: model(v), prompt: v.scenario.prompt, assistantTexts: [textOf(v.content ?? [])], usage: {} }),
    agentCtx,
    (v) => v.host.revising !== true,
  ),
];

const afterToolResult: MomentStage[] = [
  {
    point: "tool_result_persist",
    edge: E.toolResultPersist,
    context: (v) => ({
      event: { toolName: v.toolUse?.name ?? "", toolCallId: v.toolUse?.id ?? "", message: v.toolUse && v.result ? toolResultMessage(v.toolUse, v.result) : {} },
      ctx: { agentId: AGENT_ID, sessionKey: SESSION_KEY, toolName: v.toolUse?.name ?? "", toolCallId: v.toolUse?.id ?? "" },
    }),
    readBack: (_c, v, chain) => rewrittenResult(chain, v),
  },
  {
    point: "before_message_write",
    edge: E.toolResultPersist,
    context: (v) => ({
      event: { message: v.toolUse && v.result ? toolResultMessage(v.toolUse, v.result) : {}, sessionKey: SESSION_KEY, agentId: AGENT_ID },
      ctx: { agentId: AGENT_ID, sessionKey: SESSION_KEY },
    }),
    readBack: (_c, v, chain) => {
      const r = result(chain);
      if (isObject(r) && r.block === true) return { value: { host: { lastWriteBlocked: v.toolUse?.id ?? true } } };
      return rewrittenResult(chain, v);
    },
  },
  observe(
    "after_tool_call",
    E.afterToolCall,
    (v) => ({
      toolName: v.toolUse?.name ?? "",
      params: (v.toolUse?.input ?? {}) as JsonObject,
      runId: v.ids.requestId,
      toolCallId: v.toolUse?.id ?? "",
      result: v.result ? resultText(v.result) : null,
      ...(v.result?.is_error ? { error: resultText(v.result) } : {}),
      durationMs: 0,
    }),
    (v) => (v.toolUse ? toolCtx(v, v.toolUse) : agentCtx(v)),
  ),
];

function rewrittenResult(chain: ChainResult, v: MomentView): { value: LoopEffect } {
  const r = result(chain);
  if (!isObject(r) || !v.result) return { value: {} };
  const next = toolResultFromMessage(r.message, v.result);
  return next ? { value: { result: next } } : { value: {} };
}

const stop: MomentStage[] = [
  observe(
    "agent_end",
    E.agentEnd,
    (v) => ({
      runId: v.ids.requestId,
      messages: messagesJson(v.messages),
      success: v.exitReason === "no_tool_calls" || v.exitReason === "handled_by_hook",
      ...(v.error ? { error: v.error } : {}),
      durationMs: 0,
    }),
    agentCtx,
  ),
  {
    point: "message_sending",
    edge: E.messageSending,
    when: (v) => deliverable(v) !== null,
    context: (v) => ({ event: { to: SENDER, content: deliverable(v) ?? "" }, ctx: messageCtx(v) }),
    readBack: (_c, v, chain): { value: LoopEffect } => {
      const r = result(chain);
      const original = deliverable(v) ?? "";
      if (isObject(r) && r.cancel === true) {
        const host: JsonObject = { delivery: "cancelled" };
        if (typeof r.cancelReason === "string") host.cancelReason = r.cancelReason;
        return { value: { host } };
      }
      const content = isObject(r) && typeof r.content === "string" ? r.content : original;
      return { value: { host: { delivery: "sent", delivered: content } } };
    },
  },
  observe(
    "message_sent",
    E.messageSent,
    (v) => ({ to: SENDER, content: typeof v.host.delivered === "string" ? v.host.delivered : (deliverable(v) ?? ""), success: true, sessionKey: SESSION_KEY, runId: v.ids.requestId }),
    messageCtx,
    (v) => deliverable(v) !== null && v.host.delivery !== "cancelled",
  ),
];

/** The reply the run delivers: its last assistant text (none when the run ended without one, or silently). */
function deliverable(v: MomentView): string | null {
  if (v.host.claimedReply === "NO_REPLY") return null;
  const text = lastAssistantText(v.messages);
  return text === null || text === "" ? null : text;
}

export const openclawBinding: ProfileBinding = {
  profileId: "openclaw",
  toolHookTiming: "each",
  pluginId: openclawPluginId,

  beforeToolCall: {
    point: "before_tool_call",
    edge: E.beforeToolCall,
    context: (v) => ({
      event: { toolName: v.toolUse.name, params: v.toolUse.input as JsonObject, runId: v.ids.requestId, toolCallId: v.toolUse.id },
      ctx: toolCtx(v, v.toolUse),
    }),
    readBack: (_c, v, chain) => {
      const params = v.toolUse.input as JsonObject;
      if (chain.pointError) {
        const failed = chain.calls.find((c) => c.failure)?.hookId ?? chain.calls[chain.calls.length - 1]?.hookId ?? "";
        return { value: { claim: { hookId: failed, content: HOOK_FAILED, isError: true } } };
      }
      const r = result(chain);
      if (!isObject(r)) return { value: { claim: null } };
      if (r.block === true) {
        const blocker = [...chain.calls].reverse().find((c) => isObject(c.output ?? null) && (c.output as JsonObject).block === true)?.hookId ?? "";
        const reason = typeof r.blockReason === "string" && r.blockReason !== "" ? r.blockReason : BLOCKED_BY_HOOK;
        return { value: { claim: { hookId: blocker, content: reason, isError: true } } };
      }
      const hookParams = isObject(r.params) ? r.params : null;
      const input = hookParams ? { ...params, ...hookParams } : null;
      const approval = r.requireApproval ? approvalAsk(r.requireApproval, hookParams, params, v.toolUse, chain, openclawHookOf(chain)) : null;
      return { value: { claim: null, input, approval } };
    },
    afterApproval: (ask, answer, v) => approvalOutcome(ask, answer, v.toolUse.input as JsonObject),
  },

  at: {
    runStart: [
      observe("gateway_start", E.gatewayStart, () => ({ port: 18789 }), () => ({ port: 18789, workspaceDir: "/workspace" })),
      observe("session_start", E.sessionStart, (v) => ({ sessionId: v.ids.sessionId, sessionKey: SESSION_KEY }), sessionCtx),
      observe(
        "message_received",
        E.messageReceived,
        (v) => ({ from: SENDER, content: v.scenario.prompt, timestamp: v.scenario.clockStart, messageId: v.ids.userMessageId, senderId: SENDER, sessionKey: SESSION_KEY, runId: v.ids.requestId }),
        messageCtx,
      ),
    ],
    turnStart,
    beforeModelCall: [
      observe(
        "llm_input",
        E.llmInput,
        (v) => ({
          runId: v.ids.requestId,
          sessionId: v.ids.sessionId,
          provider: provider(v),
          model: model(v),
          ...(v.system !== null ? { systemPrompt: v.system } : {}),
          prompt: lastUserText(v.messages) ?? v.scenario.prompt,
          historyMessages: messagesJson(v.messages),
          imagesCount: 0,
          tools: v.scenario.tools.map((t) => ({ name: t.name, description: t.description })) as Json[],
        }),
        agentCtx,
        (v) => v.call === 1,
      ),
      observe("model_call_started", E.modelCallStarted, modelCall, agentCtx),
    ],
    afterModelCall: [
      observe(
        "model_call_ended",
        E.modelCallEnded,
        (v) => ({ ...modelCall(v), durationMs: 0, outcome: v.outcome === "error" ? "error" : "completed", ...(v.outcome === "error" ? { errorCategory: "provider" } : {}) }),
        agentCtx,
      ),
    ],
    beforeCompaction: [
      observe("before_compaction", E.beforeCompaction, (v) => ({ messageCount: v.history?.length ?? v.messages.length, messages: messagesJson(v.history ?? v.messages) }), agentCtx),
    ],
    afterCompaction: [
      observe("after_compaction", E.afterCompaction, (v) => ({ messageCount: v.history?.length ?? 0, compactedCount: Math.max(0, v.messages.length - (v.history?.length ?? 0)) }), agentCtx),
    ],
    finalAnswer,
    afterToolResult,
    stop,
    runEnd: [
      observe("session_end", E.sessionEnd, (v) => ({ sessionId: v.ids.sessionId, sessionKey: SESSION_KEY, messageCount: v.messages.length, reason: "shutdown" }), sessionCtx),
      observe("gateway_stop", E.gatewayStop, () => ({ reason: "shutdown" }), () => ({ port: 18789, workspaceDir: "/workspace" })),
    ],
  },
};

/** The hook whose requireApproval won: the first (in run order) whose output asked for approval. */
function openclawHookOf(chain: ChainResult): string {
  return chain.calls.find((c) => isObject(c.output ?? null) && Boolean((c.output as JsonObject).requireApproval))?.hookId ?? "";
}

/** The approval as the host normalises it before asking (agent-tools.before-tool-call:847-871). */
function approvalAsk(raw: Json, hookParams: JsonObject | null, params: JsonObject, toolUse: MomentView["toolUse"] & object, chain: ChainResult, hookId: string): ApprovalAsk {
  const req = isObject(raw) ? raw : {};
  const timeout = typeof req.timeoutMs === "number" && Number.isFinite(req.timeoutMs) && req.timeoutMs > 0 ? Math.min(Math.floor(req.timeoutMs), MAX_APPROVAL_TIMEOUT_MS) : DEFAULT_APPROVAL_TIMEOUT_MS;
  const explicit: ("allow-once" | "allow-always" | "deny")[] = [];
  for (const d of Array.isArray(req.allowedDecisions) ? req.allowedDecisions : []) {
    if ((d === "allow-once" || d === "allow-always" || d === "deny") && !explicit.includes(d)) explicit.push(d);
  }
  const allowed = explicit.length > 0 ? explicit : (["allow-once", "allow-always", "deny"] as const).slice();
  if (!allowed.includes("deny")) allowed.push("deny");
  const pluginId = typeof req.pluginId === "string" ? req.pluginId : "";
  const warnings =
    req.timeoutBehavior === "allow"
      ? [`plugin '${pluginId || "unknown-plugin"}' sets deprecated requireApproval.timeoutBehavior:"allow"; the field is ignored and approvals fail closed on timeout (see docs/plugins/plugin-permission-requests.md)`]
      : [];
  const severity = req.severity === "info" || req.severity === "critical" ? req.severity : "warning";
  const rewritten = hookParams ? { ...params, ...hookParams } : params;
  const handlerCall = chain.calls.find((c) => c.hookId === hookId);
  return {
    point: "before_tool_call",
    hookId,
    toolUseId: toolUse.id,
    toolName: toolUse.name,
    params: rewritten,
    request: {
      title: typeof req.title === "string" ? req.title : String(req.title ?? ""),
      description: typeof req.description === "string" ? req.description : String(req.description ?? ""),
      severity,
      timeoutMs: timeout,
      allowedDecisions: allowed,
      pluginId,
      hasOnResolution: handlerCall?.functions?.includes("/requireApproval/onResolution") ?? false,
      timeoutReason: typeof req.timeoutReason === "string" && req.timeoutReason !== "" ? req.timeoutReason : null,
    },
    warnings,
  };
}

/** What the host does with the answer (agent-tools.before-tool-call:872-886, 953-974; tool_result texts of §2c). */
export function approvalOutcome(ask: ApprovalAsk, answer: ApprovalAnswer, params: JsonObject): { input: JsonObject } | { claim: ToolClaim } {
  const permitted = (answer.decision === "allow-once" || answer.decision === "allow-always" || answer.decision === "deny") && ask.request.allowedDecisions.includes(answer.decision);
  const decision = permitted ? answer.decision : answer.decision === "cancelled" ? "cancelled" : "timeout";
  const claim = (content: string): { claim: ToolClaim } => ({ claim: { hookId: ask.hookId, content, isError: true } });
  if (decision === "allow-once" || decision === "allow-always") return { input: { ...params, ...ask.params } };
  if (decision === "deny") return claim(DENIED);
  if (decision === "cancelled") return claim(answer.reason ?? "Plugin approval unavailable: non-interactive CLI runs have no approval-capable initiating surface.");
  return claim(ask.request.timeoutReason ?? "Approval timed out");
}

/** Exposed for tests and docs: the texts the model sees for a blocked call. */
export const OPENCLAW_TOOL_TEXTS = { BLOCKED_BY_HOOK, HOOK_FAILED, DENIED } as const;
export type { ToolResultBlock };
