import type { QuickJSContext, QuickJSHandle, VmCallResult } from "quickjs-emscripten-core";
import type { ChainCallRecord, ChainFailure } from "../../core/chain/types";
import type { Json, JsonObject } from "../../core/json";
import { contextPatch } from "./contextPatch";
import type { ChainOpenOptions } from "./guest/chain";
import { newJsonString } from "./jsonString";
import { readJson } from "./guestAnswers";
import { CHAIN_GUEST_SCRIPT } from "./guestBundle.generated";
import type { SandboxInstance } from "./instance";

/**
 * The run's chain realm: the context of the hook point being run, parsed once from JSON, and
 * core/chain's step-by-step executor handing out copy-on-write drafts of it. Hook realms read
 * the drafts directly (same QuickJS runtime); only the per-hook records come back out, as JSON.
 */

type Api = "setLogger" | "open" | "openPatched" | "start" | "input" | "settleReturned" | "settleFailed" | "result" | "close";
/** The chain realm's API, in the order {@link ChainGuest.fns} holds it. */
export const CHAIN_API: readonly Api[] = ["setLogger", "open", "openPatched", "start", "input", "settleReturned", "settleFailed", "result", "close"];

/** Send a patch instead of the whole context when the patch is at most this share of the context. */
const PATCH_SHARE = 0.25;

export interface ChainOutput {
  calls: ChainCallRecord[];
  aborted: { hookId: string; failure: ChainFailure } | null;
  context?: JsonObject;
  /** "fold": the merged result and a fail-closed failure (core/chain/fold). */
  result?: Json | null;
  pointError?: string | null;
}

/** A guest call into the chain realm failed (interrupted, out of memory, or a bug); the message says which. */
export class ChainRealmError extends Error {
  override name = "ChainRealmError";
}

/**
 * The chain realm's guest side, prepared in a QuickJS context: the executor's API object and
 * its functions, in {@link CHAIN_API} order. Built once in the sandbox's pre-initialized
 * snapshot (template.ts); every run starts from a copy.
 */
export interface ChainGuest {
  context: QuickJSContext;
  api: QuickJSHandle;
  fns: QuickJSHandle[];
}

/** Evaluates the chain realm's guest bundle in `ctx` and locks the realm's built-ins. */
export function installChainGuest(ctx: QuickJSContext): ChainGuest {
  const exports = ctx.unwrapResult(ctx.evalCode(CHAIN_GUEST_SCRIPT, "hookwright:chain.js"));
  const install = ctx.getProp(exports, "installChain");
  exports.dispose();
  const api = ctx.unwrapResult(ctx.callFunction(install, ctx.undefined));
  install.dispose();
  const fns = CHAIN_API.map((name) => ctx.getProp(api, name));
  // Hooks can reach this realm's built-ins through the context's prototype chain; without a
  // Function constructor they cannot reach its global scope or evaluate code in it, and the
  // frozen built-ins keep the executor's bookkeeping (and so the trace) honest.
  ctx.unwrapResult(
    ctx.evalCode(
      `(() => {
        const lock = (f) => Object.defineProperty(Object.getPrototypeOf(f), "constructor", { value: undefined, writable: false, configurable: false });
        lock(function () {}); lock(async function () {}); lock(function* () {}); lock(async function* () {});
        delete globalThis.eval;
        // Built-ins the executor relies on stay as they are. Object.prototype is left alone:
        // freezing it would silently drop a hook's writes to keys such as "constructor".
        for (const c of [Object, Array, JSON, Reflect, Math, Proxy, Symbol, String, Number, Boolean, Error, Map, Set, WeakMap, WeakSet, Promise]) {
          Object.freeze(c);
          if (c.prototype && c !== Object) Object.freeze(c.prototype);
        }
        Object.freeze(Function.prototype);
      })()`,
      "hookwright:lock.js",
    ),
  ).dispose();
  return { context: ctx, api, fns };
}

export class ChainRealm {
  readonly context: QuickJSContext;
  private readonly api: QuickJSHandle;
  private readonly fns = new Map<Api, QuickJSHandle>();
  /** The hooks of the open chain, by index (the guest answers {@link start} with indices). */
  private hookIds: readonly string[] = [];
  /**
   * The caller's context the guest's kept input was made from, by reference (what the next
   * patch is computed against), and roughly how long its JSON is.
   */
  private last: { context: JsonObject; jsonLength: number } | null = null;

  constructor(
    private readonly instance: SandboxInstance,
    /** Counts how contexts crossed: as a patch against the previous one, or whole. */
    private readonly transfers: { contextsPatched: number; contextsWhole: number },
    guest: ChainGuest,
  ) {
    this.context = guest.context;
    this.api = guest.api;
    CHAIN_API.forEach((name, i) => {
      const fn = guest.fns[i];
      if (!fn) throw new Error(`chain API ${name} missing`);
      this.fns.set(name, fn);
    });
  }

  setLogger(hookId: string, logger: QuickJSHandle): void {
    const id = this.context.newString(hookId);
    try {
      this.check(this.context.callFunction(this.fn("setLogger"), this.api, id, logger)).dispose();
    } finally {
      id.dispose();
    }
  }

  /**
   * Opens a chain over `context`. When the previous chain's input (kept in the guest) differs
   * from it by a small patch, only the patch crosses: parsing a large context in QuickJS is the
   * biggest fixed cost of a chain, and consecutive hook points share their conversation.
   *
   * The host keeps the caller's previous context by reference and diffs the new one against it:
   * the engine builds each point's context from the previous one with structural sharing and
   * never mutates a context it handed over (ChainRequest.context), so an unchanged 1 MB history
   * is the same object on both sides and the diff skips it without visiting it.
   */
  open(context: JsonObject, options: ChainOpenOptions): void {
    const opts = JSON.stringify(options);
    this.hookIds = [...options.hookIds];
    const last = this.last;
    this.last = null;
    // A patch cannot reorder keys (hooks that list the context's fields must see the caller's
    // order): contextPatch answers null when the caller's order differs.
    const patch = last ? contextPatch(last.context, context) : null;
    if (last && patch) {
      const patchJson = JSON.stringify(patch);
      if (patchJson.length <= last.jsonLength * PATCH_SHARE) {
        try {
          this.call("openPatched", patchJson, opts);
          this.last = { context, jsonLength: last.jsonLength + patchJson.length };
          this.transfers.contextsPatched++;
          return;
        } catch (error) {
          if (!(error instanceof ChainRealmError) || this.instance.interrupted) throw error;
          // Out of step with the guest's copy (it should not happen): send the whole context.
        }
      }
    }
    const json = JSON.stringify(context);
    this.call("open", json, opts);
    this.last = { context, jsonLength: json.length };
    this.transfers.contextsWhole++;
  }

  private call(name: "open" | "openPatched", first: string, second: string): void {
    const ctx = this.context;
    const a = newJsonString(ctx, first);
    const b = ctx.newString(second);
    try {
      this.check(ctx.callFunction(this.fn(name), this.api, a, b)).dispose();
    } finally {
      a.dispose();
      b.dispose();
    }
  }

  /** `[index, hookId]` of the calls that may start now. */
  start(): [number, string][] {
    const ctx = this.context;
    const answer = this.check(ctx.callFunction(this.fn("start"), this.api));
    let indices: unknown;
    try {
      const type = ctx.typeof(answer);
      indices = type === "number" ? [ctx.getNumber(answer)] : type === "string" ? readJson(ctx.getString(answer)) : null;
    } finally {
      answer.dispose();
    }
    const ids = this.hookIds;
    const calls: [number, string][] = [];
    for (const index of Array.isArray(indices) ? (indices as unknown[]) : [null]) {
      const hookId = typeof index === "number" && Number.isInteger(index) ? ids[index] : undefined;
      if (typeof index !== "number" || hookId === undefined) throw new ChainRealmError("the chain realm answered with unreadable calls");
      calls.push([index, hookId]);
    }
    return calls;
  }

  /** The draft for call `index` (owned by the caller). */
  input(index: number): QuickJSHandle {
    const i = this.context.newNumber(index);
    try {
      return this.check(this.context.callFunction(this.fn("input"), this.api, i));
    } finally {
      i.dispose();
    }
  }

  /**
   * Commits a call that returned `returned`. Converting the return and the draft to JSON can run
   * the hook's own code (toJSON, getters), so the caller arms a budget around it; a failure here
   * throws {@link ChainRealmError}.
   */
  settleReturned(index: number, returned: QuickJSHandle, durationMs: number): void {
    const ctx = this.context;
    const i = ctx.newNumber(index);
    const d = ctx.newNumber(durationMs);
    try {
      this.check(ctx.callFunction(this.fn("settleReturned"), this.api, i, returned, d)).dispose();
    } finally {
      i.dispose();
      d.dispose();
    }
  }

  /** Commits a call whose answer is plain JSON (a command hook's stdout), as if a hook had returned it. */
  settleJson(index: number, value: Json | undefined, durationMs: number): void {
    const ctx = this.context;
    if (value === undefined) {
      this.settleReturned(index, ctx.undefined, durationMs);
      return;
    }
    const json = ctx.getProp(ctx.global, "JSON");
    const parse = ctx.getProp(json, "parse");
    const text = ctx.newString(JSON.stringify(value));
    try {
      const parsed = this.check(ctx.callFunction(parse, json, text));
      try {
        this.settleReturned(index, parsed, durationMs);
      } finally {
        parsed.dispose();
      }
    } finally {
      text.dispose();
      parse.dispose();
      json.dispose();
    }
  }

  settleFailed(index: number, failure: ChainFailure, durationMs: number): void {
    const ctx = this.context;
    const i = ctx.newNumber(index);
    const f = ctx.newString(JSON.stringify(failure));
    const d = ctx.newNumber(durationMs);
    try {
      this.check(ctx.callFunction(this.fn("settleFailed"), this.api, i, f, d)).dispose();
    } finally {
      i.dispose();
      f.dispose();
      d.dispose();
    }
  }

  result(withContext: boolean): ChainOutput {
    const flag = withContext ? this.context.true : this.context.false;
    const output = readJson(this.text(this.context.callFunction(this.fn("result"), this.api, flag)));
    if (!isChainOutput(output, withContext)) throw new ChainRealmError("the chain realm answered with unreadable records");
    return output;
  }

  close(): void {
    this.check(this.context.callFunction(this.fn("close"), this.api)).dispose();
  }

  private text(result: VmCallResult<QuickJSHandle>): string {
    const handle = this.check(result);
    try {
      return this.context.getString(handle);
    } finally {
      handle.dispose();
    }
  }

  private check(result: VmCallResult<QuickJSHandle>): QuickJSHandle {
    if (!result.error) return result.value;
    const interrupted = this.instance.interrupted;
    const error = this.context.dump(result.error) as { name?: string; message?: string } | string;
    result.error.dispose();
    const message = typeof error === "object" && error !== null ? `${error.name ?? "Error"}: ${error.message ?? ""}` : String(error);
    throw new ChainRealmError(interrupted ? "interrupted" : message);
  }

  private fn(name: Api): QuickJSHandle {
    const handle = this.fns.get(name);
    if (!handle) throw new Error(`chain API ${name} missing`);
    return handle;
  }

  dispose(): void {
    for (const handle of this.fns.values()) handle.dispose();
    this.fns.clear();
    this.api.dispose();
    this.context.dispose();
  }
}

/** A light check of the executor's output before the host relies on it. */
function isChainOutput(value: unknown, withContext: boolean): value is ChainOutput {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Record<string, unknown>;
  const calls = v.calls;
  if (!Array.isArray(calls)) return false;
  const callsOk = calls.every((c: unknown) => {
    if (typeof c !== "object" || c === null) return false;
    const r = c as Record<string, unknown>;
    return typeof r.hookId === "string" && Array.isArray(r.patch) && typeof r.durationMs === "number" && (r.failure === null || typeof r.failure === "object");
  });
  const context = v.context;
  return callsOk && (!withContext || (typeof context === "object" && context !== null && !Array.isArray(context)));
}
