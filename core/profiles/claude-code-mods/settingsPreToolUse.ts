import { checkPattern } from "../../engine/matchPattern";
import type { Json, JsonObject } from "../../json";
import { claudeCodePoints } from "../claude-code/points";
import { jsonHookTemplate } from "../jsonHookTemplate";
import type { HookPointSpec } from "../types";

/**
 * settings.json PreToolUse hooks beside mods (Claude Code 2.1.330): commands or functions, folded
 * exactly as the `claude-code` profile folds them (core/chain/fold/claudeCode.ts), running inside
 * the `classic.PreToolUse` mods' `next(e)` (claude-code-mods.md fact 11). The mods' chain reads
 * their folded answer in the mods' own shape; what the engine handed the mods was observed with
 * a classic.PreToolUse mod logging `await next(e)` (claudeCodeMods.settings.test.ts):
 * a deny → `{deny: "PreToolUse:Bash hook error: R"}`, an ask → `{ask: R}`, an allow →
 * `{allow: true, updatedInput?}`, contexts → `{additionalContext: [..]}`, nothing else → `{}`.
 */

export const SETTINGS_PRE_TOOL_USE = "PreToolUse";

const claudePreToolUse = claudeCodePoints.find((p) => p.id === SETTINGS_PRE_TOOL_USE);
if (!claudePreToolUse) throw new Error("the claude-code profile has no PreToolUse point");

/** A settings.json hook's matcher beside mods: a tool pattern (one string), not a mod's filter object. */
export const SETTINGS_MATCHER_RULES: NonNullable<HookPointSpec["matcherRules"]> = {
  shape: "pattern",
  check: (matcher) => (Array.isArray(matcher) ? "a settings.json matcher is one string: a tool name, Edit|Write, a regex or *" : checkPattern(matcher)),
};

/** The settings point as the mods profile shows it: the claude-code point, typed from the mods' module, a tool pattern as its matcher. */
export function settingsPreToolUsePoint(typesModule: string): HookPointSpec {
  const base = claudePreToolUse as HookPointSpec;
  const { template } = jsonHookTemplate({
    typesModule,
    event: SETTINGS_PRE_TOOL_USE,
    specific: true,
    body: [
      'const command = (input.tool_input as { command?: string }).command ?? "";',
      'if (command.includes("rm -rf")) {',
      '  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "rm -rf is not allowed" } };',
      "}",
    ],
  });
  return {
    ...base,
    doc: "settings.json PreToolUse hooks (commands or functions), beneath the mods: they run inside classic.PreToolUse's next(e), on the input the mods passed on, and their folded answer is what that next(e) resolves to.",
    chainDoc: `${base.chainDoc} Beside mods (fact 11): these hooks run inside the classic.PreToolUse mods' next(e) and read the command as the mods rewrote it; a mod that answered above them means they never run (fact 14). The mods read the fold as { deny: "PreToolUse:<Tool> hook error: R" }, { ask: R } (claude -p refuses it with the bare R), { allow: true, updatedInput }, { additionalContext: [..] } or {}.`,
    matcherRules: SETTINGS_MATCHER_RULES,
    runtimes: ["function", "command"],
    template,
  };
}

function str(value: Json | undefined): string | null {
  return typeof value === "string" ? value : null;
}

/**
 * What the classic.PreToolUse mods' `next(e)` resolves to for the settings hooks' folded outcome
 * (`null`: no settings hook ran).
 */
export function settingsAnswerForMods(outcome: JsonObject | null, tool: string): JsonObject {
  if (!outcome) return {};
  const contexts = Array.isArray(outcome.additionalContexts) ? outcome.additionalContexts.filter((c): c is string => typeof c === "string") : [];
  const context: JsonObject = contexts.length > 0 ? { additionalContext: contexts } : {};
  if (outcome.decision === "deny") return { deny: `PreToolUse:${tool} hook error: ${str(outcome.reason) ?? "Blocked by hook"}`, ...context };
  // Without a reason the mods read an empty one; the engine puts its own sentence only in the refusal (classicPreToolUse.ts).
  if (outcome.decision === "ask") return { ask: str(outcome.reason) ?? "", ...context };
  const updated = outcome.updatedInput;
  const input: JsonObject = typeof updated === "object" && updated !== null && !Array.isArray(updated) ? { updatedInput: updated } : {};
  if (outcome.decision === "allow") return { allow: true, ...input, ...context };
  return { ...input, ...context };
}
