import type { FieldIssue } from "../core/pipeline/parsePipeline";

export type PipelineStoreErrorCode =
  | "NOT_FOUND"
  | "REVISION_NOT_FOUND"
  | "CONFLICT"
  | "INVALID_DOCUMENT"
  | "UNKNOWN_PROFILE"
  | "UNKNOWN_EXAMPLE";

/**
 * The API error code each store error becomes. Spelled as tRPC's code names, so the API
 * edge (server/api/trpc.ts) can translate any error carrying `apiCode` without knowing
 * this module.
 */
const apiCodes = {
  NOT_FOUND: "NOT_FOUND",
  REVISION_NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  INVALID_DOCUMENT: "BAD_REQUEST",
  UNKNOWN_PROFILE: "BAD_REQUEST",
  UNKNOWN_EXAMPLE: "BAD_REQUEST",
} as const satisfies Record<PipelineStoreErrorCode, string>;

export type PipelineStoreApiCode = (typeof apiCodes)[PipelineStoreErrorCode];

/** A failure of a pipeline store operation that the user can understand and act on. */
export class PipelineStoreError extends Error {
  override readonly name = "PipelineStoreError";
  readonly code: PipelineStoreErrorCode;
  readonly apiCode: PipelineStoreApiCode;
  /** Field problems of an invalid document, located by path (`hooks[2].name`). */
  readonly issues: readonly FieldIssue[];
  /** For CONFLICT: the revision that is the head now. */
  readonly headRevision: number | null;

  constructor(
    code: PipelineStoreErrorCode,
    message: string,
    details: { issues?: readonly FieldIssue[]; headRevision?: number } = {},
  ) {
    super(message);
    this.code = code;
    this.apiCode = apiCodes[code];
    this.issues = details.issues ?? [];
    this.headRevision = details.headRevision ?? null;
  }
}
