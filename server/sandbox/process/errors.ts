/**
 * What can stop the process sandbox from running a command at all. A command that fails,
 * crashes, times out or hits a cap is not an error: it is a result (see SandboxedProcessResult).
 */

export type ProcessSandboxErrorCode =
  /** No usable sandbox on this machine: the command is not run (never outside a sandbox). */
  | "UNAVAILABLE"
  /** The spec itself is wrong (a file path leaving the project folder, an empty command…). */
  | "BAD_SPEC"
  /** bwrap started but could not set the sandbox up (a bind failed, the kernel refused). */
  | "SETUP_FAILED";

export class ProcessSandboxError extends Error {
  override name = "ProcessSandboxError";
  constructor(
    readonly code: ProcessSandboxErrorCode,
    message: string,
    /** For UNAVAILABLE: the one thing to do about it, e.g. `apt-get install bubblewrap`. */
    readonly fix: string | null = null,
  ) {
    super(fix ? `${message} (fix: ${fix})` : message);
  }
}
