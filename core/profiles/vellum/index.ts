import type { Profile } from "../types";
import { vellumEdges, vellumNodes } from "./graph";
import { vellumPoints } from "./points";
import { vellumRuntimeDeclarations } from "./pluginApi/declarations";
import { vellumSharedTypes, vellumTypeAliases } from "./sharedTypes";

export { VELLUM_EDGES } from "./graph";

/** Vellum assistant plugins (seed 000, with the real 0.10.5 host's behaviour of semantics.md §1). */
export const vellumProfile: Profile = {
  id: "vellum",
  name: "Vellum assistant plugins",
  description:
    "The Vellum Assistant's Agent Loop: eight hooks on the loop's transitions, chained in registration order, each on its own copy of the context, returning nothing or a partial to merge. post-model-call can re-query the model with decision 'continue'.",
  source: "seed 000 (Vellum hooks docs); semantics.md §1 (@vellumai/assistant 0.10.5)",
  nodes: vellumNodes,
  edges: vellumEdges,
  points: vellumPoints,
  sharedTypes: vellumSharedTypes + vellumTypeAliases + vellumRuntimeDeclarations,
  typesModule: "@vellumai/plugin-api",
  // The host's boot-time shim re-exports the plugin API's runtime values (V:src/plugins/ensure-plugin-api-shim.ts).
  hostModules: { "@vellumai/plugin-api": "vellum/plugin-api" },
  hookInference: true,
  exitReasons: ["no_tool_calls", "max_tokens_reached", "error", "max_model_calls", "max_tool_calls", "script_exhausted"],
};
