/** Why a pipeline could not be written as a plugin, or a plugin read back as a pipeline. */
export type BundleErrorCode =
  | "WRONG_PROFILE"
  | "UNKNOWN_POINT"
  | "PATH_COLLISION"
  | "NO_MANIFEST"
  | "BAD_MANIFEST"
  | "NO_HOOKS"
  | "MISSING_MODULE"
  | "OUTSIDE_PLUGIN"
  | "UNSUPPORTED_MODULE"
  | "NOT_TEXT"
  | "INVALID_PIPELINE"
  /** The pipeline's profile has no exporter (core/bundles/registry.ts). */
  | "NO_EXPORTER"
  /** A plugin's register() does something that cannot be read without running it. */
  | "NOT_STATIC"
  /** A hook could not be bundled into a command script (Claude Code export). */
  | "SCRIPT_BUILD"
  /** A host script cannot be turned into a hook faithfully (Claude Code import). */
  | "NOT_CONVERTIBLE"
  /** A recorder was asked of a format that cannot add one (core/bundles/recorder.ts). */
  | "NO_RECORDER";

/** A bundle problem the user can fix; `message` is a full sentence naming the file or hook. */
export class BundleError extends Error {
  override name = "BundleError";
  constructor(
    readonly code: BundleErrorCode,
    message: string,
  ) {
    super(message);
  }
}
