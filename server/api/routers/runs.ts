import { tracked } from "@trpc/server";
import { z } from "zod";
import { scenarioSchema } from "~/core/pipeline/schema";
import { firstDivergence } from "~/core/run/divergence";
import { getRevision } from "~/db/pipelineStore";
import { getRunBus, getRunService, RunError, streamRunEvents } from "~/server/runs";
import { getRunRow, listRunRows, readAllStoredEvents, readEvents, readOutline } from "~/server/runs/runStore";
import { publicProcedure, router } from "../trpc";

const runId = z.string().min(1, "a run id is required");
/** Test/demo pacing only (see StartRunOptions.eventDelayMs). */
const eventDelayMs = z.number().int().min(0).max(2000).optional();

const startInput = z.object({
  pipelineId: z.string().min(1, "a pipeline id is required"),
  revision: z.number().int().positive().optional(),
  scenarioName: z.string().min(1).optional(),
  /** An edited scenario from the run panel; wins over scenarioName. */
  scenario: scenarioSchema.optional(),
  eventDelayMs,
  /** Chosen by the client so it can subscribe to the run while starting it. */
  runId: z.uuid("a run id is a UUID").optional(),
});

export const runsRouter = router({
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
    .input(z.object({ runId, eventDelayMs, newRunId: z.uuid("a run id is a UUID").optional() }))
    .mutation(({ ctx, input }) => getRunService(ctx.db).rerun(input)),

  list: publicProcedure
    .input(z.object({ pipelineId: z.string().min(1), limit: z.number().int().min(1).max(500).default(50) }))
    .query(({ ctx, input }) => listRunRows(ctx.db, input.pipelineId, input.limit).map(({ scenario: _scenario, ...row }) => row)),

  /** The run and the pipeline revision it ran (so a replay shows the code as it was). */
  get: publicProcedure.input(z.object({ runId })).query(({ ctx, input }) => {
    const run = getRunRow(ctx.db, input.runId);
    if (!run) throw new RunError("RUN_NOT_FOUND", `run ${input.runId} does not exist`);
    return { run, pipeline: getRevision(ctx.db, { id: run.pipelineId, revision: run.revision }) };
  }),

  outline: publicProcedure.input(z.object({ runId })).query(({ ctx, input }) => readOutline(ctx.db, input.runId)),

  /** A page of events with seq > afterSeq, as stored (trace v2: the client resolves deltas). */
  events: publicProcedure
    .input(z.object({ runId, afterSeq: z.number().int().min(0), limit: z.number().int().min(1).max(1000).default(200) }))
    .query(({ ctx, input }) => readEvents(ctx.db, input.runId, input)),

  compare: publicProcedure.input(z.object({ a: runId, b: runId })).query(({ ctx, input }) => {
    for (const id of [input.a, input.b]) if (!getRunRow(ctx.db, id)) throw new RunError("RUN_NOT_FOUND", `run ${id} does not exist`);
    return { divergence: firstDivergence(readAllStoredEvents(ctx.db, input.a), readAllStoredEvents(ctx.db, input.b)) };
  }),

  /** Live and recorded events; a reconnecting client passes lastEventId (sent by httpSubscriptionLink) and resumes after it. */
  onEvent: publicProcedure
    .input(z.object({ runId, lastEventId: z.string().nullish() }))
    .subscription(async function* ({ ctx, input, signal }) {
      const afterSeq = input.lastEventId ? Number(input.lastEventId) : 0;
      for await (const event of streamRunEvents({ db: ctx.db, bus: getRunBus(), runId: input.runId, afterSeq: Number.isFinite(afterSeq) ? afterSeq : 0, signal })) {
        yield tracked(String(event.seq), event);
      }
    }),
});
