/** The process sandbox: command hooks (any language) run as processes under bubblewrap. */
export { probeProcessSandbox, runSandboxedProcess } from "./processSandbox";
export type { ProcessSandboxProbe } from "./probe";
export { ProcessSandboxError, type ProcessSandboxErrorCode } from "./errors";
export { SANDBOX_HOME, SANDBOX_PROJECT_DIR, baseEnvironment } from "./layout";
export {
  DEFAULT_PROCESS_LIMITS,
  type FileChange,
  type ProcessLimits,
  type SandboxCommand,
  type SandboxedProcessResult,
  type SandboxedProcessSpec,
  type SandboxFile,
  type SandboxFolder,
} from "./types";
