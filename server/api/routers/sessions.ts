import { octetInputParser } from "@trpc/server/http";
import { z } from "zod";
import { uniqueScenarioName } from "~/core/pipeline/changes";
import { scenarioSchema } from "~/core/pipeline/schema";
import { sessionVerdicts } from "~/core/sessions/verdicts";
import { getPipeline } from "~/db/pipelineStore";
import { MAX_SESSION_UPLOAD_BYTES } from "~/server/http/bodyLimit";
import { readAllEvents, getRunRow } from "~/server/runs/runStore";
import { importSessionUpload } from "~/server/sessions/importStream";
import { publicProcedure, router } from "../trpc";

export const sessionsRouter = router({
  /**
   * A session file (Claude Code transcript, Codex rollout, OpenClaw session) as a scenario for the
   * pipeline, read line by line as it streams in: the body is one line of options
   * (server/sessions/importStream.ts) then the file. Nothing is stored: the client adds the scenario.
   */
  import: publicProcedure.input(octetInputParser).mutation(({ ctx, input }) =>
    importSessionUpload(input, {
      limit: MAX_SESSION_UPLOAD_BYTES,
      pipeline: (id) => {
        const { document } = getPipeline(ctx.db, id);
        return { profile: document.profile, uniqueName: (base) => uniqueScenarioName(document, base) };
      },
    }),
  ),

  /** What the run's hooks did with each tool call of the session its scenario was imported from (null: not a session scenario, or still running). */
  verdicts: publicProcedure.input(z.object({ runId: z.string().min(1).max(100) })).query(({ ctx, input }) => {
    const run = getRunRow(ctx.db, input.runId);
    if (!run || run.status === "running" || run.point) return null;
    const scenario = scenarioSchema.safeParse(run.scenario);
    if (!scenario.success || scenario.data.source?.kind !== "session") return null;
    return sessionVerdicts(scenario.data, readAllEvents(ctx.db, input.runId));
  }),
});
