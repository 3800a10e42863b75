export type ArchiveErrorCode =
  | "ARCHIVE_TOO_LARGE"
  | "NOT_ZIP"
  | "UNSUPPORTED_ZIP"
  | "TOO_MANY_ENTRIES"
  | "BAD_NAME"
  | "ABSOLUTE_PATH"
  | "PARENT_PATH"
  | "LINK"
  | "NOT_REGULAR_FILE"
  | "DUPLICATE_ENTRY"
  | "FILE_TOO_LARGE"
  | "TOTAL_TOO_LARGE"
  | "SIZE_MISMATCH"
  | "CORRUPT"
  | "OVERLAPPING_ENTRIES"
  | "FOLDER_NOT_EMPTY"
  | "JSON_TOO_DEEP";

/** An untrusted archive or folder that was refused; `message` names the entry and the reason. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}
