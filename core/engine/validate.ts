import type { FieldIssue } from "../pipeline/parsePipeline";
import type { Pipeline, Scenario } from "../pipeline/schema";
import { runtimeKindOf } from "../pipeline/runtimeSchema";
import type { Profile } from "../profiles/types";
import { SimulationError } from "./errors";

/** Problems that make a (schema-valid) pipeline unusable with its profile, by field path. */
export function checkPipelineAgainstProfile(pipeline: Pipeline, profile: Profile): FieldIssue[] {
  const known = profile.points.map((p) => p.id);
  const issues: FieldIssue[] = [];
  pipeline.hooks.forEach((hook, i) => {
    if (!known.includes(hook.point)) {
      issues.push({ path: `hooks[${i}].point`, message: `"${hook.point}" is not a hook point of the ${profile.name} profile (known: ${known.join(", ")})` });
    }
    // The host refuses (or never matches) a matcher it cannot read; a disabled hook is never registered.
    const problem = hook.enabled && hook.matcher !== null ? (profile.checkMatcher?.(hook.matcher) ?? null) : null;
    if (problem) issues.push({ path: `hooks[${i}].matcher`, message: problem });
    const runtime = runtimeKindOf(hook);
    const takes = profile.runtimes ?? ["function"];
    if (!takes.includes(runtime)) issues.push({ path: `hooks[${i}].runtime`, message: `${profile.name} does not run ${runtime} hooks (it takes: ${takes.join(", ")})` });
  });
  return issues;
}

/**
 * The scenario to run: the named one, or the first.
 * @throws {SimulationError} UNKNOWN_SCENARIO (naming the ones there are) or NO_SCENARIO.
 */
export function pickScenario(pipeline: Pipeline, name?: string): Scenario {
  const names = pipeline.scenarios.map((s) => s.name);
  if (name !== undefined) {
    const found = pipeline.scenarios.find((s) => s.name === name);
    if (!found) {
      throw new SimulationError("UNKNOWN_SCENARIO", `pipeline "${pipeline.name}" has no scenario "${name}" (it has: ${names.join(", ") || "none"})`);
    }
    return found;
  }
  const first = pipeline.scenarios[0];
  if (!first) throw new SimulationError("NO_SCENARIO", `pipeline "${pipeline.name}" has no scenarios: add one to "scenarios" to run it`);
  return first;
}
