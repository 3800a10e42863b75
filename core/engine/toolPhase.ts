import type { JsonObject } from "../json";
import type { Message } from "../pipeline/schema";
import type { TraceEvent, UnsequencedTraceEvent } from "../trace/events";
import type { LoopView, ProfileBinding, ToolResultBlock, ToolUseBlock } from "./binding";
import type { FirePoint, FiredPoint } from "./firePoint";
import type { ToolOutput } from "./tools";

/** How a phase of the loop ended the run early. */
export interface Exit {
  exitReason: string;
  error: string | null;
  /** A hook failure propagated (registry): the turn threw, so its end-of-turn hooks do not fire. */
  hookFailure?: boolean;
}

export function hookFailureExit(aborted: NonNullable<FiredPoint<unknown>["aborted"]>): Exit {
  return { exitReason: "hook_error", error: `hook "${aborted.hookId}" failed and the failure propagated: ${aborted.failure.message}`, hookFailure: true };
}

interface ToolPhaseDeps {
  binding: ProfileBinding;
  fire: FirePoint;
  record: (event: UnsequencedTraceEvent) => TraceEvent;
  runTool: (name: string, input: JsonObject) => Promise<ToolOutput>;
  view: () => LoopView;
  maxToolCalls: number;
  /** Counts a tool call; false when the bound is already reached. */
  takeToolCall: () => boolean;
}

/**
 * Runs a reply's tool calls with the profile's hooks around them and returns the user
 * message of results (Vellum: additional context as text blocks after ALL tool results).
 */
export async function runToolPhase(toolUses: readonly ToolUseBlock[], deps: ToolPhaseDeps): Promise<{ message: Message } | { exit: Exit }> {
  const { binding, fire, record } = deps;
  const results: ToolResultBlock[] = [];
  const guidance: string[] = [];
  const boundExit = (): { exit: Exit } => ({ exit: { exitReason: "max_tool_calls", error: `the run reached its bound of ${deps.maxToolCalls} tool calls` } });

  const execute = async (toolUse: ToolUseBlock): Promise<ToolResultBlock> => {
    record({ type: "tool.call", toolUseId: toolUse.id, name: toolUse.name, input: jsonInput(toolUse) });
    const out = await deps.runTool(toolUse.name, jsonInput(toolUse));
    record({ type: "tool.result", toolUseId: toolUse.id, content: out.content, isError: out.isError, ...(out.logs.length ? { logs: out.logs } : {}) });
    return { type: "tool_result", tool_use_id: toolUse.id, content: out.content, is_error: out.isError };
  };

  const afterResult = async (toolUse: ToolUseBlock, result: ToolResultBlock): Promise<ToolResultBlock | { exit: Exit }> => {
    if (!binding.afterToolResult) return result;
    const fired = await fire(binding.afterToolResult, { ...deps.view(), toolUse, result });
    if (fired.aborted) return { exit: hookFailureExit(fired.aborted) };
    if (fired.value.additionalContext !== null) guidance.push(fired.value.additionalContext);
    return fired.value.result;
  };

  if (binding.toolHookTiming === "all") {
    // The host runs the reply's tools together, then its post-tool hooks one result at a time.
    const ran: { toolUse: ToolUseBlock; result: ToolResultBlock }[] = [];
    for (const toolUse of toolUses) {
      if (!deps.takeToolCall()) return boundExit();
      ran.push({ toolUse, result: await execute(toolUse) });
    }
    for (const { toolUse, result } of ran) {
      const after = await afterResult(toolUse, result);
      if ("exit" in after) return after;
      results.push(after);
    }
  } else {
    for (const toolUse of toolUses) {
      if (!deps.takeToolCall()) return boundExit();
      let claim = null;
      if (binding.beforeToolCall) {
        const fired = await fire(binding.beforeToolCall, { ...deps.view(), toolUse });
        if (fired.aborted) return { exit: hookFailureExit(fired.aborted) };
        claim = fired.value.claim;
      }
      if (claim) {
        record({ type: "tool.call", toolUseId: toolUse.id, name: toolUse.name, input: jsonInput(toolUse) });
        record({ type: "tool.result", toolUseId: toolUse.id, content: claim.content, isError: claim.isError, claimedBy: claim.hookId });
        results.push({ type: "tool_result", tool_use_id: toolUse.id, content: claim.content, is_error: claim.isError });
        continue;
      }
      const after = await afterResult(toolUse, await execute(toolUse));
      if ("exit" in after) return after;
      results.push(after);
    }
  }
  return { message: { role: "user", content: [...results, ...guidance.map((text) => ({ type: "text" as const, text }))] } };
}

/** tool_use input comes from JSON (a scripted response or a hook's JSON context), typed loosely by zod. */
function jsonInput(toolUse: ToolUseBlock): JsonObject {
  return toolUse.input as JsonObject;
}
