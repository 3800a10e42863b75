import type { LoopEffect, MomentStage, MomentView, StageBinding, ToolResultBlock, ToolResultView, ToolUseBlock } from "../../engine/binding";
import type { Json, JsonObject } from "../../json";
import type { ContentBlock } from "../../pipeline/schema";
import { hookInputBase, STOP_HOOK_BLOCK_CAP } from "../claude-code/binding";
import { classicEventBase, classicFeedback, postToolUseText, stopTexts, userPromptSubmitOutcome } from "./classicEvents";
import { MODS_EDGES } from "./graph";
import { settingsRunForMods, type SettingsEvent, type SettingsRun } from "./settingsEvents";
import { engineToolCallResult } from "./toolCall";

/**
 * The classic events after the tool, at the prompt and at the end of the turn, as the engine
 * (2.1.330) runs them: each `classic.<Event>` point is a middleware chain whose innermost `next(e)`
 * fires the settings.json `<Event>` point (the claude-code profile's hooks and fold) on the event
 * the mods passed on, and resolves to its fold in the mods' shape (settingsEvents.ts); what the
 * chain settles on is what the engine acts on (classicEvents.ts).
 */

type RunEnd = { exitReason: string; error: string | null };

/** The settings hooks' run inside one classic point's chain, by the view the point was fired with (null: never reached). */
const settingsRuns = new WeakMap<object, SettingsRun>();

/** The input each tool call ran with beneath the mods (a call a tool.call mod answered is absent: it fires no classic.PostToolUse). */
const ranInputs = new WeakMap<ToolUseBlock, JsonObject>();

/** Records that `toolUse` ran with `input` (the tool.call stage's read-back). */
export function noteToolRan(toolUse: ToolUseBlock, input: JsonObject | undefined): void {
  if (input) ranInputs.set(toolUse, input);
}

type WithEvent<V> = V & { event: JsonObject };

/** The settings.json point `event` inside a classic chain: its hooks read the event the mods passed on as their stdin JSON. */
function settingsStage<V extends object>(event: SettingsEvent, edge: string): StageBinding<WithEvent<V>, SettingsRun> {
  return {
    point: event,
    edge,
    context: (view) => ({ input: view.event }),
    readBack: (_context, _view, chain) => ({ value: settingsRunForMods(event, chain.result ?? null) }),
  };
}

/** The classic chain's innermost link: the settings hooks, kept for the read-back. */
function settingsLink<V extends object>(stage: StageBinding<WithEvent<V>, SettingsRun>): NonNullable<StageBinding<V, unknown>["innerLink"]> {
  return async (event, view, ports) => {
    const fired = await ports.fire(stage, { ...view, event });
    settingsRuns.set(view, fired.value);
    return fired.value.answer;
  };
}

function halted(run: SettingsRun | undefined, event: string): RunEnd | null {
  if (!run?.halt) return null;
  return { exitReason: "stopped_by_hook", error: `a ${event} hook returned continue: false${run.halt.stopReason ? `: ${run.halt.stopReason}` : ""}` };
}

function textOf(content: readonly ContentBlock[]): string {
  return content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n");
}

const settingsPostToolUse = settingsStage<ToolResultView>("PostToolUse", MODS_EDGES.settingsPostToolUse);

/** After a call that ran beneath the mods and did not fail (a failed call fires neither this nor the settings hooks, observed). */
export const classicPostToolUse: StageBinding<ToolResultView, { result: ToolResultBlock; additionalContext: string | null; stopAfter: RunEnd | null }> = {
  point: "classic.PostToolUse",
  edge: MODS_EDGES.classicPostToolUse,
  when: (v) => !v.result.is_error && ranInputs.has(v.toolUse),
  context: (v) => {
    const content = typeof v.result.content === "string" ? v.result.content : JSON.stringify(v.result.content);
    const response = engineToolCallResult(content, false).result as Json;
    return {
      ...classicEventBase(hookInputBase(v, "PostToolUse"), true),
      tool_name: v.toolUse.name,
      tool_input: ranInputs.get(v.toolUse) ?? (v.toolUse.input as JsonObject),
      tool_response: response,
      tool_use_id: v.toolUse.id,
      // The engine's wall-clock time of the call; Hookwright's tools take no time.
      duration_ms: 0,
    };
  },
  innerLink: settingsLink(settingsPostToolUse),
  readBack: (_context, v, chain) => {
    const run = settingsRuns.get(v);
    // The model still reads the tool's own output: updatedToolOutput does not replace Bash's (observed, from a mod and from a settings hook).
    const text = postToolUseText(v.toolUse.name, classicFeedback("PostToolUse", chain.result ?? null, run ?? null));
    return { value: { result: v.result, additionalContext: text, stopAfter: halted(run, "PostToolUse") } };
  },
};

const settingsUserPromptSubmit = settingsStage<MomentView>("UserPromptSubmit", MODS_EDGES.settingsUserPromptSubmit);

/** Before the first model request: a block ends the turn with none; contexts join the system prompt. */
export const classicUserPromptSubmit: MomentStage = {
  point: "classic.UserPromptSubmit",
  edge: MODS_EDGES.classicUserPromptSubmit,
  context: (v) => ({ ...classicEventBase(hookInputBase(v, "UserPromptSubmit"), false), prompt: v.scenario.prompt }),
  innerLink: settingsLink(settingsUserPromptSubmit),
  readBack: (_context, v, chain): { value: LoopEffect } => {
    const run = settingsRuns.get(v);
    const outcome = userPromptSubmitOutcome(chain.result ?? null, classicFeedback("UserPromptSubmit", chain.result ?? null, run ?? null), v.scenario.prompt, run ?? null);
    if ("blocked" in outcome) return { value: { end: { exitReason: "prompt_blocked", error: outcome.blocked, reply: [{ type: "text", text: outcome.blocked }] } } };
    const halt = halted(run, "UserPromptSubmit");
    if (halt) return { value: { end: halt } };
    // The engine puts the texts in its system prompt (before "Today's date is …"); Hookwright appends them to the run's.
    return { value: outcome.system === null ? {} : { system: v.system ? `${v.system}\n\n${outcome.system}` : outcome.system } };
  },
};

const settingsStop = settingsStage<MomentView>("Stop", MODS_EDGES.settingsStop);
const STOP_BLOCKS = "modsStopBlocks";

/** At a final answer: a block or context sends the texts back and the loop goes on, with stop_hook_active true next time. */
export const classicStop: MomentStage = {
  point: "classic.Stop",
  edge: MODS_EDGES.classicStop,
  context: (v) => ({
    ...classicEventBase(hookInputBase(v, "Stop"), true),
    stop_hook_active: typeof v.host[STOP_BLOCKS] === "number" && v.host[STOP_BLOCKS] > 0,
    last_assistant_message: textOf(v.content ?? []),
    background_tasks: [],
    session_crons: [],
  }),
  innerLink: settingsLink(settingsStop),
  readBack: (_context, v, chain): { value: LoopEffect } => {
    const run = settingsRuns.get(v);
    const halt = halted(run, "Stop");
    if (halt) return { value: { end: halt } };
    const texts = stopTexts(classicFeedback("Stop", chain.result ?? null, run ?? null), run ?? null);
    const blocks = typeof v.host[STOP_BLOCKS] === "number" ? v.host[STOP_BLOCKS] : 0;
    if (texts.length === 0) return { value: { host: { [STOP_BLOCKS]: 0 } } };
    if (blocks + 1 >= STOP_HOOK_BLOCK_CAP) {
      // The claude-code profile's cap; not tried beside mods.
      return { value: { end: { exitReason: "stop_hook_cap", error: `the Stop hooks sent the turn back ${STOP_HOOK_BLOCK_CAP} times in a row, so the host ended it (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP). Let it stop when e.stop_hook_active is true.` } } };
    }
    return { value: { continueWith: [...v.messages, { role: "user", content: texts.map((text) => ({ type: "text" as const, text })) }], host: { [STOP_BLOCKS]: blocks + 1 } } };
  },
};
