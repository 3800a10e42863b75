/** The loop simulator and what it needs; see simulate.ts and docs/formats.md. */
export { simulate, type SimulateOptions, type SimulationResult } from "./simulate";
export { runScenario } from "./runScenario";
export { createScriptedModel } from "./scriptedModel";
export { SimulationError, type SimulationErrorCode } from "./errors";
export { checkPipelineAgainstProfile, pickScenario } from "./validate";
export { hooksForPoint } from "./firePoint";
export { historyChars, compactHistory } from "./history";
export type * from "./binding";
export type * from "./ports";
export { runPoint, POINT_ONLY_EXIT, type PointRunResult } from "./runPoint";
