import type { Profile } from "../types";
import { fimOneEdges, fimOneNodes } from "./graph";
import { fimOneHostPayload } from "./hostPayload";
import { FIM_ONE_TYPES_MODULE, fimOnePoints } from "./points";
import { fimOnePythonAuthoring } from "./pythonTemplates";
import { fimOneSharedTypes } from "./sharedTypes";

export { FIM_ONE_EDGES } from "./graph";

/** FIM One's class hooks (seed 002, semantics.md §6): a priority-ordered registry folding HookResults. */
export const fimOneProfile: Profile = {
  id: "fim-one",
  name: "FIM One hooks",
  description:
    "FIM One's hook system: classes with name, priority (lower first), shouldTrigger(ctx) and execute(ctx) → HookResult (allow, error, modified_args, modified_result, side_effects) on SessionStart, PreToolUse and PostToolUse; the first allow:false blocks the call with its error as the observation, rewrites are carried to later hooks, and a gate hook can suspend a call until a person approves it.",
  source: "seed 002 (FIM One docs/architecture/hook-system.mdx); semantics.md §6 (fim-ai/fim-one 8bfe86d)",
  nodes: fimOneNodes,
  edges: fimOneEdges,
  points: fimOnePoints,
  sharedTypes: fimOneSharedTypes,
  typesModule: FIM_ONE_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "error", "max_model_calls", "max_tool_calls", "script_exhausted", "hook_error"],
  hostPayload: fimOneHostPayload,
  pythonAuthoring: fimOnePythonAuthoring,
  // Python hooks run FIM One's registry in Python (server/sandbox/python), so a point's hooks are all one language.
  runtimes: ["function", "python"],
  chainRuntimes: "per-point",
};
