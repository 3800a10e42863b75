import type { Profile } from "../types";
import { registryEdges, registryNodes } from "./graph";
import { REGISTRY_TYPES_MODULE, registryPoints } from "./points";
import { registrySharedTypes } from "./sharedTypes";

export { REGISTRY_EDGES } from "./graph";

/** The TypeScript agent hook registry of seed 001: void, modifying and claiming hooks. */
export const registryProfile: Profile = {
  id: "registry",
  name: "Hook registry (void / modifying / claiming)",
  description:
    "A TypeScript agent's hook registry with three execution models: void hooks run in parallel and fail open, modifying hooks merge returned partials (first non-null value per key wins), claiming hooks stop at the first { handled: true }. A blocked tool call still gets an error tool_result.",
  source: "seed 001 (hook registry docs)",
  nodes: registryNodes,
  edges: registryEdges,
  points: registryPoints,
  sharedTypes: registrySharedTypes,
  typesModule: REGISTRY_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "max_tokens_reached", "error", "max_model_calls", "max_tool_calls", "script_exhausted", "hook_error"],
};
