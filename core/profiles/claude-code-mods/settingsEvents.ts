import type { Json, JsonObject } from "../../json";
import { claudeCodePoints } from "../claude-code/points";
import { jsonHookTemplate } from "../jsonHookTemplate";
import type { HookPointSpec } from "../types";
import { SETTINGS_MATCHER_RULES } from "./settingsPreToolUse";

/**
 * settings.json PostToolUse, UserPromptSubmit and Stop hooks beside mods (Claude Code 2.1.330):
 * commands or functions, folded exactly as the `claude-code` profile folds them
 * (core/chain/fold/claudeCode.ts), running inside the `classic.<Event>` mods' `next(e)`, on the
 * event the mods passed on. What the mods read from `next(e)` was observed with a classic mod
 * logging it (claudeCodeMods.classic.test.ts): `{ block: R }` for a block (the last one to
 * complete; an exit 2's `[<command>]: <stderr>`), `{ additionalContext: [..] }` in completion
 * order, PostToolUse's `{ updatedToolOutput }`, and `{}` for nothing.
 */

export type SettingsEvent = "PostToolUse" | "UserPromptSubmit" | "Stop";

function basePoint(id: SettingsEvent): HookPointSpec {
  const base = claudeCodePoints.find((p) => p.id === id);
  if (!base) throw new Error(`the claude-code profile has no ${id} point`);
  return base;
}

const SETTINGS: Record<SettingsEvent, { doc: string; chainDoc: string; body: string[] }> = {
  PostToolUse: {
    doc: "settings.json PostToolUse hooks (commands or functions), beneath the mods: they run inside classic.PostToolUse's next(e), on the event the mods passed on, and their folded answer is what that next(e) resolves to.",
    chainDoc:
      "Beside mods: these hooks run inside the classic.PostToolUse mods' next(e) and read the tool_response as the mods passed it on. The mods read the fold as { block: R, additionalContext: [..], updatedToolOutput } (keys present when set) or {}; when the mods' chain hands that answer back unchanged, the model reads each hook's block and context as the claude-code profile gives them; updatedToolOutput does not replace Bash's output (observed).",
    body: ['return { hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "Checked by a settings.json hook." } };'],
  },
  UserPromptSubmit: {
    doc: "settings.json UserPromptSubmit hooks (commands or functions), beneath the mods: they run inside classic.UserPromptSubmit's next(e), on the prompt the mods passed on.",
    chainDoc:
      "Beside mods: these hooks run inside the classic.UserPromptSubmit mods' next(e) and read the prompt as the mods passed it on (the model still gets the original prompt). The mods read the fold as { block: R } or { additionalContext: [..] }; a block that the chain answers ends the turn with no model request; a context joins the system prompt.",
    body: ['if (input.prompt.includes("password")) return { decision: "block", reason: "Prompts must not contain passwords." };'],
  },
  Stop: {
    doc: "settings.json Stop hooks (commands or functions), beneath the mods: they run inside classic.Stop's next(e), on the event the mods passed on.",
    chainDoc:
      "Beside mods: these hooks run inside the classic.Stop mods' next(e). The mods read the fold as { block: R } or { additionalContext: [..] }. A block's \"Stop hook blocking error from command: …\" text reaches the model and the turn goes on whatever the mods answer; the \"Stop hook feedback\" follows the mods' answer. Use stop_hook_active to block only once.",
    body: [
      "// Already sent back once: let Claude stop.",
      "if (input.stop_hook_active) return;",
      'const said = input.last_assistant_message ?? "";',
      'if (/\\bdone\\b/i.test(said) && !/\\btests?\\b/i.test(said)) return { decision: "block", reason: "Run the tests before you finish." };',
    ],
  },
};

/** The claude-code profile's point for `event`, as the mods profile shows it: typed from the mods' module, beneath the classic mods. */
export function settingsEventPoint(event: SettingsEvent, typesModule: string): HookPointSpec {
  const base = basePoint(event);
  const own = SETTINGS[event];
  const { template } = jsonHookTemplate({ typesModule, event, specific: true, body: own.body });
  return {
    ...base,
    doc: own.doc,
    chainDoc: `${base.chainDoc} ${own.chainDoc}`,
    ...(base.hasMatcher ? { matcherRules: SETTINGS_MATCHER_RULES } : {}),
    runtimes: ["function", "command"],
    template,
  };
}

function isObject(value: Json | undefined | null): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** One settings hook's block or context as the engine feeds it back (the fold's `feedback`). */
export interface SettingsFeedback {
  kind: "block" | "context";
  text: string;
  command: string;
  exit2: boolean;
}

/** The settings hooks' fold as the classic mods read it, with what the engine keeps of each hook. */
export interface SettingsRun {
  /** What the classic mods' `next(e)` resolved to. */
  answer: JsonObject;
  /** Each hook's block and context in completion order. */
  feedback: SettingsFeedback[];
  /** A hook's `continue: false` (with its stopReason): not tried beside mods; ends the run as in the claude-code profile. */
  halt: { stopReason: string | null } | null;
}

/** The settings hooks' folded outcome (`null`: none ran) read as the classic mods read it. */
export function settingsRunForMods(event: SettingsEvent, outcome: Json | null): SettingsRun {
  if (!isObject(outcome)) return { answer: {}, feedback: [], halt: null };
  const contexts = Array.isArray(outcome.additionalContexts) ? outcome.additionalContexts.filter((c): c is string => typeof c === "string") : [];
  const answer: JsonObject = {
    ...(outcome.decision === "block" && typeof outcome.reason === "string" ? { block: outcome.reason } : {}),
    ...(contexts.length > 0 ? { additionalContext: contexts } : {}),
    ...(event === "PostToolUse" && outcome.updatedToolOutput !== null && outcome.updatedToolOutput !== undefined ? { updatedToolOutput: outcome.updatedToolOutput } : {}),
  };
  const feedback = (Array.isArray(outcome.feedback) ? outcome.feedback : []).flatMap((e): SettingsFeedback[] => {
    if (!isObject(e) || (e.kind !== "block" && e.kind !== "context") || typeof e.text !== "string") return [];
    return [{ kind: e.kind, text: e.text, command: typeof e.command === "string" ? e.command : "", exit2: e.exit2 === true }];
  });
  const halt = outcome.continue === false ? { stopReason: typeof outcome.stopReason === "string" ? outcome.stopReason : null } : null;
  return { answer, feedback, halt };
}
