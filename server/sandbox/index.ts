import type { HookRunnerFactory } from "../../core/engine/ports";
import { openSandboxRunner } from "./runner";

/**
 * server/sandbox: the only place user code runs (hooks and scenario tool handlers), in QuickJS
 * compiled to WebAssembly. See docs/sandbox.md.
 */

/**
 * The engine's {@link HookRunnerFactory}: a sandboxed runner for one run. Call it per run: each
 * run gets its own WebAssembly instance, started from the process's (or worker thread's)
 * pre-initialized snapshot in a few milliseconds; call {@link prewarmSandbox} when a process or
 * worker starts so the first run does not build the snapshot.
 *
 * @example
 * const runner = await createSandboxRunner({ pipeline, clockStart: scenario.clockStart, seed: scenario.seed,
 *   limits: { timeoutMs: pipeline.limits.timeoutMs, memoryBytes: pipeline.limits.memoryMiB * 1024 * 1024 } });
 * try { await simulate(..., runner) } finally { runner.dispose() }
 */
export const createSandboxRunner: HookRunnerFactory = (options) => openSandboxRunner(options);

export { openSandboxRunner, SandboxCrashedError, type SandboxRunner, type SandboxRunnerDeps, type SandboxRunnerOptions, type SandboxStats } from "./runner";
export { compileModule, type CompileResult, type CompiledModule } from "./transpile";
export { STACK_BYTES } from "./instance";
export { prewarmSandbox } from "./templateCache";
export { MAX_LOG_BYTES, MAX_LOG_ENTRIES } from "./guest/logs";
