import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

export type RunErrorCode = "RUN_NOT_FOUND" | "PIPELINE_NOT_FOUND" | "SCENARIO_NOT_FOUND" | "PIPELINE_CANNOT_RUN" | "RUN_ID_TAKEN" | "POINT_NOT_FOUND" | "PROVIDER_NOT_CONFIGURED" | "RUN_NOT_RUNNING" | "BAD_CONTEXT";

const apiCodes: Record<RunErrorCode, TRPC_ERROR_CODE_KEY> = {
  RUN_NOT_FOUND: "NOT_FOUND",
  PIPELINE_NOT_FOUND: "NOT_FOUND",
  SCENARIO_NOT_FOUND: "BAD_REQUEST",
  PIPELINE_CANNOT_RUN: "BAD_REQUEST",
  RUN_ID_TAKEN: "CONFLICT",
  POINT_NOT_FOUND: "BAD_REQUEST",
  PROVIDER_NOT_CONFIGURED: "BAD_REQUEST",
  RUN_NOT_RUNNING: "CONFLICT",
  BAD_CONTEXT: "BAD_REQUEST",
};

/** A run request that cannot be served; carries `apiCode` so the API edge reports it as is (server/api/trpc.ts). */
export class RunError extends Error {
  override name = "RunError";
  readonly apiCode: TRPC_ERROR_CODE_KEY;
  constructor(
    readonly code: RunErrorCode,
    message: string,
  ) {
    super(message);
    this.apiCode = apiCodes[code];
  }
}
