import type { HookRunnerFactory } from "../../core/engine/ports";
import { runScenario } from "../../core/engine/runScenario";
import { checkExpectations, type ExpectationReport } from "../../core/expectations";
import type { Pipeline, Scenario } from "../../core/pipeline/schema";
import type { TraceEvent } from "../../core/trace/events";
import { cliLiveModel } from "./liveModel";
import { sessionVerdictLines } from "./sessionLines";

/** One scenario of `hookwright test`: passed (the run completed and every expectation held), failed, or error (the run did not complete). */
export interface ScenarioOutcome {
  scenario: string;
  status: "passed" | "failed" | "error";
  /** null when the scenario has no expectations or the run did not complete. */
  report: ExpectationReport | null;
  exitReason: string | null;
  error: string | null;
  durationMs: number;
  /** For a scenario imported from a session: what the hooks now do with each recorded tool call (sessionLines.ts). */
  sessionLines?: string[];
}

/** Exit reasons that mean Hookwright itself could not run the turn (not something a hook or scenario did). */
const BROKEN_RUN = new Set(["internal_error", "host_error"]);

/** Runs one scenario and checks its expectations against the finished trace. */
export async function testScenario(pipeline: Pipeline, scenario: Scenario, createRunner: HookRunnerFactory): Promise<ScenarioOutcome> {
  const started = performance.now();
  const events: TraceEvent[] = [];
  let live: ReturnType<typeof cliLiveModel>;
  try {
    // A scenario that calls a real model calls it (providers from the environment), as `hookwright run` does.
    live = cliLiveModel(scenario);
    const result = await runScenario({ pipeline, scenario, createRunner, emit: (_, full) => void events.push(full), ...(live ? { model: live.model } : {}) });
    const durationMs = performance.now() - started;
    if (BROKEN_RUN.has(result.exitReason)) return { scenario: scenario.name, status: "error", report: null, exitReason: result.exitReason, error: result.error, durationMs };
    const expectations = scenario.expectations ?? [];
    const report = expectations.length > 0 ? checkExpectations({ events, expectations, pipeline }) : null;
    const sessionLines = sessionVerdictLines(scenario, events, "    ");
    return { scenario: scenario.name, status: report && report.failed > 0 ? "failed" : "passed", report, exitReason: result.exitReason, error: null, durationMs, ...(sessionLines.length > 0 ? { sessionLines } : {}) };
  } catch (error) {
    return { scenario: scenario.name, status: "error", report: null, exitReason: null, error: error instanceof Error ? error.message : String(error), durationMs: performance.now() - started };
  } finally {
    live?.dispose();
  }
}
