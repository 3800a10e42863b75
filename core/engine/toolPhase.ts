import type { JsonObject } from "../json";
import type { Message } from "../pipeline/schema";
import type { TraceEvent, UnsequencedTraceEvent } from "../trace/events";
import type { ApprovalGate } from "./approval";
import type { LoopView, ProfileBinding, ToolCallView, ToolChainPorts, ToolClaim, ToolResultBlock, ToolUseBlock } from "./binding";
import type { FirePoint, FiredPoint } from "./firePoint";
import type { ToolOutput } from "./tools";

/** How a phase of the loop ended the run early. */
export interface Exit {
  exitReason: string;
  error: string | null;
  /** A hook failure propagated (registry): the turn threw, so its end-of-turn hooks do not fire. */
  hookFailure?: boolean;
  /** A replayed session stopped where the run parts ways with it (core/engine/sessionParting.ts): no end-of-turn hooks either. */
  endsReplay?: boolean;
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
  /** The binding's extra points after a tool result (OpenClaw persistence hooks, after_tool_call). */
  momentAfterResult?: (toolUse: ToolUseBlock, result: ToolResultBlock) => Promise<{ exit: Exit | null; result?: ToolResultBlock }>;
  /** Who answers a hook's approval request. */
  approvals?: ApprovalGate;
}

/**
 * Runs a reply's tool calls with the profile's hooks around them and returns the user
 * message of results (Vellum: additional context as text blocks after ALL tool results).
 */
export async function runToolPhase(toolUses: readonly ToolUseBlock[], deps: ToolPhaseDeps): Promise<{ message: Message; stopAfter?: Exit } | { exit: Exit }> {
  const { binding, fire, record } = deps;
  const results: ToolResultBlock[] = [];
  /** A hook asked the run to end once this batch's results are in (Claude Code continue: false). */
  let stopAfter: Exit | null = null;
  const guidance: string[] = [];
  const boundExit = (): { exit: Exit } => ({ exit: { exitReason: "max_tool_calls", error: `the run reached its bound of ${deps.maxToolCalls} tool calls` } });

  const execute = async (toolUse: ToolUseBlock): Promise<ToolResultBlock> => {
    // While a middleware chain runs the tool inside it, its events wait for that point's end (FirePoint.record).
    const record = fire.record ?? deps.record;
    record({ type: "tool.call", toolUseId: toolUse.id, name: toolUse.name, input: jsonInput(toolUse) });
    const out = await deps.runTool(toolUse.name, jsonInput(toolUse));
    record({
      type: "tool.result",
      toolUseId: toolUse.id,
      content: out.content,
      isError: out.isError,
      ...(out.logs.length ? { logs: out.logs } : {}),
      ...(out.files?.length ? { files: out.files } : {}),
      ...(out.requests?.length ? { requests: out.requests } : {}),
      ...(out.env?.length ? { env: out.env } : {}),
      ...(out.clock?.length ? { clock: out.clock } : {}),
      ...(out.random?.length ? { random: out.random } : {}),
    });
    return { type: "tool_result", tool_use_id: toolUse.id, content: out.content, is_error: out.isError };
  };

  const afterResult = async (toolUse: ToolUseBlock, result: ToolResultBlock): Promise<ToolResultBlock | { exit: Exit }> => {
    let out = result;
    if (binding.afterToolResult) {
      const fired = await fire(binding.afterToolResult, { ...deps.view(), toolUse, result });
      if (fired.aborted) return { exit: hookFailureExit(fired.aborted) };
      if (fired.value.additionalContext !== null) guidance.push(fired.value.additionalContext);
      if (fired.value.stopAfter && !stopAfter) stopAfter = fired.value.stopAfter;
      out = fired.value.result;
    }
    if (deps.momentAfterResult) {
      const moment = await deps.momentAfterResult(toolUse, out);
      if (moment.exit) return { exit: moment.exit };
      if (moment.result) out = moment.result;
    }
    return out;
  };

  /** The hooks' decision on a call: its input to run with, or the claim that answers it instead. */
  const decide = async (toolUse: ToolUseBlock): Promise<{ claim: ToolClaim } | { input: JsonObject } | { answered: ToolResultBlock } | { exit: Exit }> => {
    const stage = binding.beforeToolCall;
    if (!stage) return { input: jsonInput(toolUse) };
    const ranInside: JsonObject[] = [];
    const callView: ToolCallView = { ...deps.view(), toolUse, ranInside };
    const inner = stage.inner;
    const ports: ToolChainPorts = {
      fire,
      runTool: async (input) => {
        ranInside.push(input);
        const out = await execute({ ...toolUse, input });
        return { content: typeof out.content === "string" ? out.content : JSON.stringify(out.content), isError: out.is_error === true };
      },
    };
    const fired = await fire(stage, callView, inner ? (event) => inner(event, callView, ports) : undefined);
    if (fired.aborted) return { exit: hookFailureExit(fired.aborted) };
    const decision = fired.value;
    if (decision.answered) {
      if (decision.additionalContext) guidance.push(decision.additionalContext);
      if (decision.stopAfter && !stopAfter) stopAfter = decision.stopAfter;
      const answer: ToolResultBlock = { type: "tool_result", tool_use_id: toolUse.id, content: decision.answered.content, is_error: decision.answered.isError };
      if (decision.answered.hookId !== null && ranInside.length === 0) {
        // Answered above the tool, which never ran: recorded as a claim.
        record({ type: "tool.call", toolUseId: toolUse.id, name: toolUse.name, input: jsonInput(toolUse) });
        record({ type: "tool.result", toolUseId: toolUse.id, content: decision.answered.content, isError: decision.answered.isError, claimedBy: decision.answered.hookId });
      }
      return { answered: answer };
    }
    if (decision.end) return { exit: decision.end };
    if (decision.stopAfter && !stopAfter) stopAfter = decision.stopAfter;
    if (decision.additionalContext) guidance.push(decision.additionalContext);
    if (decision.claim) return { claim: decision.claim };
    const input = decision.input ?? jsonInput(toolUse);
    if (!decision.approval || !stage.afterApproval) return { input };
    if (stage.permissionRequest) {
      const asked = await fire(stage.permissionRequest, { ...deps.view(), toolUse, ask: decision.approval });
      if (asked.aborted) return { exit: hookFailureExit(asked.aborted) };
      if (asked.value.answer) return stage.afterApproval(asked.value.ask, asked.value.answer, { ...deps.view(), toolUse });
    }
    const gate = deps.approvals;
    if (!gate) throw new Error("a hook asked for approval but the run has no approval gate");
    const answer = await gate.request(decision.approval);
    return stage.afterApproval(decision.approval, answer, { ...deps.view(), toolUse });
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
      const decided = await decide(toolUse);
      if ("exit" in decided) return decided;
      if ("answered" in decided) {
        const after = await afterResult(toolUse, decided.answered);
        if ("exit" in after) return after;
        results.push(after);
        continue;
      }
      const claim = "claim" in decided ? decided.claim : null;
      if (claim) {
        record({ type: "tool.call", toolUseId: toolUse.id, name: toolUse.name, input: jsonInput(toolUse) });
        record({ type: "tool.result", toolUseId: toolUse.id, content: claim.content, isError: claim.isError, claimedBy: claim.hookId });
        const refused: ToolResultBlock = { type: "tool_result", tool_use_id: toolUse.id, content: claim.content, is_error: claim.isError };
        if (!claim.afterHooks) {
          results.push(refused);
          continue;
        }
        const afterRefused = await afterResult(toolUse, refused);
        if ("exit" in afterRefused) return afterRefused;
        results.push(afterRefused);
        continue;
      }
      const input = "input" in decided ? decided.input : jsonInput(toolUse);
      const ran = input === toolUse.input ? toolUse : { ...toolUse, input };
      const after = await afterResult(binding.afterToolResultSeesRunInput ? ran : toolUse, await execute(ran));
      if ("exit" in after) return after;
      results.push(after);
    }
  }
  const message: Message = { role: "user", content: [...results, ...guidance.map((text) => ({ type: "text" as const, text }))] };
  return stopAfter ? { message, stopAfter } : { message };
}

/** tool_use input comes from JSON (a scripted response or a hook's JSON context), typed loosely by zod. */
function jsonInput(toolUse: ToolUseBlock): JsonObject {
  return toolUse.input as JsonObject;
}
