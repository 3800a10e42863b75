import type { FieldIssue } from "../pipeline/parsePipeline";
import type { Pipeline, Scenario } from "../pipeline/schema";
import { runtimeKindOf } from "../pipeline/runtimeSchema";
import { matcherRulesOf, runtimesOf } from "../profiles/pointRules";
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
    const spec = profile.points.find((p) => p.id === hook.point);
    const problem = hook.enabled && hook.matcher !== null ? (matcherRulesOf(profile, spec)?.check?.(hook.matcher) ?? null) : null;
    if (problem) issues.push({ path: `hooks[${i}].matcher`, message: problem });
    const runtime = runtimeKindOf(hook);
    const takes = runtimesOf(profile, hook.point);
    if (!takes.includes(runtime)) issues.push({ path: `hooks[${i}].runtime`, message: `${profile.name} does not run ${runtime} hooks${spec?.runtimes ? ` on ${hook.point}` : ""} (it takes: ${takes.join(", ")})` });
  });
  if (profile.chainRuntimes === "per-point") issues.push(...mixedRuntimeIssues(pipeline));
  return issues;
}

/**
 * Points whose enabled hooks have more than one runtime, for a profile that runs each point's
 * chain in one runtime: one issue per hook not of the point's first runtime, naming the point and
 * the hooks of each runtime.
 */
function mixedRuntimeIssues(pipeline: Pipeline): FieldIssue[] {
  const byPoint = new Map<string, { index: number; name: string; runtime: string }[]>();
  pipeline.hooks.forEach((hook, index) => {
    if (!hook.enabled) return;
    byPoint.set(hook.point, [...(byPoint.get(hook.point) ?? []), { index, name: hook.name, runtime: runtimeKindOf(hook) }]);
  });
  const issues: FieldIssue[] = [];
  for (const [point, hooks] of byPoint) {
    const runtimes = [...new Set(hooks.map((h) => h.runtime))];
    if (runtimes.length < 2) continue;
    const list = runtimes.map((r) => `${r} (${hooks.filter((h) => h.runtime === r).map((h) => h.name).join(", ")})`).join(" and ");
    for (const hook of hooks.filter((h) => h.runtime !== runtimes[0])) {
      issues.push({
        path: `hooks[${hook.index}].runtime`,
        message: `${point} mixes hooks of ${list}: the host runs a point's hooks in one registry, so they must all have one runtime (another point may use the other)`,
      });
    }
  }
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
