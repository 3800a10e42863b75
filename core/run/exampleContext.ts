import type { JsonObject } from "../json";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline } from "../pipeline/schema";
import { getDefaultScenario } from "../profiles/scenarios";
import { dryRun } from "./dryRun";

/**
 * An example context for `point` of the pipeline's profile: the context the point gets the first
 * time the profile's default scenario (profile data) reaches it, hooks changing nothing. Null for a
 * point the default scenario does not reach or a profile without one.
 */
export async function exampleContext(pipeline: Pipeline, point: string): Promise<JsonObject | null> {
  const input = getDefaultScenario(pipeline.profile);
  if (!input) return null;
  const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: pipeline.name, profile: pipeline.profile, scenarios: [input] });
  const scenario = parsed.ok ? parsed.value.scenarios[0] : undefined;
  if (!scenario) return null;
  const { contexts } = await dryRun(pipeline, scenario);
  return contexts[point] ?? null;
}
