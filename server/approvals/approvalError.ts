/** Why an answer or a token request was refused, in words the card and the HTTP callback show. */
export type ApprovalErrorCode = "NOT_FOUND" | "NOT_PENDING" | "BAD_DECISION" | "BAD_TOKEN" | "NO_TOKEN" | "BAD_INPUT";

export class ApprovalError extends Error {
  override name = "ApprovalError";
  constructor(
    readonly code: ApprovalErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** The tRPC code the API answers with (server/api/trpc.ts maps any error carrying `apiCode`). */
  get apiCode(): "NOT_FOUND" | "CONFLICT" | "FORBIDDEN" | "BAD_REQUEST" {
    const status = httpStatusOf(this.code);
    return status === 404 ? "NOT_FOUND" : status === 409 ? "CONFLICT" : status === 403 ? "FORBIDDEN" : "BAD_REQUEST";
  }
}

/** The HTTP status of an approval error (the callback answers with it). */
export function httpStatusOf(code: ApprovalErrorCode): number {
  switch (code) {
    case "NOT_FOUND":
      return 404;
    case "NOT_PENDING":
      return 409;
    case "BAD_TOKEN":
    case "NO_TOKEN":
      return 403;
    case "BAD_DECISION":
    case "BAD_INPUT":
      return 400;
  }
}
