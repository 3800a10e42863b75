/**
 * What can go wrong with the sandbox itself (not with user code, which fails as a hook's
 * HookFailure): the WebAssembly engine crashing, or the chain realm answering garbage.
 */

/** The run's sandbox crashed the WebAssembly engine itself (native stack exhausted, an engine trap). */
export class SandboxCrash extends Error {
  override name = "SandboxCrash";
  constructor(
    readonly hookId: string | null,
    reason: unknown,
  ) {
    super(`the sandbox crashed${hookId ? ` in hook ${hookId}` : ""}: ${reason instanceof Error ? reason.message : String(reason)}`);
  }
}

/** The chain realm's answers could not be read (a hook tampered with its built-ins?). */
export class SandboxTampered extends Error {
  override name = "SandboxTampered";
}

/**
 * Thrown by `runChain` when a chain cannot run at all: a crash outside any hook (while loading
 * the context itself) or unreadable records. The run's sandbox has been restarted; the engine
 * should end the run with an internal error.
 */
export class SandboxCrashedError extends Error {
  override name = "SandboxCrashedError";
}

/** Whether `error`, thrown by a call into QuickJS, is the engine itself failing rather than a host bug. */
export function isEngineCrash(error: unknown): boolean {
  if (error instanceof WebAssembly.RuntimeError) return true;
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The failure a hook gets when it crashed the engine and the chain ran again without it. */
export const CRASH_FAILURE_MESSAGE =
  "InternalError: stack overflow: the recursion went deeper than the sandbox's native stack allows; " +
  "the run's sandbox was restarted, so every hook's module state was reset";
