import type { Json, JsonObject } from "../../json";

/**
 * The `tool.call` event of Claude Code mods, as the engine (2.1.330) runs it: what the engine's own
 * link beneath the mods resolves to, which answers it takes, and what the model then reads as the
 * call's tool_result. Facts from claude-code-mods.md, pinned in claudeCodeMods.engine.test.ts.
 */

/** Keys of the envelope a rewrite must keep (fact 21: the hook fails and the original call runs). */
export const TOOL_CALL_RESERVED_KEYS = ["tool", "tool_use_id"] as const;

/** The event a tool.call hook receives (§2): the tool's input with `tool` and `tool_use_id` beside it. */
export function toolCallEvent(tool: string, toolUseId: string, input: JsonObject): JsonObject {
  return { ...input, tool, tool_use_id: toolUseId };
}

/** The tool's input inside a (possibly rewritten) tool.call event. */
export function toolCallInput(event: JsonObject): JsonObject {
  const { tool: _tool, tool_use_id: _id, ...input } = event;
  return input;
}

/**
 * What `await next(e)` resolves to when the engine ran the tool (§2): Bash's output object with
 * the text the model reads beside it; a failed call carries `isError` and its text as the result.
 */
export function engineToolCallResult(text: string, isError: boolean): JsonObject {
  if (isError) return { ref: 1, result: `Error: ${text}`, text, isError: true };
  return { ref: 1, result: { stdout: text, stderr: "", interrupted: false, isImage: false, noOutputExpected: false }, text };
}

/** Null when the engine takes a tool.call hook's answer, else why not (fact 16: `neither { result } nor { deny }`; the hook is skipped). */
export function checkToolCallAnswer(answer: Json): string | null {
  if (typeof answer === "object" && answer !== null && !Array.isArray(answer) && ("result" in answer || typeof answer.deny === "string")) return null;
  return "neither { result } nor { deny }";
}

/** The tool_result the model reads after the mods' chain resolved to `result`. */
export interface ModelToolResult {
  content: string;
  isError: boolean;
}

/**
 * What the model reads for a tool.call that resolved to `result`; `ran`: the tool really ran
 * beneath the mods (a deny after it is then fact 7's "withheld" text, else fact 6's/44's plain deny).
 */
export function toolCallModelResult(tool: string, result: Json, ran: boolean): ModelToolResult {
  const value = typeof result === "object" && result !== null && !Array.isArray(result) ? result : {};
  if (typeof value.deny === "string") return ran ? { content: `${tool} ran, and a plugin withheld its result: ${value.deny}`, isError: true } : { content: `<tool_use_error>${value.deny}</tool_use_error>`, isError: true };
  if (typeof value.text === "string") return { content: value.text, isError: value.isError === true };
  const output = value.result;
  if (typeof output === "object" && output !== null && !Array.isArray(output)) {
    // Only stdout was observed reaching the model (fact 4); how the engine joins a non-empty stderr was not tried.
    return { content: typeof output.stdout === "string" ? output.stdout : "", isError: false };
  }
  // Fact 5: the engine checks an answer against the tool's output shape and prints zod's issue list
  // indented by 2 (the reference quotes it on one line; the differential test saw the newlines).
  const received = output === null ? "null" : Array.isArray(output) ? "array" : typeof output;
  const issues = [{ expected: "object", code: "invalid_type", path: [], message: `Invalid input: expected object, received ${received}` }];
  return { content: `<tool_use_error>tool.call step resolved ${tool} with a result that does not match its output shape: ${JSON.stringify(issues, null, 2)}</tool_use_error>`, isError: true };
}

/** classic.PreToolUse: a `{ deny }` answer reaches the model as the bare reason (fact 25). */
export function classicPreToolUseDenyText(reason: string): ModelToolResult {
  return { content: reason, isError: true };
}
