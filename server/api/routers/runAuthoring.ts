import { TRPCError } from "@trpc/server";
import { z } from "zod";
import type { JsonObject } from "~/core/json";
import { dryRunReach } from "~/core/run/dryRun";
import { recordedContextsFor } from "~/core/sessions/recordingFixtures";
import { exampleContext } from "~/core/run/exampleContext";
import { explainHooks, type OtherRun } from "~/core/run/hookNotes";
import { scenarioFromTrace, uniqueScenarioName } from "~/core/run/scenarioFromTrace";
import type { RunStore } from "~/db/store";
import { getRunService, RunError } from "~/server/runs";
import { latestPointContext } from "~/server/runs/latestPointContext";
import { publicProcedure } from "../trpc";

/*
 * Runs procedures for authoring (issue 9): run one point alone, prefill its context, save a run
 * as a scenario, and say why hooks did not fire. Spread into the runs router.
 */

const runId = z.string().min(1, "a run id is required").max(200, "a run id has at most 200 characters");
const pipelineId = z.string().min(1, "a pipeline id is required").max(200, "a pipeline id has at most 200 characters");
const point = z.string().min(1, "name the hook point").max(200, "a hook point name has at most 200 characters");
const contextObject = z.record(z.string(), z.json(), { error: "the context is a JSON object, as the point's point.start carries it" });

async function requireRun(runs: RunStore, id: string) {
  const run = await runs.get(id);
  if (!run) throw new RunError("RUN_NOT_FOUND", `run ${id} does not exist`);
  return run;
}

export const runAuthoringProcedures = {
  /** Runs only one point's chain on a context; recorded like any run (the run panel streams it). */
  startPoint: publicProcedure
    .input(
      z.object({
        pipelineId,
        revision: z.number().int().positive().optional(),
        point,
        context: contextObject,
        eventDelayMs: z.number().int().min(0).max(2000).optional(),
        runId: z.uuid("a run id is a UUID").optional(),
      }),
    )
    .mutation(({ ctx, input }) => getRunService(ctx.store).startPoint({ ...input, context: input.context as JsonObject })),

  /** "Test all": starts a run of every scenario of one revision (the head by default); each run's expectations land on runs.get / runs.list. */
  startAll: publicProcedure
    .input(z.object({ pipelineId, revision: z.number().int().positive().optional(), eventDelayMs: z.number().int().min(0).max(2000).optional() }))
    .mutation(async ({ ctx, input }) => {
      const at = input.revision === undefined ? await ctx.store.pipelines.get(input.pipelineId) : await ctx.store.pipelines.getRevision({ id: input.pipelineId, revision: input.revision });
      if (at.document.scenarios.length === 0) throw new TRPCError({ code: "BAD_REQUEST", message: `pipeline "${at.document.name}" has no scenarios to run` });
      const service = getRunService(ctx.store);
      const runs: { scenario: string; runId: string }[] = [];
      // One after another, in the scenarios' order, as the list shows them.
      for (const s of at.document.scenarios) {
        const { runId } = await service.start({ pipelineId: input.pipelineId, revision: at.revision, scenario: { name: s.name }, eventDelayMs: input.eventDelayMs });
        runs.push({ scenario: s.name, runId });
      }
      return { revision: at.revision, runs };
    }),

  /**
   * What "Run this point" prefills: the latest recorded context at that point, else the profile's
   * example; and the host's own inputs at that point that scenarios imported from a recording carry.
   */
  pointContext: publicProcedure.input(z.object({ pipelineId, point })).query(async ({ ctx, input }) => {
    const head = await ctx.store.pipelines.get(input.pipelineId);
    const fromRecordings = recordedContextsFor(head.document.scenarios, input.point);
    const recorded = await latestPointContext(ctx.store.runs, input.pipelineId, input.point);
    if (recorded) return { context: recorded.context, source: "run" as const, runId: recorded.runId, fromRecordings };
    const example = await exampleContext(head.document, input.point);
    const first = fromRecordings[0];
    if (!example && first) return { context: first.context, source: "recording" as const, runId: null, fromRecordings };
    if (!example) throw new TRPCError({ code: "BAD_REQUEST", message: `"${input.point}" is not a hook point of profile ${head.document.profile}, or its default scenario never reaches it` });
    return { context: example, source: "example" as const, runId: null, fromRecordings };
  }),

  /** A recorded run as a scripted scenario (model replies and tool results recorded), named so it fits the pipeline's head. The UI adds it and saves. */
  toScenario: publicProcedure.input(z.object({ runId, name: z.string().trim().min(1).max(200).optional() })).query(async ({ ctx, input }) => {
    const run = await requireRun(ctx.store.runs, input.runId);
    if (run.point !== null) throw new TRPCError({ code: "BAD_REQUEST", message: "a run of one point alone has no turn to save as a scenario" });
    const head = await ctx.store.pipelines.get(run.pipelineId);
    const name = uniqueScenarioName(input.name ?? `${run.scenarioName} (recorded)`, head.document.scenarios.map((s) => s.name));
    return scenarioFromTrace({ events: await ctx.store.runs.readAllEvents(run.id), scenario: run.scenario, name, description: `Recorded from a run of "${run.scenarioName}".` });
  }),

  /** For each hook of the run's revision: whether it ran, why not (with the scenarios that reach its point), and the writes the host ignored. */
  hookNotes: publicProcedure.input(z.object({ runId })).query(async ({ ctx, input }) => {
    const run = await requireRun(ctx.store.runs, input.runId);
    const { document } = await ctx.store.pipelines.getRevision({ id: run.pipelineId, revision: run.revision });
    const events = await ctx.store.runs.readAllEvents(run.id);
    // A point run says nothing about hooks on other points: only that point's hooks get notes.
    if (run.point !== null) return explainHooks({ pipeline: document, events, scenarioName: run.scenarioName }).filter((n) => n.point === run.point);
    const otherRuns: OtherRun[] = [];
    const seen = new Set([run.scenarioName]);
    for (const other of await ctx.store.runs.list(run.pipelineId, 50)) {
      if (seen.has(other.scenarioName) || other.point !== null || other.revision !== run.revision) continue;
      seen.add(other.scenarioName);
      otherRuns.push({ scenario: other.scenarioName, events: await ctx.store.runs.readAllEvents(other.id) });
    }
    return explainHooks({ pipeline: document, events, scenarioName: run.scenarioName, otherRuns, reach: await dryRunReach(document) });
  }),
};
