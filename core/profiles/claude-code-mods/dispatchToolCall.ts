import { runMiddleware, type MiddlewareInvoke, type MiddlewareRecord } from "../../chain/middleware/onion";
import type { JsonObject } from "../../json";
import { checkClassicPreToolUseAnswer, classicDenyAsToolCallResult, classicPreToolUseOutcome } from "./classicPreToolUse";
import { checkToolCallAnswer, engineToolCallResult, TOOL_CALL_RESERVED_KEYS, toolCallEvent, toolCallInput, toolCallModelResult, type ModelToolResult } from "./toolCall";

/**
 * One tool call through Claude Code mods as the engine (2.1.330) nests it: the `tool.call` mods
 * (outermost first), inside their `next(e)` the `classic.PreToolUse` mods, inside theirs the
 * settings.json PreToolUse hooks (`settings`, `{}` when there are none), then the tool itself.
 * Pure: the caller supplies how a hook is called (the sandbox) and how the tool runs.
 */

export interface ToolCallDispatch {
  tool: string;
  toolUseId: string;
  /** The input the model wrote. */
  input: JsonObject;
  /** tool.call hooks whose filter matched, in chain order. */
  toolCallHooks: readonly string[];
  /** classic.PreToolUse hooks whose filter matched, in chain order. */
  preToolUseHooks: readonly string[];
  invoke: MiddlewareInvoke;
  /** Runs the tool with `input`: its text and whether it failed. */
  runTool: (input: JsonObject) => Promise<{ text: string; isError: boolean }>;
  /** The settings.json PreToolUse hooks' folded answer for `event` (absent: none configured, `{}`). */
  settings?: (event: JsonObject) => Promise<JsonObject>;
}

export interface ToolCallOutcome {
  /** What the model reads as the call's tool_result. */
  model: ModelToolResult;
  /** The inputs the tool ran with, in order (empty: it never ran). */
  ran: JsonObject[];
  /** classic.PreToolUse `additionalContext` texts (the model reads them as a system message). */
  additionalContext: string[];
  toolCallRecords: MiddlewareRecord[];
  /** One list per time tool.call's engine link ran (a hook may call next twice). */
  preToolUseRecords: MiddlewareRecord[][];
}

export async function dispatchToolCall(d: ToolCallDispatch): Promise<ToolCallOutcome> {
  const ran: JsonObject[] = [];
  const additionalContext: string[] = [];
  const preToolUseRecords: MiddlewareRecord[][] = [];
  const engineLink = async (event: JsonObject): Promise<JsonObject> => {
    const classic = await runMiddleware({
      event: "classic.PreToolUse",
      hookIds: d.preToolUseHooks,
      input: event,
      invoke: d.invoke,
      inner: (e) => (d.settings ? d.settings(e) : Promise.resolve({})),
      checkAnswer: checkClassicPreToolUseAnswer,
      failure: "fail-open",
    });
    preToolUseRecords.push(classic.records);
    const outcome = classicPreToolUseOutcome(classic.result, toolCallInput(event), d.tool);
    additionalContext.push(...outcome.additionalContext);
    if ("deny" in outcome) return classicDenyAsToolCallResult(outcome.deny);
    ran.push(outcome.run);
    const result = await d.runTool(outcome.run);
    return engineToolCallResult(result.text, result.isError);
  };
  const chain = await runMiddleware({
    event: "tool.call",
    hookIds: d.toolCallHooks,
    input: toolCallEvent(d.tool, d.toolUseId, d.input),
    invoke: d.invoke,
    inner: engineLink,
    checkAnswer: checkToolCallAnswer,
    reservedKeys: TOOL_CALL_RESERVED_KEYS,
    failure: "fail-open",
  });
  return { model: toolCallModelResult(d.tool, chain.result, ran.length > 0), ran, additionalContext, toolCallRecords: chain.records, preToolUseRecords };
}
