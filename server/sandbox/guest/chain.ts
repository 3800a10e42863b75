import { createChainRun, type ChainRun, type PendingCall } from "../../../core/chain/chainRun";
import type { FoldRequest } from "../../../core/chain/fold/spec";
import type { ChainExecution, ChainFailure } from "../../../core/chain/types";
import type { JsonObject, JsonPatch } from "../../../core/json";
import { applyPatch } from "../../../core/trace/jsonPatch";

/** Captured before user code runs: a hook replacing its realm's JSON cannot disturb the sandbox's bookkeeping. */
const { stringify, parse } = JSON;

/**
 * Guest code for the run's chain realm: holds the context of the hook point being run (parsed
 * once from JSON) and core/chain's step-by-step executor. The host asks it which hook to call
 * next, calls that hook in the hook's own realm with the draft it hands out, and reports back;
 * only the per-hook records (patches, returns) ever leave the sandbox, as one JSON string.
 */

export interface ChainOpenOptions {
  execution: ChainExecution;
  hookIds: string[];
  aliases?: string[][];
  loggerField?: string | null;
  /** "fold" chains: the host's merge rules (core/chain/fold). */
  fold?: FoldRequest;
}

export interface ChainApi {
  /** The logger a hook's realm made; shown to that hook as `ctx[loggerField]`. */
  setLogger(hookId: string, logger: unknown): void;
  /** Starts a chain over `contextJson`. */
  open(contextJson: string, optionsJson: string): void;
  /**
   * Starts a chain over the previous chain's input with `patchJson` applied: consecutive hook
   * points share most of their context (the conversation), so only the difference crosses.
   */
  openPatched(patchJson: string, optionsJson: string): void;
  /**
   * The index of the call that may start now when there is one (every sequential model), else
   * JSON of the indices (`[]` when the chain is done): the host knows the hook ids it opened
   * the chain with, and a number crosses without JSON on either side.
   */
  start(): number | string;
  /** The draft to hand the call's hook. */
  input(index: number): unknown;
  settleReturned(index: number, returned: unknown, durationMs: number): void;
  settleFailed(index: number, failureJson: string, durationMs: number): void;
  /** JSON of the records (and the resulting context when asked); closes the chain. */
  result(withContext: boolean): string;
  /** Drops an unfinished chain (after the host gave up on it). */
  close(): void;
}

export function installChain(): ChainApi {
  installRealmIndependentInstanceof();
  const loggers = new Map<string, unknown>();
  let run: ChainRun | null = null;
  let pending = new Map<number, PendingCall>();

  /** The last chain's input, kept for {@link ChainApi.openPatched}; the executor never mutates it. */
  let lastInput: JsonObject | null = null;
  /** Consecutive chains of a point send the same options: parsed once (the executor only reads them). */
  let lastOptions: { json: string; options: ChainOpenOptions } | null = null;

  const begin = (context: JsonObject, optionsJson: string): void => {
    if (lastOptions?.json !== optionsJson) lastOptions = { json: optionsJson, options: parse(optionsJson) as ChainOpenOptions };
    const options = lastOptions.options;
    const field = options.loggerField;
    lastInput = context;
    pending = new Map();
    run = createChainRun({
      execution: options.execution,
      hookIds: options.hookIds,
      context,
      aliases: options.aliases,
      fold: options.fold,
      extras: field ? (hookId) => (loggers.has(hookId) ? { [field]: loggers.get(hookId) } : {}) : undefined,
    });
  };

  const current = (): ChainRun => {
    if (!run) throw new Error("no chain is open");
    return run;
  };

  return {
    setLogger(hookId, logger) {
      loggers.set(hookId, logger);
    },
    open(contextJson, optionsJson) {
      begin(parse(contextJson) as JsonObject, optionsJson);
    },
    openPatched(patchJson, optionsJson) {
      if (!lastInput) throw new Error("no previous context to patch");
      begin(applyPatch(lastInput, parse(patchJson) as JsonPatch), optionsJson);
    },
    start() {
      const calls = current().start();
      // Indexed loops: for..of and destructuring go through the iterator protocol, slow in QuickJS.
      for (let i = 0; i < calls.length; i++) {
        const call = calls[i] as PendingCall;
        pending.set(call.index, call);
      }
      if (calls.length === 1) return (calls[0] as PendingCall).index;
      return calls.length === 0 ? "[]" : stringify(calls.map((c) => c.index));
    },
    input(index) {
      const call = pending.get(index);
      if (!call) throw new Error(`call ${index} has not started`);
      // A fold's handler is called with positional arguments (`(event, ctx)`): the realm spreads this array.
      return call.args ?? call.input;
    },
    settleReturned(index, returned, durationMs) {
      pending.delete(index);
      // QuickJS spreads a primitive string as {} (the host spreads its characters); a String
      // object spreads correctly and converts back to the same string.
      const value = typeof returned === "string" ? Object(returned) : returned;
      current().settle(index, { returned: value }, durationMs);
    },
    settleFailed(index, failureJson, durationMs) {
      pending.delete(index);
      current().settle(index, { failure: parse(failureJson) as ChainFailure }, durationMs);
    },
    result(withContext) {
      const r = current().result();
      run = null;
      pending = new Map();
      return stringify(withContext ? r : { calls: r.calls, aborted: r.aborted, result: r.result, pointError: r.pointError });
    },
    close() {
      run = null;
      pending = new Map();
    },
  };
}

/**
 * The executor tells boxed primitives and errors apart with `instanceof`, but the values it
 * converts come from the hooks' realms. Answers those checks by brand, in this realm only.
 */
function installRealmIndependentInstanceof(): void {
  const tagOf = Object.prototype.toString;
  const branded = (ctor: { name: string; prototype: { valueOf(): unknown } }) => {
    const tag = `[object ${ctor.name}]`;
    return (value: unknown) => {
      if (typeof value !== "object" || value === null) return false;
      try {
        // Answering without the throwing brand check matters: each throw builds an Error with a
        // backtrace (~10-20 µs in QuickJS), and the executor asks three times for every object a
        // hook stores or returns. An array is never a boxed primitive (Array.isArray runs no user
        // code; a revoked proxy throws and answers false). Nor is an object whose tag is not the
        // constructor's and that has no Symbol.toStringTag to change its tag: a real boxed value
        // without one always tags as `[object Number]` (String, Boolean).
        if (Array.isArray(value)) return false;
        if (tagOf.call(value) !== tag && !(Symbol.toStringTag in value)) return false;
        ctor.prototype.valueOf.call(value);
        return true;
      } catch {
        return false;
      }
    };
  };
  const ordinary = Function.prototype[Symbol.hasInstance];
  // Subclasses (the executor's DraftValueError) inherit the static method: they keep the ordinary check.
  const define = (ctor: object, test: (value: unknown) => boolean) =>
    Object.defineProperty(ctor, Symbol.hasInstance, {
      value: function (this: unknown, value: unknown): boolean {
        return this === ctor ? test(value) : ordinary.call(this, value);
      },
    });
  define(String, branded(String));
  define(Number, branded(Number));
  define(Boolean, branded(Boolean));
  define(Error, (value) => typeof value === "object" && value !== null && Object.prototype.toString.call(value) === "[object Error]");
}
