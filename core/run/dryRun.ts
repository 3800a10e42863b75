import { createScriptedModel } from "../engine/scriptedModel";
import { simulate } from "../engine/simulate";
import type { HookRunner } from "../engine/ports";
import type { JsonObject } from "../json";
import type { Pipeline, Scenario } from "../pipeline/schema";
import { getProfile } from "../profiles";
import { newHookRuntime } from "../profiles/newHookRuntime";
import type { EncodedTraceEvent, TraceEvent } from "../trace/events";
import { createStreamResolver } from "../trace/resolve";

/** What a scenario does when its hooks change nothing: the points it reaches and the context each first gets. */
export interface DryRun {
  /** Hook points reached, in the order they first fire. */
  reached: string[];
  /** The context of each reached point the first time it fires. */
  contexts: Record<string, JsonObject>;
}

/**
 * Runs `scenario` on the pipeline's profile loop with one do-nothing hook on every point and no
 * user code (tool handlers answer a placeholder): which points the scenario reaches and with what
 * context. Pure and fast; used to say which scenario reaches a hook's point, and to prefill a
 * point's context from the profile's default scenario.
 */
export async function dryRun(pipeline: Pipeline, scenario: Scenario): Promise<DryRun> {
  const profile = getProfile(pipeline.profile);
  if (!profile) return { reached: [], contexts: {} };
  const probe: Pipeline = {
    ...pipeline,
    hooks: profile.points.map((p) => {
      const runtime = newHookRuntime(profile);
      return { id: `dry-run:${p.id}`, point: p.id, name: `dry-run ${p.id}`, enabled: true, code: "", priority: null, matcher: null, ...(runtime ? { runtime } : {}) };
    }),
  };
  const runner: HookRunner = {
    // A middleware chain's host link (the tool, points inside it) runs as if every hook passed on.
    runChain: async (request) => ({ calls: [], context: request.context, ...(request.inner ? { result: await request.inner(request.context) } : {}) }),
    runTool: (tool) => Promise.resolve({ content: `(dry run: the handler of ${tool} did not run)`, isError: false, logs: [], failure: null }),
    dispose: () => undefined,
  };
  const reached: string[] = [];
  const contexts: Record<string, JsonObject> = {};
  const resolve = createStreamResolver();
  const collect = (event: TraceEvent) => {
    if (event.type !== "point.start" || event.point in contexts) return;
    reached.push(event.point);
    contexts[event.point] = event.context;
  };
  await simulate({
    pipeline: probe,
    scenario,
    profile,
    runner,
    model: createScriptedModel(scenario.model),
    // The engine writes v2 events (deltas); read them resolved.
    emit: (event: EncodedTraceEvent | TraceEvent) => collect(resolve(event as EncodedTraceEvent)),
  });
  return { reached, contexts };
}

/** The points each scenario of `pipeline` reaches when hooks change nothing, by scenario name. */
export async function dryRunReach(pipeline: Pipeline): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const s of pipeline.scenarios) out[s.name] = (await dryRun(pipeline, s)).reached;
  return out;
}
