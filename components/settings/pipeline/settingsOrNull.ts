import type { PipelineSettings } from "~/core/pipeline/settingsSchema";

/** Settings with nothing declared are dropped from the pipeline, so an emptied panel leaves it as old pipelines were. */
export function settingsOrNull(settings: PipelineSettings): PipelineSettings | null {
  return settings.env.length > 0 || (settings.dependencies?.length ?? 0) > 0 ? settings : null;
}
