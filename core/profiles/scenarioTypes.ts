import type { PipelineInput } from "../pipeline/schema";

/** A scenario as written in a pipeline file (defaults not yet filled in). */
export type ScenarioInput = NonNullable<PipelineInput["scenarios"]>[number];
