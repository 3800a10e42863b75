import type { ContentBlock, Message } from "../../pipeline/schema";
import type { Json, JsonObject } from "../../json";
import type { LoopView, MomentView, ToolResultBlock, ToolUseBlock } from "../../engine/binding";

/**
 * The values OpenClaw's hooks receive in a Hookwright run, built from the loop's state. The
 * simulated host is one agent ("main") on a webchat channel, with a user-triggered run; the
 * provider is the scenario's model ("hookwright/scripted", or the model a before_model_resolve
 * hook chose). Messages are Hookwright's content-block messages (docs/openclaw.md).
 */

export const AGENT_ID = "main";
export const SESSION_KEY = "agent:main:main";
export const CHANNEL = "webchat";
export const SENDER = "user";

export function provider(view: MomentView): string {
  const chosen = view.host.providerOverride;
  return typeof chosen === "string" && chosen !== "" ? chosen : "hookwright";
}

export function model(view: MomentView): string {
  const chosen = view.host.modelOverride;
  return typeof chosen === "string" && chosen !== "" ? chosen : "scripted";
}

/** PluginHookAgentContext of the run. */
export function agentCtx(view: LoopView & Partial<Pick<MomentView, "host">>): JsonObject {
  const m: JsonObject = view.host ? { modelProviderId: provider(view as MomentView), modelId: model(view as MomentView) } : {};
  return {
    runId: view.ids.requestId,
    agentId: AGENT_ID,
    sessionKey: SESSION_KEY,
    sessionId: view.ids.sessionId,
    ...m,
    trigger: "user",
    channel: CHANNEL,
    channelId: CHANNEL,
    senderId: SENDER,
  };
}

/** PluginHookMessageContext of the run's conversation. */
export function messageCtx(view: LoopView): JsonObject {
  return { channelId: CHANNEL, sessionKey: SESSION_KEY, runId: view.ids.requestId, messageId: view.ids.userMessageId, senderId: SENDER };
}

export function sessionCtx(view: LoopView): JsonObject {
  return { agentId: AGENT_ID, sessionId: view.ids.sessionId, sessionKey: SESSION_KEY };
}

export function toolCtx(view: LoopView, toolUse: ToolUseBlock): JsonObject {
  return { agentId: AGENT_ID, sessionKey: SESSION_KEY, sessionId: view.ids.sessionId, runId: view.ids.requestId, toolName: toolUse.name, toolCallId: toolUse.id, channelId: CHANNEL };
}

export function messagesJson(messages: readonly Message[]): Json[] {
  return messages as unknown as Json[];
}

/** The text of content blocks (text blocks joined by blank lines). */
export function textOf(content: readonly ContentBlock[]): string {
  return content
    .filter((b): b is Extract<ContentBlock, { type: "text" }> => b.type === "text")
    .map((b) => b.text)
    .join("\n\n");
}

/** The text of a tool_result. */
export function resultText(result: ToolResultBlock): string {
  return typeof result.content === "string" ? result.content : result.content.map((b) => b.text).join("");
}

/** A tool result as OpenClaw's transcript holds it (an AgentMessage with role "toolResult"). */
export function toolResultMessage(toolUse: ToolUseBlock, result: ToolResultBlock): JsonObject {
  return { role: "toolResult", toolCallId: toolUse.id, toolName: toolUse.name, content: [{ type: "text", text: resultText(result) }], isError: result.is_error === true };
}

/** A toolResult AgentMessage a hook returned, back as the tool_result the model sees (null: not readable). */
export function toolResultFromMessage(message: Json | undefined, fallback: ToolResultBlock): ToolResultBlock | null {
  if (typeof message !== "object" || message === null || Array.isArray(message)) return null;
  const content = message.content;
  const text = typeof content === "string" ? content : Array.isArray(content) ? content.map((b) => (typeof b === "object" && b !== null && !Array.isArray(b) && typeof b.text === "string" ? b.text : "")).join("") : null;
  if (text === null) return null;
  return { type: "tool_result", tool_use_id: fallback.tool_use_id, content: text, is_error: typeof message.isError === "boolean" ? message.isError : fallback.is_error === true };
}

/** The last assistant message's text, the run's reply. */
export function lastAssistantText(messages: readonly Message[]): string | null {
  for (let i = messages.length - 1; i >= 0; i--) {
    const m = messages[i];
    if (m?.role === "assistant") return textOf(m.content);
  }
  return null;
}

export function isObject(value: Json | undefined | null): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
