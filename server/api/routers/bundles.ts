import { TRPCError } from "@trpc/server";
import { z } from "zod";
import { BundleError } from "~/core/bundles/errors";
import { DEFAULT_ARCHIVE_LIMITS } from "~/server/bundles/limits";
import { exportersFor, type PluginExporter } from "~/core/bundles/registry";
import { getProfile } from "~/core/profiles";
import { exportPlugin, exporterOf, installForExport } from "~/server/bundles/service";
import { checkByBehaviour, translateForHost } from "~/server/bundles/crossHost";
import { createSandboxRunner } from "~/server/sandbox";
import { noteLines } from "~/core/translate/readme";
import { translationTargets } from "~/core/translate/registry";
import { publicProcedure, router } from "../trpc";
import { pipelineIdSchema } from "./pipelineInputs";

const previewInput = z.object({ id: pipelineIdSchema, revision: z.number().int().positive().optional(), target: z.string().min(1).max(40).optional(), recorder: z.boolean().optional() });
const encoder = new TextEncoder();

/** An exporter as the Export dialog lists it. */
function format(e: PluginExporter) {
  return { target: e.target, host: e.host, title: e.title, installHint: e.installHint, recorder: e.recorder ?? null };
}

export const bundlesRouter = router({
  /** The formats a pipeline's profile can be exported in (core/bundles/registry.ts): none means no faithful export yet. */
  formats: publicProcedure.input(z.object({ id: pipelineIdSchema })).query(async ({ ctx, input }) => {
    const { document } = await ctx.store.pipelines.get(input.id);
    return {
      profile: document.profile,
      profileName: getProfile(document.profile)?.name ?? document.profile,
      formats: exportersFor(document.profile).map(format),
      // Other hosts' formats a translation table reaches (core/translate): the export says what does not carry over.
      otherHosts: translationTargets(document.profile).flatMap((id) => exportersFor(id).map((e) => ({ ...format(e), profileName: getProfile(id)?.name ?? id }))),
    };
  }),

  /**
   * An export to another host's format, checked by behaviour: each scripted scenario run on the
   * pipeline's host and, translated, on the target's, compared call by call (server/bundles/crossHost.ts).
   */
  behaviourCheck: publicProcedure.input(previewInput.pick({ id: true, revision: true }).extend({ target: z.string().min(1).max(40) })).query(async ({ ctx, input }) => {
    const at = input.revision === undefined ? await ctx.store.pipelines.get(input.id) : await ctx.store.pipelines.getRevision({ id: input.id, revision: input.revision });
    try {
      const exporter = exporterOf(at.document, input.target);
      const moved = exporter.profileId === at.document.profile ? undefined : translateForHost(at.document, exporter.profileId);
      if (!moved) return null;
      return { from: moved.translation.fromName, to: moved.translation.toName, scenarios: await checkByBehaviour(at.document, moved, createSandboxRunner) };
    } catch (err) {
      if (err instanceof BundleError) throw new TRPCError({ code: "BAD_REQUEST", message: err.message, cause: err });
      throw err;
    }
  }),

  /** What "Export plugin…" will download: the files of the Vellum plugin, and the link to the zip. */
  preview: publicProcedure.input(previewInput).query(async ({ ctx, input }) => {
    const at = input.revision === undefined ? await ctx.store.pipelines.get(input.id) : await ctx.store.pipelines.getRevision({ id: input.id, revision: input.revision });
    try {
      const bundle = exportPlugin(at.document, input.target, await installForExport(at.document, input.target), { recorder: input.recorder === true });
      return {
        pluginName: bundle.pluginName,
        fileName: `${bundle.pluginName}.zip`,
        revision: at.revision,
        files: bundle.files.map((f) => ({ path: f.path, bytes: encoder.encode(f.content).byteLength })),
        warnings: bundle.warnings,
        moved: bundle.moved ? { from: bundle.moved.from, to: bundle.moved.to, notes: noteLines(bundle.moved.notes) } : null,
        downloadUrl: `/api/bundles/export/${encodeURIComponent(input.id)}?revision=${at.revision}${input.target ? `&target=${encodeURIComponent(input.target)}` : ""}${input.recorder === true ? "&recorder=1" : ""}`,
      };
    } catch (err) {
      if (err instanceof BundleError) throw new TRPCError({ code: "BAD_REQUEST", message: err.message, cause: err });
      throw err;
    }
  }),

  /** Limits the upload form checks before sending a file (the server enforces them again). */
  limits: publicProcedure.query(() => ({ maxArchiveBytes: DEFAULT_ARCHIVE_LIMITS.maxArchiveBytes })),
});
