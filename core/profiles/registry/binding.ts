import type { ProfileBinding, ToolClaim } from "../../engine/binding";
import { messagesJson, resultText } from "../../engine/contextJson";
import type { ChainResult } from "../../engine/ports";
import type { Json, JsonObject } from "../../json";
import { REGISTRY_EDGES as E } from "./graph";

/**
 * How the seed-001 registry drives its hooks: session_start before the turn, before_prompt_build
 * before each LLM call, before_tool_call/after_tool_call around each tool, agent_done after.
 */
export const registryBinding: ProfileBinding = {
  profileId: "registry",
  toolHookTiming: "each",

  runStart: {
    point: "session_start",
    edge: E.sessionStart,
    context: (v) => ({ sessionId: v.ids.sessionId, turnCount: v.turnCount, prompt: v.scenario.prompt }),
    readBack: () => ({ value: null }),
  },

  beforeModelCall: {
    point: "before_prompt_build",
    edge: E.beforePromptBuild,
    context: (v) => ({
      sessionId: v.ids.sessionId,
      turnCount: v.turnCount,
      prompt: v.scenario.prompt,
      messages: messagesJson(v.messages),
      modelCall: v.call,
      systemPrompt: v.scenario.system,
      additionalContext: null,
    }),
    readBack: (ctx, v) => {
      const unread: Record<string, string> = {};
      let system = v.scenario.system;
      if (typeof ctx.systemPrompt === "string") system = ctx.systemPrompt;
      else if (ctx.systemPrompt !== null) unread.systemPrompt = "systemPrompt must be a string; the original is kept";
      if (typeof ctx.additionalContext === "string" && ctx.additionalContext !== "") {
        system = system ? `${system}\n\n${ctx.additionalContext}` : ctx.additionalContext;
      } else if (ctx.additionalContext !== null && typeof ctx.additionalContext !== "string") {
        unread.additionalContext = "additionalContext must be a string";
      }
      return { value: { system, deferOutput: false, modelProfile: null }, unread };
    },
  },

  beforeToolCall: {
    point: "before_tool_call",
    edge: E.beforeToolCall,
    context: (v) => ({
      sessionId: v.ids.sessionId,
      turnCount: v.turnCount,
      toolName: v.toolUse.name,
      toolUseId: v.toolUse.id,
      args: v.toolUse.input as JsonObject,
    }),
    readBack: (_ctx, _v, chain) => ({ value: { claim: claimOf(chain) } }),
  },

  afterToolResult: {
    point: "after_tool_call",
    edge: E.afterToolCall,
    context: (v) => ({
      sessionId: v.ids.sessionId,
      turnCount: v.turnCount,
      toolName: v.toolUse.name,
      toolUseId: v.toolUse.id,
      args: v.toolUse.input as JsonObject,
      result: resultText(v.result),
      isError: v.result.is_error === true,
    }),
    readBack: (_ctx, v) => ({ value: { result: v.result, additionalContext: null } }),
  },

  stop: {
    point: "agent_done",
    edge: E.agentDone,
    context: (v) => ({
      sessionId: v.ids.sessionId,
      turnCount: v.turnCount,
      exitReason: v.exitReason,
      messages: messagesJson(v.messages),
      modelCalls: v.modelCalls,
      toolCalls: v.toolCalls,
    }),
    readBack: () => ({ value: null }),
  },
};

/**
 * The first `{ handled: true }` answers the call: with `error` the model gets an error
 * tool_result carrying that text (the seed's "core handles this automatically"); otherwise
 * `result` (text, or JSON of anything else) stands in for the tool's output.
 */
function claimOf(chain: ChainResult): ToolClaim | null {
  const call = chain.calls.find((c) => c.claimed);
  if (!call) return null;
  const returned = call.returned;
  const fields: Record<string, Json> = typeof returned === "object" && returned !== null && !Array.isArray(returned) ? returned : {};
  if (typeof fields.error === "string") return { hookId: call.hookId, content: fields.error, isError: true };
  const result = fields.result;
  const content = result === undefined ? "" : typeof result === "string" ? result : JSON.stringify(result);
  return { hookId: call.hookId, content, isError: false };
}
