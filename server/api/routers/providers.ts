import { z } from "zod";
import { usageOf } from "~/server/providers/usage";
import { getRunBus, RunError } from "~/server/runs";
import { getProviderService } from "~/server/providers/registry";
import { providerInputSchema, providerNameSchema } from "~/server/providers/store";
import { subscribeModelText, type ModelTextPiece } from "~/server/providers/textBus";
import { PROVIDER_KIND_LABELS, PROVIDER_KINDS } from "~/server/providers/types";
import { publicProcedure, router } from "../trpc";

const runId = z.string().min(1, "a run id is required").max(200, "a run id has at most 200 characters");

/**
 * Settings → Model providers, and the live text of real model replies. Nothing here returns a
 * key: entries come back as ProviderView (`sk-…abcd`), Test connection as model ids or words.
 */
export const providersRouter = router({
  list: publicProcedure.query(async ({ ctx }) => {
    const service = getProviderService(ctx.store);
    return { providers: await service.list(), kinds: PROVIDER_KINDS.map((id) => ({ id, label: PROVIDER_KIND_LABELS[id] })), secret: service.secretOrigin };
  }),

  save: publicProcedure.input(providerInputSchema).mutation(({ ctx, input }) => getProviderService(ctx.store).save(input)),

  remove: publicProcedure.input(z.object({ id: z.string().min(1).max(200) })).mutation(async ({ ctx, input }) => {
    await getProviderService(ctx.store).remove(input.id);
    return { ok: true };
  }),

  /** Lists the provider's models with its stored key (a POST: it calls out). */
  testConnection: publicProcedure.input(z.object({ name: providerNameSchema })).mutation(({ ctx, input }) => getProviderService(ctx.store).testConnection(input.name)),

  /** Tokens in/out of a run's real model calls, and which models answered (from its model.response events). */
  runUsage: publicProcedure.input(z.object({ runId })).query(async ({ ctx, input }) => {
    if (!(await ctx.store.runs.get(input.runId))) throw new RunError("RUN_NOT_FOUND", `run ${input.runId} does not exist`);
    return usageOf(await ctx.store.runs.readEventsOfType(input.runId, "model.response"));
  }),

  /**
   * The reply text of a run's real model calls as it streams, in batches, until the run ends.
   * A client may subscribe before it starts the run (the run panel does).
   */
  runText: publicProcedure.input(z.object({ runId })).subscription(async function* ({ ctx, input, signal }) {
    const row = await ctx.store.runs.get(input.runId);
    if (row && row.status !== "running") return;
    const queue: ModelTextPiece[] = [];
    let ended = false;
    let wake: (() => void) | null = null;
    const stopText = subscribeModelText(input.runId, (piece) => {
      queue.push(piece);
      wake?.();
    });
    const stopRun = getRunBus().subscribe(input.runId, (event) => {
      if (event.type !== "run.end") return;
      ended = true;
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener("abort", onAbort);
    try {
      while (!signal?.aborted) {
        if (queue.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        if (queue.length > 0) yield queue.splice(0, queue.length);
        if (ended) return;
      }
    } finally {
      stopText();
      stopRun();
      signal?.removeEventListener("abort", onAbort);
    }
  }),
});


