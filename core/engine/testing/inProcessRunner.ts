import { executeChain, type ChainFailure } from "../../chain";
import type { JsonObject } from "../../json";
import type { LogEntry } from "../../trace/events";
import { createDollar } from "../../profiles/claude-code-mods/dollar";
import { runMiddlewareChain } from "../middlewareChain";
import type { HookCallResult, HookRunner } from "../ports";

/**
 * A HookRunner for tests: hooks are plain JS functions keyed by hook id, run in this process
 * through the real chain executor. Test-only: app code runs user code only in server/sandbox.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- test hooks poke at arbitrary context fields
export type TestContext = Record<string, any>;
export type TestHook = (ctx: TestContext) => unknown;
export type TestTool = (input: JsonObject) => string | { content: string; isError: boolean };

/** Throw this from a test hook to make the runner report a timeout or memory failure. */
export class SimulatedLimit extends Error {
  constructor(readonly kind: "timeout" | "memory") {
    super(kind === "timeout" ? "the hook timed out after 1000 ms" : "the hook ran out of memory (64 MiB)");
  }
}

export interface InProcessRunner extends HookRunner {
  /** JSON copies of the context each hook received, in call order. */
  received: { point: string; hookId: string; context: JsonObject }[];
}

export interface InProcessRunnerOptions {
  hooks?: Record<string, TestHook>;
  tools?: Record<string, TestTool>;
  /**
   * Keep a JSON copy of every hook's input in `received` (default true). The hook-overhead
   * bench turns it off: it measures this runner as the unsandboxed floor, and copying a 1 MB
   * context per hook is no part of that.
   */
  recordReceived?: boolean;
}

/** A middleware hook's arguments by how its host calls it (MiddlewareSpec.call); any other: `(event, next)`. */
const MIDDLEWARE_ARGS: Readonly<Record<string, (log: (text: string) => void, e: unknown, next: unknown) => unknown[]>> = {
  mods: (log, e, next) => [createDollar({ log }), e, next],
};

export function createInProcessRunner(options: InProcessRunnerOptions = {}): InProcessRunner {
  const hooks = options.hooks ?? {};
  const record = options.recordReceived ?? true;
  const received: InProcessRunner["received"] = [];
  return {
    received,
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
      const loggerField = request.loggerField;
      if (request.execution === "middleware") {
        const args = MIDDLEWARE_ARGS[request.middleware?.call ?? ""] ?? ((_log: (text: string) => void, e: unknown, next: unknown) => [e, next]);
        return runMiddlewareChain(request, async (hookId, event, next) => (hooks[hookId] as unknown as (...a: unknown[]) => unknown)(...args((text) => logger(hookId).info(`$.ui.log: ${text}`), event, next)), {
          logsOf: (hookId) => logs.get(hookId) ?? [],
        });
      }
      const result = await executeChain({
        execution: request.execution,
        hookIds: request.hookIds,
        context: request.context,
        aliases: request.aliases,
        fold: request.fold,
        extras: loggerField ? (hookId) => ({ [loggerField]: logger(hookId) }) : undefined,
        invoke: async (hookId, input) => {
          if (record) received.push({ point: request.point, hookId, context: JSON.parse(JSON.stringify(input)) as JsonObject });
          const hook = hooks[hookId];
          if (!hook) return { failure: { kind: "threw", message: `no test hook "${hookId}"`, location: null } };
          try {
            // A fold calls the handler with its positional arguments (`(event, ctx)`) and reports whether it returned a promise.
            if (request.fold && Array.isArray(input)) {
              const hookObject = classHook(hook);
              if (hookObject?.shouldTrigger && !hookObject.shouldTrigger(...(input as unknown[]))) return { returned: { value: { shouldTrigger: false }, promise: false } };
              const raw = hookObject ? hookObject.execute(...(input as unknown[])) : (hook as (...args: unknown[]) => unknown)(...(input as unknown[]));
              const promise = typeof (raw as { then?: unknown } | null)?.then === "function";
              return { returned: { value: await raw, promise } };
            }
            return { returned: await hook(input) };
          } catch (error) {
            return { failure: failureOf(error) };
          }
        },
      });
      const calls: HookCallResult[] = result.calls.map((c) => ({
        hookId: c.hookId,
        patch: c.patch,
        returned: c.returned,
        failure: c.failure ? { kind: c.failure.kind, message: c.failure.message, location: c.failure.location ?? null } : null,
        logs: logs.get(c.hookId) ?? [],
        durationMs: 0,
        clock: [],
        random: [],
        claimed: c.claimed,
        droppedWrites: c.droppedWrites,
        ...(c.output !== undefined ? { output: c.output } : {}),
        ...(c.warnings ? { warnings: c.warnings } : {}),
        ...(c.functions ? { functions: c.functions } : {}),
      }));
      const aborted = result.aborted ? { hookId: result.aborted.hookId, failure: { ...result.aborted.failure, location: null } } : null;
      if (!request.fold) return { calls, context: result.context, aborted };
      return { calls, context: result.context, aborted, result: result.result ?? null, pointError: result.pointError ?? null };
    },
    runTool(tool, input) {
      const fn = options.tools?.[tool];
      if (!fn) return Promise.resolve({ content: "", isError: true, logs: [], failure: { kind: "threw", message: `no test tool "${tool}"`, location: null } });
      try {
        const out = fn(input);
        const r = typeof out === "string" ? { content: out, isError: false } : out;
        return Promise.resolve({ ...r, logs: [], failure: null });
      } catch (error) {
        return Promise.resolve({ content: "", isError: true, logs: [], failure: failureOf(error) });
      }
    },
    dispose() {},
  };
}

function failureOf(error: unknown): ChainFailure & { location: null } {
  if (error instanceof SimulatedLimit) return { kind: error.kind, message: error.message, location: null };
  return { kind: "threw", message: error instanceof Error ? `${error.name}: ${error.message}` : String(error), location: null };
}

interface ClassHook {
  shouldTrigger?: (...args: unknown[]) => unknown;
  execute: (...args: unknown[]) => unknown;
}

/** A class (or object) hook with `execute`, instantiated per call, as the sandbox does (server/sandbox/guest/realm.ts classHook); null for a plain function. */
function classHook(entry: unknown): ClassHook | null {
  if (typeof entry === "function") {
    const proto = (entry as { prototype?: { execute?: unknown } }).prototype;
    return proto && typeof proto.execute === "function" ? new (entry as new () => ClassHook)() : null;
  }
  if (typeof entry === "object" && entry !== null && typeof (entry as { execute?: unknown }).execute === "function") return entry as ClassHook;
  return null;
}
