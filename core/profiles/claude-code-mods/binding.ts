import type { ProfileBinding, StageBinding, ToolCallView } from "../../engine/binding";
import type { Json, JsonObject } from "../../json";
import { classicDenyAsToolCallResult, classicPreToolUseOutcome } from "./classicPreToolUse";
import { MODS_EDGES } from "./graph";
import { engineToolCallResult, toolCallEvent, toolCallInput, toolCallModelResult } from "./toolCall";

/**
 * How the loop drives Claude Code mods (2.1.330), as core/profiles/claude-code-mods/dispatchToolCall.ts
 * nests them: the `tool.call` point's chain runs the tool itself beneath its innermost middleware
 * (the stage's `inner`): there the `classic.PreToolUse` point fires, and unless it denied, the
 * loop's tool runs with the input it settled on. So `next(e)` resolves to the tool's real output,
 * runs the tool again when called twice, and never runs it when a mod answered above.
 */

/** What the classic.PreToolUse chain decided for one call, kept for the tool.call read-back. */
interface ClassicState {
  /** The classic.PreToolUse hook whose answer denied the call (the tool never ran). */
  deniedBy: string | null;
}
const classicStates = new WeakMap<ToolCallView, ClassicState>();

type ClassicView = ToolCallView & { event: JsonObject };

const classicPreToolUse: StageBinding<ClassicView, { answer: Json; answeredBy: string | null }> = {
  point: "classic.PreToolUse",
  edge: MODS_EDGES.classicPreToolUse,
  context: (view) => view.event,
  readBack: (_context, _view, chain) => ({
    // The innermost hook that returned a deny started it (the ones above only passed it up).
    value: { answer: chain.result ?? {}, answeredBy: [...chain.calls].reverse().find((c) => isDeny(c.returned))?.hookId ?? null },
  }),
};

function isDeny(value: Json | undefined): boolean {
  return typeof value === "object" && value !== null && !Array.isArray(value) && typeof value.deny === "string";
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
      // next(e) is the settings.json hooks' folded answer ({} here: this profile holds none).
      const classic = await ports.fire(classicPreToolUse, { ...view, event }, async () => ({}));
      const outcome = classicPreToolUseOutcome(classic.value.answer, toolCallInput(event));
      if ("deny" in outcome) {
        classicStates.set(view, { deniedBy: classic.value.answeredBy });
        return classicDenyAsToolCallResult(outcome.deny);
      }
      const ran = await ports.runTool(outcome.run);
      return engineToolCallResult(ran.content, ran.isError);
    },
    readBack(_context, view, chain) {
      const ran = (view.ranInside?.length ?? 0) > 0;
      const model = toolCallModelResult(view.toolUse.name, chain.result ?? {}, ran);
      const answeredBy = chain.calls.find((c) => c.middleware?.outcome === "answered")?.hookId ?? classicStates.get(view)?.deniedBy ?? null;
      return { value: { claim: null, answered: { content: model.content, isError: model.isError, hookId: ran ? null : answeredBy } } };
    },
  },
};
