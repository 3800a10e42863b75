import { tracked } from "@trpc/server";
import { z } from "zod";
import { scenarioSchema } from "~/core/pipeline/schema";
import { firstDivergence } from "~/core/run/divergence";
import { getPipeline, getRevision } from "~/db/pipelineStore";
import { getRunBus, getRunService, RunError, streamRunEvents } from "~/server/runs";
import { countModelCalls, getRunRow, listRunRows, readAllStoredEvents, readEvents, readOutline } from "~/server/runs/runStore";
import { publicProcedure, router } from "../trpc";
import { runAuthoringProcedures } from "./runAuthoring";

const runId = z.string().min(1, "a run id is required").max(200, "a run id has at most 200 characters");
const pipelineId = z.string().min(1, "a pipeline id is required").max(200, "a pipeline id has at most 200 characters");

/** The run, or RUN_NOT_FOUND: every procedure about one run says so the same way. */
function requireRun(db: Parameters<typeof getRunRow>[0], id: string) {
  const run = getRunRow(db, id);
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
    getRunService(ctx.db).start({
      pipelineId: input.pipelineId,
      revision: input.revision,
      scenario: input.scenario ? { inline: input.scenario } : { name: input.scenarioName ?? "default" },
      eventDelayMs: input.eventDelayMs,
      runId: input.runId,
    }),
  ),

  rerun: publicProcedure
    .input(z.object({ runId, eventDelayMs, newRunId: z.uuid("a run id is a UUID").optional(), answerApprovalsAgain: z.boolean().optional(), live: z.boolean().optional() }))
    .mutation(({ ctx, input }) => getRunService(ctx.db).rerun(input)),

  /** Cancels a run in progress (a real model's call in flight is aborted); CONFLICT when it is not running. */
  cancel: publicProcedure.input(z.object({ runId })).mutation(({ ctx, input }) => {
    getRunService(ctx.db).cancel(input.runId);
    return { ok: true };
  }),

  list: publicProcedure
    .input(z.object({ pipelineId, limit: z.number().int().min(1).max(500).default(50) }))
    .query(({ ctx, input }) => {
      const rows = listRunRows(ctx.db, input.pipelineId, input.limit);
      // No runs may mean no such pipeline: that is NOT_FOUND, not an empty list.
      if (rows.length === 0) getPipeline(ctx.db, input.pipelineId);
      const modelCalls = countModelCalls(ctx.db, rows.map((r) => r.id));
      return rows.map(({ scenario: _scenario, expectations: _expectations, ...row }) => ({ ...row, modelCalls: modelCalls.get(row.id) ?? 0 }));
    }),

  /** The run and the pipeline revision it ran (so a replay shows the code as it was). */
  get: publicProcedure.input(z.object({ runId })).query(({ ctx, input }) => {
    const run = requireRun(ctx.db, input.runId);
    return { run, pipeline: getRevision(ctx.db, { id: run.pipelineId, revision: run.revision }) };
  }),

  outline: publicProcedure.input(z.object({ runId })).query(({ ctx, input }) => {
    requireRun(ctx.db, input.runId);
    return readOutline(ctx.db, input.runId);
  }),

  /** A page of events with seq > afterSeq, as stored (trace v2: the client resolves deltas). */
  events: publicProcedure
    .input(z.object({ runId, afterSeq: z.number().int().min(0), limit: z.number().int().min(1).max(1000).default(200) }))
    .query(({ ctx, input }) => {
      requireRun(ctx.db, input.runId);
      return readEvents(ctx.db, input.runId, input);
    }),

  compare: publicProcedure.input(z.object({ a: runId, b: runId })).query(({ ctx, input }) => {
    for (const id of [input.a, input.b]) requireRun(ctx.db, id);
    return { divergence: firstDivergence(readAllStoredEvents(ctx.db, input.a), readAllStoredEvents(ctx.db, input.b)) };
  }),

  /**
   * Live and recorded events; a reconnecting client passes lastEventId (sent by httpSubscriptionLink) and resumes after it.
   * An unknown run is NOT_FOUND at once, unless `awaitStart` says the client is starting that run itself (then the stream waits for it briefly).
   */
  onEvent: publicProcedure
    .input(z.object({ runId, lastEventId: z.string().nullish(), awaitStart: z.boolean().optional() }))
    .use(({ ctx, input, next }) => {
      if (!input.awaitStart) requireRun(ctx.db, input.runId);
      return next();
    })
    .subscription(async function* ({ ctx, input, signal }) {
      const afterSeq = input.lastEventId ? Number(input.lastEventId) : 0;
      for await (const event of streamRunEvents({ db: ctx.db, bus: getRunBus(), runId: input.runId, afterSeq: Number.isFinite(afterSeq) ? afterSeq : 0, signal })) {
        yield tracked(String(event.seq), event);
      }
    }),
});
