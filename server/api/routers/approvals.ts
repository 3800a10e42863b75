import { z } from "zod";
import { MAX_REASON } from "~/server/approvals/service";
import { getRunService } from "~/server/runs";
import { RunError } from "~/server/runs/runError";
import { publicProcedure, router } from "../trpc";

const approvalId = z.string().min(1, "an approval id is required").max(300, "an approval id has at most 300 characters");

/**
 * Approval requests of runs (docs/approvals.md): the card lists a run's requests and answers one;
 * a channel answers from outside with the HTTP callback (app/api/approvals/[id]) and the token
 * the card issues here.
 */
export const approvalsRouter = router({
  /** Every request of a run, oldest first, pending or answered (the audit record). */
  list: publicProcedure.input(z.object({ runId: z.string().min(1).max(200) })).query(async ({ ctx, input }) => {
    if (!(await ctx.store.runs.get(input.runId))) throw new RunError("RUN_NOT_FOUND", `run ${input.runId} does not exist`);
    return getRunService(ctx.store).approvals.list(input.runId);
  }),

  /** Answers a pending request from the card (a page of this server); the run resumes. */
  answer: publicProcedure
    .input(z.object({ approvalId, decision: z.string().min(1).max(40), by: z.string().trim().min(1, "say who answered").max(200), reason: z.string().max(MAX_REASON, `reason: at most ${MAX_REASON} characters`).optional() }))
    .mutation(({ ctx, input }) => getRunService(ctx.store).approvals.answer(input)),

  /** A new callback token for a pending request (shown once; it replaces the previous one). */
  issueToken: publicProcedure.input(z.object({ approvalId })).mutation(({ ctx, input }) => getRunService(ctx.store).approvals.issueToken(input.approvalId)),
});
