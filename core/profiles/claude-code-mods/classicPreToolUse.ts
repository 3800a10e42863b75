import type { Json, JsonObject } from "../../json";
import { engineToolCallResult } from "./toolCall";

/**
 * `classic.PreToolUse` in Claude Code mods (2.1.330): its chain runs inside `tool.call`'s `next(e)`
 * (claudeCodeMods.engine.test.ts "classic.PreToolUse runs inside tool.call's next"), its event is the
 * tool envelope (fact 24), its own `next(e)` runs the settings.json PreToolUse hooks and resolves to
 * their folded answer (`{}` when there are none), and what the chain settles on decides the call.
 */

/** What the engine does with the call after the classic.PreToolUse chain answered `answer`. */
export type ClassicPreToolUseOutcome =
  /** The call does not run; the model reads the bare reason (fact 25), then any context. */
  | { deny: string; additionalContext: string[] }
  /** The call runs with this input (`updatedInput`, fact 26; otherwise the envelope's own input). */
  | { run: JsonObject; additionalContext: string[] };

/** Null when the engine takes the answer: an object (the settings hooks' folded answer, possibly extended). */
export function checkClassicPreToolUseAnswer(answer: Json): string | null {
  return typeof answer === "object" && answer !== null && !Array.isArray(answer) ? null : "not an object";
}

export function classicPreToolUseOutcome(answer: Json, input: JsonObject, tool: string): ClassicPreToolUseOutcome {
  const value = typeof answer === "object" && answer !== null && !Array.isArray(answer) ? answer : {};
  const context = Array.isArray(value.additionalContext) ? value.additionalContext.filter((c): c is string => typeof c === "string") : [];
  if (typeof value.deny === "string") return { deny: value.deny, additionalContext: context };
  // A settings hook's ask: claude -p has no one to ask and refuses the call with the reason, or the
  // engine's own sentence when the hook gave none (claudeCodeMods.settings.test.ts).
  if (typeof value.ask === "string") return { deny: value.ask || `Hook PreToolUse:${tool} asked for confirmation for this tool`, additionalContext: context };
  const updated = value.updatedInput;
  // Only a whole updatedInput replacing `command` was tried (fact 26); Bash ignores the description it drops.
  return { run: typeof updated === "object" && updated !== null && !Array.isArray(updated) ? updated : input, additionalContext: context };
}

/** What tool.call's `next(e)` resolves to when classic.PreToolUse denied beneath it (observed: an error result, no `deny` key). */
export function classicDenyAsToolCallResult(reason: string): JsonObject {
  return engineToolCallResult(reason, true);
}
