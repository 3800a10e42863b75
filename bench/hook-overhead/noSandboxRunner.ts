import { createInProcessRunner, type TestHook } from "../../core/engine/testing/inProcessRunner";
import type { HookRunnerFactory } from "../../core/engine/ports";
import { compileModule } from "../../server/sandbox/transpile";

/**
 * The floor the sandbox is measured against: the same engine with no sandbox at all. Each
 * hook's TypeScript is transpiled as the sandbox transpiles it (server/sandbox/transpile, with the
 * same disk cache in a CLI process) and imported as a plain ES module in this process, then run
 * by the engine's in-process runner (core/chain's executor: copy-on-write drafts, no clone, a
 * logger that records), without its test-only copy of every input.
 * Bench-only: app code runs user code only in server/sandbox.
 */

async function load(path: string, code: string): Promise<TestHook> {
  const compiled = await compileModule(path, code);
  if (!compiled.ok) throw new Error(`a bench hook does not compile: ${compiled.error.message}`);
  // The bench's own fixture hooks, evaluated in this process on purpose: this is the unsandboxed floor.
  const module = (await import(`data:text/javascript;base64,${Buffer.from(compiled.module.code).toString("base64")}`)) as { default?: unknown };
  if (typeof module.default !== "function") throw new Error("a bench hook has no default export function");
  return module.default as TestHook;
}

export const createNoSandboxRunner: HookRunnerFactory = async ({ pipeline }) => {
  const hooks = Object.fromEntries(await Promise.all(pipeline.hooks.map(async (h) => [h.id, await load(`hooks/${h.id}.ts`, h.code)] as const)));
  return createInProcessRunner({ hooks, recordReceived: false });
};
