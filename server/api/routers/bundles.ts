import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { BundleError } from "~/core/bundles/errors";
import { getPipeline, getRevision } from "~/db/pipelineStore";
import { DEFAULT_ARCHIVE_LIMITS } from "~/server/bundles/limits";
import { exportPlugin } from "~/server/bundles/service";
import { publicProcedure, router } from "../trpc";
import { pipelineIdSchema } from "./pipelineInputs";

const previewInput = z.object({ id: pipelineIdSchema, revision: z.number().int().positive().optional() });
const encoder = new TextEncoder();

export const bundlesRouter = router({
  /** What "Export plugin…" will download: the files of the Vellum plugin, and the link to the zip. */
  preview: publicProcedure.input(previewInput).query(({ ctx, input }) => {
    const at = input.revision === undefined ? getPipeline(ctx.db, input.id) : getRevision(ctx.db, { id: input.id, revision: input.revision });
    try {
      const bundle = exportPlugin(at.document);
      return {
        pluginName: bundle.pluginName,
        fileName: `${bundle.pluginName}.zip`,
        revision: at.revision,
        files: bundle.files.map((f) => ({ path: f.path, bytes: encoder.encode(f.content).byteLength })),
        warnings: bundle.warnings,
        downloadUrl: `/api/bundles/export/${encodeURIComponent(input.id)}?revision=${at.revision}`,
      };
    } catch (err) {
      if (err instanceof BundleError) throw new TRPCError({ code: "BAD_REQUEST", message: err.message, cause: err });
      throw err;
    }
  }),

  /** Limits the upload form checks before sending a file (the server enforces them again). */
  limits: publicProcedure.query(() => ({ maxArchiveBytes: DEFAULT_ARCHIVE_LIMITS.maxArchiveBytes })),
});
