import { octetInputParser } from "@trpc/server/http";
import { z } from "zod";
import { uniqueScenarioName } from "~/core/pipeline/changes";
import { scenarioSchema } from "~/core/pipeline/schema";
import { sessionVerdicts } from "~/core/sessions/verdicts";
import { createSessionUploads, DEFAULT_SESSION_UPLOAD_LIMITS } from "~/server/sessions/importStream";
import { MAX_SESSION_UPLOAD_BYTES } from "~/server/http/bodyLimit";
import { publicProcedure, router } from "../trpc";

/** The server's uploads in progress: a part is a request, the import lives between them. */
const sessionUploads = createSessionUploads({ limits: { ...DEFAULT_SESSION_UPLOAD_LIMITS, partBytes: MAX_SESSION_UPLOAD_BYTES } });

export const sessionsRouter = router({
  /**
   * A session file (Claude Code transcript, Codex rollout, OpenClaw session) as a scenario for the
   * pipeline, sent in parts and read line by line as they stream in: each body is a part header line
   * (server/sessions/importStream.ts) then the part's bytes. Nothing is stored: the client adds the scenario.
   */
  import: publicProcedure.input(octetInputParser).mutation(({ ctx, input }) =>
    sessionUploads.receive(input, async (id) => {
      const { document } = await ctx.store.pipelines.get(id);
      return { profile: document.profile, uniqueName: (base) => uniqueScenarioName(document, base) };
    }),
  ),

  /** What the run's hooks did with each tool call of the session its scenario was imported from (null: not a session scenario, or still running). */
  verdicts: publicProcedure.input(z.object({ runId: z.string().min(1).max(100) })).query(async ({ ctx, input }) => {
    const run = await ctx.store.runs.get(input.runId);
    if (!run || run.status === "running" || run.point) return null;
    const scenario = scenarioSchema.safeParse(run.scenario);
    if (!scenario.success || scenario.data.source?.kind !== "session") return null;
    return sessionVerdicts(scenario.data, await ctx.store.runs.readAllEvents(input.runId));
  }),
});
