import { z } from "zod";
import { publicProcedure } from "../trpc";

/*
 * The History view's procedures (issue 9), spread into the pipelines router: the revisions with
 * what each changed, one revision's document, and restoring one as a new head revision.
 */

const id = z.string().min(1, "a pipeline id is required").max(200, "a pipeline id has at most 200 characters");
const revision = z.number({ error: "a revision is a whole number from 1" }).int("a revision is a whole number from 1").positive("a revision is a whole number from 1");

export const pipelineRevisionProcedures = {
  /** Newest first, each with its changes against the revision before it (`before` pages back). */
  revisions: publicProcedure
    .input(z.object({ id, limit: z.number().int().min(1).max(500).default(100), before: revision.optional() }))
    .query(({ ctx, input }) => ctx.store.pipelines.listRevisions(input)),

  /** One revision's document (the same shape as pipelines.get). */
  revision: publicProcedure.input(z.object({ id, revision })).query(({ ctx, input }) => ctx.store.pipelines.getRevision(input)),

  /** Saves an old revision's document as the new head; with baseRevision, CONFLICT when someone saved since. */
  restore: publicProcedure
    .input(z.object({ id, revision, baseRevision: revision.optional() }))
    .mutation(({ ctx, input }) => ctx.store.pipelines.restoreRevision(input)),
};
