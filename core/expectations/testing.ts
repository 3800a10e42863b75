import { createScriptedModel } from "../engine/scriptedModel";
import { simulate } from "../engine/simulate";
import { evalPipelineHooks } from "../engine/testing/evalHooks";
import { createInProcessRunner } from "../engine/testing/inProcessRunner";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "../pipeline/schema";
import { getProfile } from "../profiles";
import type { EncodedTraceEvent, TraceEvent } from "../trace/events";
import { createStreamResolver } from "../trace/resolve";

/** Test-only: runs a scenario of a pipeline through the real loop with its TypeScript hooks evaluated in-process. */
export async function runPipelineInProcess(input: PipelineInput, scenarioName?: string): Promise<{ pipeline: Pipeline; events: TraceEvent[] }> {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const pipeline = parsed.value;
  const scenario = scenarioName === undefined ? pipeline.scenarios[0] : pipeline.scenarios.find((s) => s.name === scenarioName);
  const profile = getProfile(pipeline.profile);
  if (!scenario || !profile) throw new Error("no such scenario or profile");
  const quiet = () => undefined;
  const runner = createInProcessRunner({ hooks: evalPipelineHooks(pipeline, { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet }) });
  const events: TraceEvent[] = [];
  // The engine may write v2 deltas; expectations read resolved events.
  const resolve = createStreamResolver();
  const emit = (e: EncodedTraceEvent | TraceEvent) => void events.push(resolve(JSON.parse(JSON.stringify(e)) as EncodedTraceEvent));
  await simulate({ pipeline, scenario, profile, runner, model: createScriptedModel(scenario.model), emit });
  return { pipeline, events };
}
