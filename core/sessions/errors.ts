/** Why a session file cannot become a scenario. Unknown records are never one of these: they are counted. */
export type SessionImportErrorCode = "BAD_LINE" | "EMPTY" | "NO_SUCH_BRANCH" | "UNKNOWN_FORMAT" | "BROKEN_TREE";

/** A session file Hookwright cannot import; `message` names the line or the record and what is wrong. */
export class SessionImportError extends Error {
  override name = "SessionImportError";
  constructor(
    readonly code: SessionImportErrorCode,
    message: string,
  ) {
    super(message);
  }
}
