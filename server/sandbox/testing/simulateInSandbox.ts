import type { RunApprovalGate } from "../../../core/engine/approvalStep";
import { createScriptedModel } from "../../../core/engine/scriptedModel";
import { simulate, type SimulationResult } from "../../../core/engine/simulate";
import { parsePipeline } from "../../../core/pipeline/parsePipeline";
import type { Pipeline, Scenario } from "../../../core/pipeline/schema";
import type { Profile } from "../../../core/profiles/types";
import type { EncodedTraceEvent, TraceEvent } from "../../../core/trace/events";
import { createStreamResolver } from "../../../core/trace/resolve";
import { openSandboxRunner, type SandboxRunner } from "../runner";

/**
 * Test helpers for running a pipeline document end to end: parsed as the app parses it, its
 * hooks run in the QuickJS sandbox by the real engine, the trace read back as a client reads it.
 */

/** Parses a pipeline document and returns it with its first scenario; throws with the issues when it does not parse. */
export function parseWithFirstScenario(document: unknown): { pipeline: Pipeline; scenario: Scenario } {
  const parsed = parsePipeline(document);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const pipeline = parsed.value;
  const scenario = pipeline.scenarios[0];
  if (!scenario) throw new Error("no scenario");
  return { pipeline, scenario };
}

export interface CollectedTrace {
  events: TraceEvent[];
  /** The sink to pass as `emit`: each event as written, through JSON (as stored or sent), resolved as a client resolves it. */
  emit(written: unknown): void;
  /** The events of one type, in order. */
  of<T extends TraceEvent["type"]>(type: T): Extract<TraceEvent, { type: T }>[];
}

export function collectTrace(): CollectedTrace {
  const events: TraceEvent[] = [];
  const resolve = createStreamResolver();
  return {
    events,
    emit: (written) => void events.push(resolve(JSON.parse(JSON.stringify(written)) as EncodedTraceEvent)),
    of: <T extends TraceEvent["type"]>(type: T) => events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type),
  };
}

export interface SandboxSimulator {
  /** Simulates `scenario` of `pipeline` on `profile` with its scripted model, in a sandbox runner of its own. */
  simulate(options: { pipeline: Pipeline; scenario: Scenario; profile: Profile; emit: CollectedTrace["emit"]; approvals?: RunApprovalGate | undefined }): Promise<SimulationResult>;
  /** Disposes every runner opened; call it in `afterAll`. */
  dispose(): void;
}

export function createSandboxSimulator(): SandboxSimulator {
  const runners: SandboxRunner[] = [];
  return {
    async simulate({ pipeline, scenario, profile, emit, approvals }) {
      const runner = await openSandboxRunner({ pipeline, clockStart: scenario.clockStart, seed: scenario.seed, limits: { timeoutMs: 1000, memoryBytes: 64 * 1024 * 1024 } });
      runners.push(runner);
      return simulate({ pipeline, scenario, profile, runner, model: createScriptedModel(scenario.model), emit, ...(approvals ? { approvals } : {}) });
    },
    dispose() {
      for (const runner of runners.splice(0)) runner.dispose();
    },
  };
}
