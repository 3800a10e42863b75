import { pipelineSchema, type Pipeline } from "../pipeline/schema";
import { claudeCodeDefaultScenario } from "./claude-code/defaultScenario";
import { codexDefaultScenario } from "./codex/defaultScenario";
import { modsDefaultScenario } from "./claude-code-mods/defaultScenario";
import { deputyDefaultScenario } from "./deputy/defaultScenario";
import { fimOneDefaultScenario } from "./fim-one/defaultScenario";
import { openclawDefaultScenario } from "./openclaw/defaultScenario";
import { registryDefaultScenario } from "./registry/defaultScenario";
import type { ScenarioInput } from "./scenarioTypes";
import { vellumDefaultScenario } from "./vellum/defaultScenario";

export type { ScenarioInput };

/**
 * Each profile's default scenario (data in core/profiles/<id>/defaultScenario.ts): a new pipeline
 * starts with it, and it crosses every hook point of the profile's loop (core/profiles/scenarios.test.ts).
 */
const defaults: Readonly<Record<string, ScenarioInput>> = {
  vellum: vellumDefaultScenario,
  registry: registryDefaultScenario,
  openclaw: openclawDefaultScenario,
  "claude-code": claudeCodeDefaultScenario,
  "fim-one": fimOneDefaultScenario,
  deputy: deputyDefaultScenario,
  codex: codexDefaultScenario,
  "claude-code-mods": modsDefaultScenario,
};

/** The default scenario of profile `id` (a fresh copy), or undefined for a profile without one. */
export function getDefaultScenario(id: string): ScenarioInput | undefined {
  const found = Object.prototype.hasOwnProperty.call(defaults, id) ? defaults[id] : undefined;
  return found ? structuredClone(found) : undefined;
}

/**
 * `pipeline` with its profile's default scenario added when it has none, so a new or imported
 * pipeline runs at once; returned as it is when it has scenarios or its profile has no default.
 */
export function withDefaultScenario(pipeline: Pipeline): Pipeline {
  if (pipeline.scenarios.length > 0) return pipeline;
  const scenario = getDefaultScenario(pipeline.profile);
  return scenario ? pipelineSchema.parse({ ...pipeline, scenarios: [scenario] }) : pipeline;
}
