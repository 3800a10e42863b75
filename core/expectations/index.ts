/** Expectations of a scenario checked against a finished run (docs/formats.md, "Expectations"). */
export { checkExpectations } from "./check";
export { describeExpectation } from "./describe";
export { decisionName } from "./decision";
export type { ExpectationReport, ExpectationResult } from "./types";
export { expectContextValue, expectHookOutcome } from "./fromRun";
