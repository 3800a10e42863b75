import { tracked } from "@trpc/server";
import { z } from "zod";
import { scenarioSchema } from "~/core/pipeline/schema";
import { firstDivergence } from "~/core/run/divergence";
import type { RunStore } from "~/db/store";
import { getRunBus, getRunService, RunError, streamRunEvents } from "~/server/runs";
import { publicProcedure, router } from "../trpc";
import { runAuthoringProcedures } from "./runAuthoring";

const runId = z.string().min(1, "a run id is required").max(200, "a run id has at most 200 characters");
const pipelineId = z.string().min(1, "a pipeline id is required").max(200, "a pipeline id has at most 200 characters");

/** The run, or RUN_NOT_FOUND: every procedure about one run says so the same way. */
async function requireRun(runs: RunStore, id: string) {
  const run = await runs.get(id);
  if (!run) throw new RunError("RUN_NOT_FOUND", `run ${id} does not exist`);
  return run;
}
/** Test/demo pacing only (see StartRunOptions.eventDelayMs). */
const eventDelayMs = z.number().int().min(0).max(2000).optional();

const startInput = z.object({
  pipelineId,
  revision: z.number().int().positive().optional(),
  scenarioName: z.string().min(1).optional(),
  /** An edited scenario from the run panel; wins over scenarioName. */
  scenario: scenarioSchema.optional(),
  eventDelayMs,
  /** Chosen by the client so it can subscribe to the run while starting it. */
  runId: z.uuid("a run id is a UUID").optional(),
});

export const runsRouter = router({
  ...runAuthoringProcedures,

  start: publicProcedure.input(startInput).mutation(({ ctx, input }) =>
    getRunService(ctx.store).start({
      pipelineId: input.pipelineId,
      revision: input.revision,
      scenario: input.scenario ? { inline: input.scenario } : { name: input.scenarioName ?? "default" },
      eventDelayMs: input.eventDelayMs,
      runId: input.runId,
    }),
  ),

  rerun: publicProcedure
    .input(z.object({ runId, eventDelayMs, newRunId: z.uuid("a run id is a UUID").optional(), answerApprovalsAgain: z.boolean().optional(), live: z.boolean().optional() }))
    .mutation(({ ctx, input }) => getRunService(ctx.store).rerun(input)),

  /** Cancels a run in progress (a real model's call in flight is aborted); CONFLICT when it is not running. */
  cancel: publicProcedure.input(z.object({ runId })).mutation(async ({ ctx, input }) => {
    await getRunService(ctx.store).cancel(input.runId);
    return { ok: true };
  }),

  list: publicProcedure
    .input(z.object({ pipelineId, limit: z.number().int().min(1).max(500).default(50) }))
    .query(async ({ ctx, input }) => {
      const rows = await ctx.store.runs.list(input.pipelineId, input.limit);
      // No runs may mean no such pipeline: that is NOT_FOUND, not an empty list.
      if (rows.length === 0) await ctx.store.pipelines.get(input.pipelineId);
      const modelCalls = await ctx.store.runs.countModelCalls(rows.map((r) => r.id));
      return rows.map(({ scenario: _scenario, expectations: _expectations, ...row }) => ({ ...row, modelCalls: modelCalls.get(row.id) ?? 0 }));
    }),

  /** The run and the pipeline revision it ran (so a replay shows the code as it was). */
  get: publicProcedure.input(z.object({ runId })).query(async ({ ctx, input }) => {
    const run = await requireRun(ctx.store.runs, input.runId);
    return { run, pipeline: await ctx.store.pipelines.getRevision({ id: run.pipelineId, revision: run.revision }) };
  }),

  outline: publicProcedure.input(z.object({ runId })).query(async ({ ctx, input }) => {
    await requireRun(ctx.store.runs, input.runId);
    return ctx.store.runs.readOutline(input.runId);
  }),

  /** A page of events with seq > afterSeq, as stored (trace v2: the client resolves deltas). */
  events: publicProcedure
    .input(z.object({ runId, afterSeq: z.number().int().min(0), limit: z.number().int().min(1).max(1000).default(200) }))
    .query(async ({ ctx, input }) => {
      await requireRun(ctx.store.runs, input.runId);
      return ctx.store.runs.readEvents(input.runId, input);
    }),

  compare: publicProcedure.input(z.object({ a: runId, b: runId })).query(async ({ ctx, input }) => {
    for (const id of [input.a, input.b]) await requireRun(ctx.store.runs, id);
    return { divergence: firstDivergence(await ctx.store.runs.readAllStoredEvents(input.a), await ctx.store.runs.readAllStoredEvents(input.b)) };
  }),

  /**
   * Live and recorded events; a reconnecting client passes lastEventId (sent by httpSubscriptionLink) and resumes after it.
   * An unknown run is NOT_FOUND at once, unless `awaitStart` says the client is starting that run itself (then the stream waits for it briefly).
   */
  onEvent: publicProcedure
    .input(z.object({ runId, lastEventId: z.string().nullish(), awaitStart: z.boolean().optional() }))
    .use(async ({ ctx, input, next }) => {
      if (!input.awaitStart) await requireRun(ctx.store.runs, input.runId);
      return next();
    })
    .subscription(async function* ({ ctx, input, signal }) {
      const afterSeq = input.lastEventId ? Number(input.lastEventId) : 0;
      for await (const event of streamRunEvents({ runs: ctx.store.runs, bus: getRunBus(ctx.store), runId: input.runId, afterSeq: Number.isFinite(afterSeq) ? afterSeq : 0, signal })) {
        yield tracked(String(event.seq), event);
      }
    }),
});
