import { executeChain } from "../../core/chain";
import type { HookCallResult, HookRunnerFactory } from "../../core/engine/ports";
import type { JsonObject } from "../../core/json";
import type { LogEntry } from "../../core/trace/events";
import { compileModule } from "../../server/sandbox/transpile";

/**
 * The floor the sandbox is measured against: the same engine with no sandbox at all. Each
 * hook's TypeScript is transpiled as the sandbox transpiles it (server/sandbox/transpile, with the
 * same disk cache in a CLI process) and imported as a plain ES module in this process, then run
 * through core/chain's executor (copy-on-write drafts, no clone), with a logger that records.
 * Bench-only: app code runs user code only in server/sandbox.
 */

type HookFn = (ctx: unknown) => unknown;

async function load(path: string, code: string): Promise<HookFn> {
  const compiled = await compileModule(path, code);
  if (!compiled.ok) throw new Error(`a bench hook does not compile: ${compiled.error.message}`);
  // The bench's own fixture hooks, evaluated in this process on purpose: this is the unsandboxed floor.
  const module = (await import(`data:text/javascript;base64,${Buffer.from(compiled.module.code).toString("base64")}`)) as { default?: unknown };
  if (typeof module.default !== "function") throw new Error("a bench hook has no default export function");
  return module.default as HookFn;
}

export const createNoSandboxRunner: HookRunnerFactory = async ({ pipeline }) => {
  const hooks = new Map(await Promise.all(pipeline.hooks.map(async (h) => [h.id, await load(`hooks/${h.id}.ts`, h.code)] as const)));
  return {
    async runChain(request) {
      const logs = new Map<string, LogEntry[]>();
      const logger = (hookId: string) => {
        const push = (level: LogEntry["level"]) => (...args: unknown[]) => {
          const list = logs.get(hookId) ?? [];
          list.push({ level, message: args.map((a) => (typeof a === "string" ? a : JSON.stringify(a))).join(" ") });
          logs.set(hookId, list);
        };
        return { info: push("info"), warn: push("warn"), error: push("error"), debug: push("debug") };
      };
      const field = request.loggerField;
      const durations = new Map<string, number>();
      const result = await executeChain({
        execution: request.execution,
        hookIds: request.hookIds,
        context: request.context,
        aliases: request.aliases,
        extras: field ? (hookId) => ({ [field]: logger(hookId) }) : undefined,
        invoke: async (hookId, input) => {
          const fn = hooks.get(hookId);
          if (!fn) return { failure: { kind: "threw", message: `no hook "${hookId}"`, location: null } };
          const started = performance.now();
          try {
            return { returned: await fn(input) };
          } catch (error) {
            return { failure: { kind: "threw", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error), location: null } };
          } finally {
            durations.set(hookId, performance.now() - started);
          }
        },
      });
      const calls: HookCallResult[] = result.calls.map((c) => ({
        hookId: c.hookId,
        patch: c.patch,
        returned: c.returned,
        failure: c.failure ? { kind: c.failure.kind, message: c.failure.message, location: c.failure.location ?? null } : null,
        logs: logs.get(c.hookId) ?? [],
        durationMs: Math.round((durations.get(c.hookId) ?? 0) * 1000) / 1000,
        clock: [],
        random: [],
        claimed: c.claimed,
        droppedWrites: c.droppedWrites,
      }));
      return { calls, context: result.context, aborted: result.aborted ? { hookId: result.aborted.hookId, failure: { ...result.aborted.failure, location: null } } : null };
    },
    runTool(tool: string, _input: JsonObject) {
      const message = `the bench has no handler for tool "${tool}"`;
      return Promise.resolve({ content: message, isError: true, logs: [], failure: { kind: "threw" as const, message, location: null } });
    },
    dispose() {},
  };
};
