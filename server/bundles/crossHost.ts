import type { HookRunnerFactory } from "~/core/engine/ports";
import { runScenario } from "~/core/engine/runScenario";
import type { Pipeline, Scenario } from "~/core/pipeline/schema";
import { getProfile } from "~/core/profiles";
import type { TraceEvent } from "~/core/trace/events";
import { compareRuns, summarizeRun, type RunComparison, type RunSummary } from "~/core/translate/compareRuns";
import { translationBetween } from "~/core/translate/registry";
import { translatePipeline } from "~/core/translate/translatePipeline";
import type { HostTranslation, TranslationResult } from "~/core/translate/types";

/** One scenario run on both hosts: how the outcomes compare, or why it was not run. */
export interface ScenarioCheck {
  scenario: string;
  comparison: RunComparison | null;
  /** Why there is no comparison (a real-model scenario, a run that failed). */
  skipped: string | null;
}

export interface CrossHostExport extends TranslationResult<Pipeline> {
  translation: HostTranslation;
}

/**
 * `pipeline` moved to the profile `targetProfile` by the table registered for the pair, or
 * undefined when there is none.
 */
export function translateForHost(pipeline: Pipeline, targetProfile: string): CrossHostExport | undefined {
  const t = translationBetween(pipeline.profile, targetProfile);
  const source = getProfile(pipeline.profile);
  const target = getProfile(targetProfile);
  if (!t || !source || !target) return undefined;
  return { ...translatePipeline(pipeline, t, source, target), translation: t };
}

/** Scenarios checked at most, so an export stays quick; the rest are named as not checked. */
export const MAX_CHECKED_SCENARIOS = 12;

/**
 * Checks an export to another host by behaviour: each scripted scenario runs through the source
 * pipeline on its profile and through the translation on the target's (hooks in their sandboxes),
 * and the runs are compared call by call: the same tool calls allowed, denied, rewritten, asked?
 */
export async function checkByBehaviour(original: Pipeline, moved: CrossHostExport, createRunner: HookRunnerFactory): Promise<ScenarioCheck[]> {
  const names = new Map(original.hooks.map((h) => [h.id, h.name]));
  const out: ScenarioCheck[] = [];
  for (const [i, scenario] of original.scenarios.entries()) {
    const translated = moved.pipeline.scenarios[i];
    if (!translated) continue;
    if (i >= MAX_CHECKED_SCENARIOS) {
      out.push({ scenario: scenario.name, comparison: null, skipped: `not checked: only the first ${MAX_CHECKED_SCENARIOS} scenarios are` });
      continue;
    }
    if (scenario.model.kind !== "scripted") {
      out.push({ scenario: scenario.name, comparison: null, skipped: "not checked: it calls a real model, whose replies would differ between the two runs" });
      continue;
    }
    try {
      const a = await runOnce(original, scenario, createRunner);
      const b = await runOnce(moved.pipeline, translated, createRunner);
      out.push({ scenario: scenario.name, comparison: compareRuns(a, b, moved.translation, names), skipped: null });
    } catch (error) {
      out.push({ scenario: scenario.name, comparison: null, skipped: `not checked: the run failed (${error instanceof Error ? error.message : String(error)})` });
    }
  }
  return out;
}

async function runOnce(pipeline: Pipeline, scenario: Scenario, createRunner: HookRunnerFactory): Promise<RunSummary> {
  const events: TraceEvent[] = [];
  await runScenario({ pipeline, scenario, createRunner, emit: (_, full) => void events.push(full) });
  return summarizeRun(events);
}
