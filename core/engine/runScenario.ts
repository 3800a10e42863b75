import { getProfile, listProfiles } from "../profiles";
import type { Pipeline, Scenario } from "../pipeline/schema";
import type { TraceSink } from "../trace/recorder";
import { SimulationError } from "./errors";
import type { RunApprovalGate } from "./approvalStep";
import type { HookRunnerFactory, ModelProvider } from "./ports";
import { createScriptedModel } from "./scriptedModel";
import { simulate, type SimulationResult } from "./simulate";

/**
 * Runs `scenario` of `pipeline` end to end: resolves the profile, creates a hook runner with
 * the pipeline's sandbox limits (disposed afterwards, even on failure), and simulates the turn
 * with `model` (the scenario's scripted model by default).
 *
 * @throws {SimulationError} UNKNOWN_PROFILE for a profile Hookwright does not know, and the
 *   errors of {@link simulate}.
 */
export async function runScenario(options: {
  pipeline: Pipeline;
  scenario: Scenario;
  createRunner: HookRunnerFactory;
  model?: ModelProvider;
  /** As {@link simulate}: each event as written (v2, deltas) and in full. */
  emit: TraceSink;
  runId?: string;
  /** Who answers approval requests (default: nobody, as a non-interactive host run). */
  approvals?: RunApprovalGate;
}): Promise<SimulationResult> {
  const { pipeline, scenario } = options;
  const profile = getProfile(pipeline.profile);
  if (!profile) throw new SimulationError("UNKNOWN_PROFILE", `unknown profile "${pipeline.profile}" (known: ${listProfiles().map((p) => p.id).join(", ")})`);
  const runner = await options.createRunner({
    pipeline,
    clockStart: scenario.clockStart,
    seed: scenario.seed,
    limits: { timeoutMs: pipeline.limits.timeoutMs, memoryBytes: pipeline.limits.memoryMiB * 1024 * 1024 },
    ...(scenario.files ? { files: scenario.files } : {}),
    ...(scenario.http ? { http: scenario.http } : {}),
    ...(profile.hostModules ? { hostModules: profile.hostModules } : {}),
    ...(profile.commandProtocol ? { commandProtocol: profile.commandProtocol } : {}),
    ...(scenario.inference ? { inference: scenario.inference } : {}),
  });
  try {
    return await simulate({ pipeline, scenario, profile, runner, model: options.model ?? createScriptedModel(scenario.model), emit: options.emit, runId: options.runId, approvals: options.approvals });
  } finally {
    runner.dispose();
  }
}
