/** Why a run could not start; the message is for the user as is. */
export type SimulationErrorCode = "UNKNOWN_PROFILE" | "NO_BINDING" | "UNKNOWN_POINT" | "UNKNOWN_SCENARIO" | "NO_SCENARIO" | "BAD_CONTEXT";

export class SimulationError extends Error {
  override name = "SimulationError";
  constructor(
    readonly code: SimulationErrorCode,
    message: string,
  ) {
    super(message);
  }
}
