import { jsonEqual } from "../../chain/jsonValue";
import type { Json, JsonObject } from "../../json";
import type { SettingsFeedback, SettingsRun } from "./settingsEvents";

/**
 * `classic.PostToolUse`, `classic.UserPromptSubmit` and `classic.Stop` in Claude Code mods
 * (2.1.330): what answers the engine takes from the classic chain and what the model then reads.
 * Observed with classic mods beside settings.json hooks (claudeCodeMods.classic.test.ts):
 *
 * - An answer is an object of `block` (a string), `additionalContext` (strings) and, on
 *   PostToolUse, `updatedToolOutput`; anything else (`{ decision: "block", reason }`,
 *   `{ block: 5 }`) is a wrong shape: the hook is skipped and the hooks beneath run in its place.
 * - When the chain hands the settings hooks' answer back unchanged (passed, copied, or a skipped
 *   mod), the engine feeds back each settings hook's block and context as it would without mods;
 *   an answer of the mods' own is fed back as one hook's, named `classic.<Event> hook`, its
 *   contexts joined by newlines.
 */

export type ClassicEvent = "PostToolUse" | "UserPromptSubmit" | "Stop";

const KEYS: Record<ClassicEvent, readonly string[]> = {
  PostToolUse: ["block", "additionalContext", "updatedToolOutput"],
  UserPromptSubmit: ["block", "additionalContext"],
  Stop: ["block", "additionalContext"],
};

/** Null when the engine takes a classic hook's answer on `event`, else why not (the hook is skipped). */
export function checkClassicAnswer(event: ClassicEvent): (answer: Json) => string | null {
  return (answer) => {
    if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return "not an object";
    const stray = Object.keys(answer).filter((k) => !KEYS[event].includes(k));
    if (stray.length > 0) return `${stray.map((k) => `"${k}"`).join(", ")} ${stray.length === 1 ? "is not a key" : "are not keys"} of a classic.${event} answer (${KEYS[event].join(", ")})`;
    if (answer.block !== undefined && typeof answer.block !== "string") return "block is not a string";
    const context = answer.additionalContext;
    if (context !== undefined && !(Array.isArray(context) && context.every((c) => typeof c === "string"))) return "additionalContext is not an array of strings";
    return null;
  };
}

/** A classic hook's answer as its card names it. */
export function describeClassicAnswer(answer: Json): string {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return JSON.stringify(answer);
  const parts = [typeof answer.block === "string" ? `block "${answer.block}"` : null, Array.isArray(answer.additionalContext) && answer.additionalContext.length > 0 ? "additionalContext" : null].filter((p) => p !== null);
  return parts.length > 0 ? parts.join(" + ") : "{}";
}

/** The chain's answer, read (an answer the engine took is an object of the known keys). */
interface ClassicAnswer {
  block: string | null;
  contexts: string[];
}

function read(answer: Json | null): ClassicAnswer {
  const value = typeof answer === "object" && answer !== null && !Array.isArray(answer) ? answer : {};
  const contexts = Array.isArray(value.additionalContext) ? value.additionalContext.filter((c): c is string => typeof c === "string") : [];
  return { block: typeof value.block === "string" ? value.block : null, contexts };
}

/**
 * Each block and context the engine feeds back for the chain's `answer`: the settings hooks' own
 * when the chain handed their answer back unchanged (`settings`: null when they never ran), else
 * the answer as one hook named `classic.<event> hook`.
 */
export function classicFeedback(event: ClassicEvent, answer: Json | null, settings: SettingsRun | null): SettingsFeedback[] {
  if (settings && jsonEqual(answer ?? {}, settings.answer)) return settings.feedback;
  const own = read(answer);
  const command = `classic.${event} hook`;
  return [
    ...(own.block !== null ? [{ kind: "block" as const, text: own.block, command, exit2: false }] : []),
    ...(own.contexts.length > 0 ? [{ kind: "context" as const, text: own.contexts.join("\n"), command, exit2: false }] : []),
  ];
}

/** PostToolUse: the text after the call's result (one system message in the engine), or null. */
export function postToolUseText(tool: string, feedback: readonly SettingsFeedback[]): string | null {
  const texts = feedback.map((e) => (e.kind === "context" ? `PostToolUse:${tool} hook additional context: ${e.text}` : `PostToolUse:${tool} hook blocking error from command: "${e.command}": ${e.text}`));
  return texts.length > 0 ? texts.join("\n\n") : null;
}

/**
 * UserPromptSubmit: the chain's block ends the turn before any model request; otherwise the
 * system prompt gets each settings hook's block (observed: a mod returning {} after a settings
 * block lets the prompt through, and the block's text still reaches the model) and the chain's contexts.
 */
export function userPromptSubmitOutcome(answer: Json | null, feedback: readonly SettingsFeedback[], prompt: string, settings: SettingsRun | null): { blocked: string } | { system: string | null } {
  const own = read(answer);
  if (own.block !== null) return { blocked: `UserPromptSubmit operation blocked by hook:\n${own.block}\n\nOriginal prompt: ${prompt}` };
  // An exit 2 is left out as on Stop (not tried here).
  const listed = (settings?.feedback ?? []).filter((e) => e.kind === "block" && !e.exit2).map((b) => `UserPromptSubmit hook blocking error from command: "${b.command}": ${b.text}`);
  const texts = [...listed, ...feedback.filter((e) => e.kind === "context").map((e) => `UserPromptSubmit hook additional context: ${e.text}`)];
  return { system: texts.length > 0 ? texts.join("\n\n") : null };
}

/**
 * Stop: the texts the model is sent back with (empty: the turn ends). `feedback` is the chain's;
 * `settings` the settings hooks' own: a settings block's "blocking error" text is sent whatever the
 * mods answered (observed: a mod returning {} after a settings block still gets the turn going on).
 */
export function stopTexts(feedback: readonly SettingsFeedback[], settings: SettingsRun | null): string[] {
  const blocks = feedback.filter((e) => e.kind === "block");
  const said = blocks.map((b, i) => `Stop hook feedback:\n${b.text}${i < blocks.length - 1 ? "\n" : ""}`);
  // An exit 2 is not listed (as without mods, the claude-code profile's stopFeedback).
  const listed = (settings?.feedback ?? []).filter((e) => e.kind === "block" && !e.exit2).map((b) => `Stop hook blocking error from command: "${b.command}": ${b.text}`);
  const contexts = feedback.filter((e) => e.kind === "context").map((e) => `Stop hook additional context: ${e.text}`);
  return [...said, ...(listed.length > 0 ? [listed.join("\n\n")] : []), ...(contexts.length > 0 ? [contexts.join("\n\n")] : [])];
}

/** The fields every classic event carries under `claude -p`; the engine's `agent_id`, `agent_type`, `scratchpad_dir` (and UserPromptSubmit's `session_title`) are undefined there, so absent from the JSON. */
export function classicEventBase(input: JsonObject, effort: boolean): JsonObject {
  const { hook_event_name, permission_mode, ...ids } = input;
  return { ...ids, prompt_id: "prompt-1", permission_mode: permission_mode ?? "default", ...(effort ? { effort: { level: "medium" } } : {}), hook_event_name: hook_event_name ?? "" };
}
