import type { ProfileBinding } from "../../engine/binding";
import { blockJson, contentJson, messagesJson, readContent, readMessages, readToolResult } from "../../engine/contextJson";
import type { JsonObject } from "../../json";
import { VELLUM_EDGES as E } from "./graph";
import { effectiveProfileKey, turnModelId } from "./pluginApi/turnModel";

/**
 * How the Vellum host drives its hooks (semantics.md §1a-§1e), as the loop's binding: which
 * point fires at each stage, the context the host builds, and what it reads back.
 */

/** MAX_POST_MODEL_CALL_CONTINUES in the host (`V:src/agent/loop.ts:497`): shared by all three paths. */
export const MAX_CONTINUES = 5;
const ASSISTANT_VERSION = "0.10.5";
const KEEP = "Hookwright keeps the previous value so the run can go on";

function providerError(message: string): JsonObject {
  return { name: "ProviderError", message };
}

function slug(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "plugin";
}

export const vellumBinding: ProfileBinding = {
  // A user cancel before the provider call, and one that aborts the call (the loop's catch sees the abort): loop.ts stopTurn reasons.
  cancelled: { beforeCall: "aborted_pre_call", duringCall: "aborted_via_error" },
  profileId: "vellum",
  toolHookTiming: "all",

  runStart: {
    point: "init",
    edge: E.init,
    context: (v) => ({ config: null, credentials: {}, pluginStorageDir: `/workspace/plugins/${slug(v.pipelineName)}/data`, assistantVersion: ASSISTANT_VERSION }),
    readBack: () => ({ value: null }),
  },

  turnStart: {
    point: "user-prompt-submit",
    edge: E.userPromptSubmit,
    // The host passes one array under both names (semantics §1e.1).
    aliases: [["/latestMessages", "/originalMessages"]],
    context: (v) => ({
      conversationId: v.ids.conversationId,
      userMessageId: v.ids.userMessageId,
      requestId: v.ids.requestId,
      modelProfileKey: effectiveProfileKey(v.scenario),
      isNonInteractive: false,
      prompt: v.scenario.prompt,
      originalMessages: messagesJson(v.messages),
      latestMessages: messagesJson(v.messages),
    }),
    readBack: (ctx, v) => {
      const messages = readMessages(ctx.latestMessages);
      return messages ? { value: { messages } } : { value: { messages: [...v.messages] }, unread: { latestMessages: `latestMessages is not a list of messages; ${KEEP}` } };
    },
  },

  afterCompaction: {
    point: "post-compact",
    edge: E.postCompact,
    context: (v) => ({
      history: messagesJson(v.history),
      requestId: v.ids.requestId,
      conversationId: v.ids.conversationId,
      isNonInteractive: false,
      modelProfileKey: effectiveProfileKey(v.scenario),
      injectionMode: "full",
    }),
    readBack: (ctx, v) => {
      const messages = readMessages(ctx.history);
      return messages ? { value: { messages } } : { value: { messages: v.history }, unread: { history: `history is not a list of messages; ${KEEP}` } };
    },
  },

  beforeModelCall: {
    point: "pre-model-call",
    edge: E.preModelCall,
    context: (v) => ({
      conversationId: v.ids.conversationId,
      callSite: "mainAgent",
      systemPrompt: v.scenario.system,
      modelProfile: null,
      deferAssistantOutput: false,
    }),
    readBack: (ctx, v) => {
      const unread: Record<string, string> = {};
      let system = v.scenario.system;
      if (typeof ctx.systemPrompt === "string" || ctx.systemPrompt === null) system = ctx.systemPrompt;
      else unread.systemPrompt = `systemPrompt must be a string or null; ${KEEP}`;
      // The host trims the profile key; empty or null removes the override.
      const trimmed = typeof ctx.modelProfile === "string" ? ctx.modelProfile.trim() : "";
      if (ctx.modelProfile !== null && typeof ctx.modelProfile !== "string") unread.modelProfile = "modelProfile must be a string or null";
      return { value: { system, deferOutput: ctx.deferAssistantOutput === true, modelProfile: trimmed === "" ? null : trimmed }, unread };
    },
  },

  afterModelCall: {
    point: "post-model-call",
    edge: E.postModelCall,
    decisionField: "decision",
    context: (v) => ({
      conversationId: v.ids.conversationId,
      callSite: "mainAgent",
      content: contentJson(v.content),
      messages: messagesJson(v.messages),
      stopReason: v.stopReason,
      ...(v.error !== null ? { error: providerError(v.error) } : {}),
      decision: "stop",
    }),
    readBack: (ctx, v) => {
      const unread: Record<string, string> = {};
      let content = readContent(ctx.content);
      if (!content) {
        unread.content = `content is not a list of content blocks; ${KEEP}`;
        content = v.content;
      }
      let continueWith = null;
      if (ctx.decision === "continue") {
        const refused = continueRefusal(v, content);
        if (refused) unread.decision = refused;
        else {
          continueWith = readMessages(ctx.messages);
          if (!continueWith) {
            unread.messages = `messages is not a list of messages; ${KEEP}`;
            continueWith = [...v.messages];
          }
          unread.content = "on a continue the host discards this reply; the next call sends ctx.messages";
        }
      }
      if (!continueWith) {
        unread.messages = "messages is read back only when a continue is honoured";
        if (v.outcome === "error") unread.content = "a rejected call has no reply to keep";
      }
      return { value: { content, continueWith }, unread };
    },
  },

  afterToolResult: {
    point: "post-tool-use",
    edge: E.postToolUse,
    context: (v) => ({
      conversationId: v.ids.conversationId,
      toolResponse: blockJson(v.result),
      messages: messagesJson(v.messages),
      additionalContext: null,
      // The host names the model that ran; a scripted scenario's is its active profile's, else "scripted".
      model: turnModelId(v.scenario),
      callSite: "mainAgent",
      supportsDynamicUi: false,
      maxInputTokens: v.scenario.model.maxInputTokens,
    }),
    readBack: (ctx, v) => {
      const unread: Record<string, string> = {};
      let result = readToolResult(ctx.toolResponse);
      if (!result) {
        unread.toolResponse = `toolResponse is not a tool_result block; ${KEEP}`;
        result = v.result;
      }
      let additionalContext: string | null = null;
      if (typeof ctx.additionalContext === "string") additionalContext = ctx.additionalContext;
      else if (ctx.additionalContext !== null && ctx.additionalContext !== undefined) unread.additionalContext = "additionalContext must be a string or null";
      return { value: { result, additionalContext }, unread };
    },
  },

  stop: {
    point: "stop",
    edge: E.stop,
    context: (v) => ({
      conversationId: v.ids.conversationId,
      messages: messagesJson(v.messages),
      exitReason: v.exitReason,
      ...(v.error !== null && (v.exitReason === "error" || v.exitReason === "script_exhausted") ? { error: providerError(v.error) } : {}),
    }),
    readBack: () => ({ value: null }),
  },

  runEnd: {
    point: "shutdown",
    edge: E.shutdown,
    context: () => ({ assistantVersion: ASSISTANT_VERSION, reason: "shutdown" }),
    readBack: () => ({ value: null }),
  },
};

/** Why the host refuses a `continue` here, or null when it honours it (semantics §1a, §1c.8). */
function continueRefusal(v: { outcome: string; content: readonly { type: string; text?: string }[]; continuesUsed: number; outputDeferred: boolean }, finalContent: readonly { type: string }[]): string | null {
  const actionable = v.outcome === "error" || v.outcome === "max_tokens" || !finalContent.some((b) => b.type === "tool_use");
  if (!actionable) return "continue is ignored on a reply with tool calls: the tools run and the loop goes on anyway";
  const streamedText = v.content.some((b) => b.type === "text" && (b.text ?? "").trim() !== "");
  if (v.outcome === "no_tool_calls" && streamedText && !v.outputDeferred) {
    return "the reply already streamed its text live, so the host refuses to continue; set deferAssistantOutput in pre-model-call to allow it";
  }
  if (v.continuesUsed >= MAX_CONTINUES) return `the run already used its ${MAX_CONTINUES} continues`;
  return null;
}
