import type { QuickJSContext, QuickJSHandle, VmCallResult } from "quickjs-emscripten-core";
import type { ChainCallRecord, ChainFailure } from "../../core/chain/types";
import type { JsonObject } from "../../core/json";
import type { ChainOpenOptions } from "./guest/chain";
import { CHAIN_GUEST_SCRIPT } from "./guestBundle.generated";
import type { SandboxInstance } from "./instance";

/**
 * The run's chain realm: the context of the hook point being run, parsed once from JSON, and
 * core/chain's step-by-step executor handing out copy-on-write drafts of it. Hook realms read
 * the drafts directly (same QuickJS runtime); only the per-hook records come back out, as JSON.
 */

type Api = "setLogger" | "open" | "start" | "input" | "settleReturned" | "settleFailed" | "result" | "close";
const API: readonly Api[] = ["setLogger", "open", "start", "input", "settleReturned", "settleFailed", "result", "close"];

export interface ChainOutput {
  calls: ChainCallRecord[];
  aborted: { hookId: string; failure: ChainFailure } | null;
  context?: JsonObject;
}

/** A guest call into the chain realm failed (interrupted, out of memory, or a bug); the message says which. */
export class ChainRealmError extends Error {
  override name = "ChainRealmError";
}

export class ChainRealm {
  readonly context: QuickJSContext;
  private readonly api: QuickJSHandle;
  private readonly fns = new Map<Api, QuickJSHandle>();

  constructor(private readonly instance: SandboxInstance) {
    const ctx = instance.runtime.newContext();
    this.context = ctx;
    const exports = ctx.unwrapResult(ctx.evalCode(CHAIN_GUEST_SCRIPT, "hookwright:chain.js"));
    const install = ctx.getProp(exports, "installChain");
    exports.dispose();
    this.api = ctx.unwrapResult(ctx.callFunction(install, ctx.undefined));
    install.dispose();
    for (const name of API) this.fns.set(name, ctx.getProp(this.api, name));
    // Hooks can reach this realm's built-ins through the context's prototype chain; without a
    // Function constructor they cannot reach its global scope or evaluate code in it.
    ctx.unwrapResult(
      ctx.evalCode(
        `(() => {
          const lock = (f) => Object.defineProperty(Object.getPrototypeOf(f), "constructor", { value: undefined, writable: false, configurable: false });
          lock(function () {}); lock(async function () {}); lock(function* () {}); lock(async function* () {});
          delete globalThis.eval;
        })()`,
        "hookwright:lock.js",
      ),
    ).dispose();
  }

  setLogger(hookId: string, logger: QuickJSHandle): void {
    const id = this.context.newString(hookId);
    try {
      this.check(this.context.callFunction(this.fn("setLogger"), this.api, id, logger)).dispose();
    } finally {
      id.dispose();
    }
  }

  open(context: JsonObject, options: ChainOpenOptions): void {
    const ctx = this.context;
    const json = ctx.newString(JSON.stringify(context));
    const opts = ctx.newString(JSON.stringify(options));
    try {
      this.check(ctx.callFunction(this.fn("open"), this.api, json, opts)).dispose();
    } finally {
      json.dispose();
      opts.dispose();
    }
  }

  /** `[index, hookId]` of the calls that may start now. */
  start(): [number, string][] {
    return JSON.parse(this.text(this.context.callFunction(this.fn("start"), this.api))) as [number, string][];
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
    return JSON.parse(this.text(this.context.callFunction(this.fn("result"), this.api, flag))) as ChainOutput;
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
