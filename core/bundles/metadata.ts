import { z } from "zod";
import { hookSchema, sandboxLimitsSchema, scenarioSchema } from "../pipeline/schema";

/**
 * `hookwright.json`: what a Vellum plugin cannot say about the pipeline it came from, so
 * exporting and importing again gives the same pipeline. The host never reads it (the
 * loader only walks `package.json`, `hooks/` and `tools/`, semantics.md §1d); a plugin
 * without it imports as a plain plugin.
 */
export const BUNDLE_METADATA_PATH = "hookwright.json";
export const BUNDLE_METADATA_FORMAT = "hookwright.bundle/v1";

const exportedHookSchema = hookSchema.omit({ code: true }).extend({
  /** The file the hook's code is in: `hooks/<point>.ts`, or `hookwright/…` inside a chain. */
  file: z.string(),
});
/** Disabled hooks are not part of the plugin; their code rides along here only. */
const disabledHookSchema = hookSchema.extend({ enabled: z.literal(false) });

export const bundleMetadataSchema = z.object({
  format: z.literal(BUNDLE_METADATA_FORMAT),
  pipeline: z.object({
    name: z.string(),
    description: z.string(),
    profile: z.string(),
    limits: sandboxLimitsSchema,
    scenarios: z.array(scenarioSchema),
  }),
  /** Every hook of the pipeline, in the pipeline's order. */
  hooks: z.array(z.union([disabledHookSchema, exportedHookSchema])),
  /** Module paths in the pipeline's order (files are beside the hooks). */
  modules: z.array(z.string()),
});
export type BundleMetadata = z.infer<typeof bundleMetadataSchema>;
export type ExportedHookEntry = z.infer<typeof exportedHookSchema>;
export type DisabledHookEntry = z.infer<typeof disabledHookSchema>;

export function isExportedHookEntry(entry: BundleMetadata["hooks"][number]): entry is ExportedHookEntry {
  return "file" in entry;
}
