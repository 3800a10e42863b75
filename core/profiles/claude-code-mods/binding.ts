import type { ProfileBinding, StageBinding, ToolCallView } from "../../engine/binding";
import type { Json, JsonObject } from "../../json";
import { hookInputBase } from "../claude-code/binding";
import { classicPostToolUse, classicStop, classicUserPromptSubmit, noteToolRan } from "./bindingClassic";
import { classicDenyAsToolCallResult, classicPreToolUseOutcome } from "./classicPreToolUse";
import { MODS_EDGES } from "./graph";
import { SETTINGS_PRE_TOOL_USE, settingsAnswerForMods } from "./settingsPreToolUse";
import { engineToolCallResult, toolCallEvent, toolCallInput, toolCallModelResult } from "./toolCall";

/**
 * How the loop drives Claude Code mods (2.1.330), as core/profiles/claude-code-mods/dispatchToolCall.ts
 * nests them: the `tool.call` point's chain runs the tool itself beneath its innermost middleware
 * (the stage's `inner`): there the `classic.PreToolUse` point fires, inside its `next(e)` the
 * settings.json PreToolUse hooks (folded as the claude-code profile folds them), and unless the
 * chain denied, the loop's tool runs with the input it settled on. So `next(e)` resolves to the
 * tool's real output, runs the tool again when called twice, and never runs it when a mod answered above.
 * After the call, at the prompt and at the final answer the classic.PostToolUse,
 * classic.UserPromptSubmit and classic.Stop chains run, each with its settings.json hooks inside.
 */

type RunEnd = { exitReason: string; error: string | null };

/** What the classic and settings chains decided for one call, kept for the tool.call read-back. */
interface ClassicState {
  /** The classic.PreToolUse or settings hook whose answer denied the call (the tool never ran). */
  deniedBy: string | null;
  /** Context texts for the model, after the call's tool_result. */
  contexts: string[];
  /** A settings hook deferred the call: the run ends here. */
  end: RunEnd | null;
  /** A settings hook returned continue: false: the tool runs, then the run ends. */
  stopAfter: RunEnd | null;
}
const classicStates = new WeakMap<ToolCallView, ClassicState>();
const stateOf = (view: ToolCallView): ClassicState => {
  let state = classicStates.get(view);
  if (!state) classicStates.set(view, (state = { deniedBy: null, contexts: [], end: null, stopAfter: null }));
  return state;
};

type EventView = ToolCallView & { event: JsonObject };

function isObject(value: Json | undefined | null): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** settings.json PreToolUse hooks on the event the classic mods passed on (fact 11), read back in the mods' shape. */
interface SettingsRead {
  answer: JsonObject;
  deniedBy: string | null;
  end: RunEnd | null;
  stopAfter: RunEnd | null;
}

const settingsPreToolUse: StageBinding<EventView, SettingsRead> = {
  point: SETTINGS_PRE_TOOL_USE,
  edge: MODS_EDGES.settingsPreToolUse,
  context: (view) => ({ input: { ...hookInputBase(view, "PreToolUse"), tool_name: view.toolUse.name, tool_input: toolCallInput(view.event), tool_use_id: view.toolUse.id } }),
  readBack: (_context, view, chain) => {
    const r = isObject(chain.result) ? chain.result : null;
    const by = typeof r?.decidedBy === "string" ? r.decidedBy : null;
    const tool = view.toolUse.name;
    const end = r?.decision === "defer" ? { exitReason: "tool_deferred", error: `hook "${by ?? ""}" deferred this ${tool} call: the tool did not run and the run ended (stop_reason tool_deferred)` } : null;
    const stopAfter = !end && r?.continue === false ? { exitReason: "stopped_by_hook", error: `a PreToolUse hook returned continue: false${typeof r.stopReason === "string" ? `: ${r.stopReason}` : ""}` } : null;
    // A deferred call: the classic mods read {} (observed), whatever else the hooks said.
    return { value: { answer: end ? {} : settingsAnswerForMods(r, tool), deniedBy: r?.decision === "deny" || r?.decision === "ask" ? by : null, end, stopAfter } };
  },
};

const classicPreToolUse: StageBinding<EventView, { answer: Json; answeredBy: string | null }> = {
  point: "classic.PreToolUse",
  edge: MODS_EDGES.classicPreToolUse,
  context: (view) => view.event,
  readBack: (_context, _view, chain) => ({
    // The innermost hook that returned a deny started it (the ones above only passed it up).
    value: { answer: chain.result ?? {}, answeredBy: [...chain.calls].reverse().find((c) => isDeny(c.returned))?.hookId ?? null },
  }),
};

function isDeny(value: Json | undefined): boolean {
  return isObject(value) && typeof value.deny === "string";
}

export const claudeCodeModsBinding: ProfileBinding = {
  profileId: "claude-code-mods",
  toolHookTiming: "each",
  beforeToolCall: {
    point: "tool.call",
    edge: MODS_EDGES.toolCall,
    context: (view) => toolCallEvent(view.toolUse.name, view.toolUse.id, view.toolUse.input as JsonObject),
    async inner(event, view, ports) {
      // The engine's own link beneath the tool.call mods: the classic.PreToolUse chain, whose own
      // next(e) is the settings.json hooks' folded answer ({} when none is configured).
      const state = stateOf(view);
      let settingsDeniedBy: string | null = null;
      const classic = await ports.fire(classicPreToolUse, { ...view, event }, async (classicEvent) => {
        const settings = await ports.fire(settingsPreToolUse, { ...view, event: classicEvent });
        settingsDeniedBy = settings.value.deniedBy;
        state.end ??= settings.value.end;
        state.stopAfter ??= settings.value.stopAfter;
        return settings.value.answer;
      });
      // A deferred call gets no result at all: the tool.call mods read { ref, text: "" } (observed).
      if (state.end) return { ref: 1, text: "" };
      const outcome = classicPreToolUseOutcome(classic.value.answer, toolCallInput(event), view.toolUse.name);
      state.contexts.push(...outcome.additionalContext);
      if ("deny" in outcome) {
        state.deniedBy = classic.value.answeredBy ?? settingsDeniedBy;
        return classicDenyAsToolCallResult(outcome.deny);
      }
      const ran = await ports.runTool(outcome.run);
      return engineToolCallResult(ran.content, ran.isError);
    },
    readBack(_context, view, chain) {
      const state = stateOf(view);
      if (state.end) return { value: { claim: null, end: state.end } };
      const ran = (view.ranInside?.length ?? 0) > 0;
      noteToolRan(view.toolUse, view.ranInside?.at(-1));
      const model = toolCallModelResult(view.toolUse.name, chain.result ?? {}, ran);
      const answeredBy = chain.calls.find((c) => c.middleware?.outcome === "answered")?.hookId ?? state.deniedBy ?? null;
      // The settings hooks' context reaches the model after the call's result, a denial's too (fact 49, settings test).
      const additionalContext = state.contexts.length > 0 ? `PreToolUse:${view.toolUse.name} hook additional context: ${state.contexts.join("\n")}` : null;
      return { value: { claim: null, answered: { content: model.content, isError: model.isError, hookId: ran ? null : answeredBy }, additionalContext, stopAfter: state.stopAfter } };
    },
  },
  // classic.PostToolUse ⊃ settings PostToolUse, after a call that ran; classic.UserPromptSubmit and classic.Stop at their moments (bindingClassic.ts).
  afterToolResult: classicPostToolUse,
  at: {
    turnStart: [classicUserPromptSubmit],
    finalAnswer: [classicStop],
  },
};
