import type { QuickJSContext, QuickJSHandle, VmCallResult } from "quickjs-emscripten-core";
import type { HookFailure } from "../../core/engine/ports";
import type { LogEntry } from "../../core/trace/events";
import { newRecording, type CallRecording, type RunDeterminism } from "./clock";
import { mapFramesInText, mib, neverSettledFailure, thrownFailure, timeoutFailure, where, type SourceMaps } from "./failures";
import type { GuestError } from "./guest/realm";
import { asCallReport, asGuestError, isRecord, readJson } from "./guestAnswers";
import { REALM_GUEST_SCRIPT } from "./guestBundle.generated";
import type { SandboxInstance } from "./instance";
import { EMPTY_SURFACE_OPTIONS, NodeSurface } from "./node/surface";

/**
 * One QuickJS context running one user module: a hook (`hooks/<id>.ts`) or a tool handler
 * (`tools/<name>.ts`), with the shared modules it imports instantiated inside it. Its globals
 * and module state are its own; they last as long as the run (or until it is reloaded after
 * hitting the memory limit).
 */

/** How long the sandbox's own guest-side bookkeeping may take (describing an error, collecting logs). */
const HOUSEKEEPING_MS = 250;

export interface CallOutcome {
  /** What the function returned (owned by the caller); null when it failed. */
  value: QuickJSHandle | null;
  failure: HookFailure | null;
  logs: LogEntry[];
  recording: CallRecording;
  durationMs: number;
}

type Api = "call" | "callArgs" | "callTool" | "toolResult" | "fireTimer" | "end" | "note" | "describe" | "hookName";
/** A realm's API, in the order {@link RealmGuest.fns} holds it. */
export const REALM_API: readonly Api[] = ["call", "callArgs", "callTool", "toolResult", "fireTimer", "end", "note", "describe", "hookName"];

/**
 * The host functions each realm's prelude captures (guest/realm.ts `RealmHost`), in the order
 * they are created. The order matters: a realm prepared in the pre-initialized snapshot refers
 * to them by the host reference ids they got then (template.ts registers them again in order).
 */
export const REALM_HOST_FUNCTIONS = ["now", "random", "peek", "advanceTo", "clockStart", "nodeSource", "nodeCall"] as const;
export type RealmHostFunction = (typeof REALM_HOST_FUNCTIONS)[number];
type HostImpl = (...args: QuickJSHandle[]) => QuickJSHandle | undefined;
const EMPTY_SURFACE = new NodeSurface(EMPTY_SURFACE_OPTIONS);

/** The implementation of host function `name` in `ctx`, reading and moving the run's clock and generator. */
export function realmHostFunction(ctx: QuickJSContext, det: RunDeterminism, name: RealmHostFunction, node: NodeSurface = EMPTY_SURFACE): HostImpl {
  switch (name) {
    case "now":
      return () => ctx.newNumber(det.readClock());
    case "random":
      return () => ctx.newNumber(det.readRandom());
    case "peek":
      return () => ctx.newNumber(det.peekClock());
    case "advanceTo":
      return (t) => {
        if (t) det.advanceTo(ctx.getNumber(t));
        return undefined;
      };
    case "clockStart":
      return () => ctx.newNumber(det.clockStart);
    case "nodeSource":
      return (name) => ctx.newString(name ? node.source(ctx.getString(name)) : "");
    case "nodeCall":
      return (op, payload) => ctx.newString(node.call(op ? ctx.getString(op) : "", payload ? ctx.getString(payload) : "null"));
  }
}

/**
 * A realm prepared for a module: its prelude installed (the deterministic stand-ins, the log
 * buffer, the calling API), no user code yet. Built in the sandbox's pre-initialized snapshot
 * for the first few modules of a run, on demand for more.
 */
export interface RealmGuest {
  context: QuickJSContext;
  api: QuickJSHandle;
  /** In {@link REALM_API} order. */
  fns: QuickJSHandle[];
  logger: QuickJSHandle;
}

/** Installs the realm prelude in `ctx`; `host(name)` implements each host function. */
export function installRealmGuest(ctx: QuickJSContext, host: (name: RealmHostFunction) => HostImpl): RealmGuest {
  const links = ctx.newObject();
  for (const name of REALM_HOST_FUNCTIONS) {
    const handle = ctx.newFunction(name, host(name));
    ctx.setProp(links, name, handle);
    handle.dispose();
  }
  const exports = ctx.unwrapResult(ctx.evalCode(REALM_GUEST_SCRIPT, "hookwright:realm.js"));
  const install = ctx.getProp(exports, "installRealm");
  exports.dispose();
  const api = ctx.unwrapResult(ctx.callFunction(install, ctx.undefined, links));
  install.dispose();
  links.dispose();
  return { context: ctx, api, fns: REALM_API.map((name) => ctx.getProp(api, name)), logger: ctx.getProp(api, "logger") };
}

export class ModuleRealm {
  readonly context: QuickJSContext;
  private readonly api: QuickJSHandle;
  private readonly fns = new Map<Api, QuickJSHandle>();
  /** The pino-like logger this realm's hook gets as `ctx.logger`. */
  readonly logger: QuickJSHandle;
  private entry: QuickJSHandle | null = null;
  /** The `name` its class-style hook declares (FIM One's `hook.name`), read once at load; null for none. */
  declaredName: string | null = null;
  /** Why the module cannot be called (syntax error, failed import, throwing top level, no default export). */
  loadError: HookFailure | null = null;
  /** Logs and clock/random reads of the module's top level, handed out with its first call. */
  private loadLogs: LogEntry[] = [];
  private loadRecording: CallRecording | null = null;
  /** It ran out of memory: its module state may be a heap full of garbage; the runner reloads it. */
  poisoned = false;
  /** The `requireApproval.onResolution` its last fold call returned, kept until the approval resolves. */
  private resolution: QuickJSHandle | null = null;

  constructor(
    private readonly instance: SandboxInstance,
    readonly path: string,
    private readonly maps: SourceMaps,
    guest: RealmGuest,
  ) {
    this.context = guest.context;
    this.api = guest.api;
    this.logger = guest.logger;
    REALM_API.forEach((name, i) => {
      const fn = guest.fns[i];
      if (!fn) throw new Error(`realm API ${name} missing`);
      this.fns.set(name, fn);
    });
  }

  /** Evaluates the module (its imports first) under the call limits; failures are kept in {@link loadError}. */
  load(code: string): void {
    const ctx = this.context;
    const det = this.instance.determinism;
    this.loadRecording = newRecording();
    det.recording = this.loadRecording;
    this.instance.loadFailure = null;
    this.instance.arm();
    let settled = this.settle(ctx.evalCode(code, this.path, { type: "module" }), " while loading the module");
    settled = this.withMemoryLimit(settled);
    det.recording = null;
    this.instance.disarm();
    if (settled.failure) {
      this.loadError = this.importFailure(settled.failure);
    } else if (settled.value) {
      const entry = ctx.getProp(settled.value, "default");
      settled.value.dispose();
      // An object with an execute method is a class-style hook (FIM One); the guest's callArgs calls it.
      if (ctx.typeof(entry) === "function" || hasExecute(ctx, entry)) {
        this.entry = entry;
        // Only class-style hooks declare a name: a plain function is never called here.
        if (hasExecute(ctx, entry) || hasExecute(ctx, entry, "prototype")) this.declaredName = this.readDeclaredName(entry);
      } else {
        entry.dispose();
        this.loadError = {
          kind: "threw",
          message: `TypeError: ${this.path} has no default export function; write \`export default async function (ctx) { … }\``,
          location: null,
        };
      }
    }
    const report = this.end();
    this.loadLogs = [...this.loadLogs, ...report.logs];
    if (report.failure && !this.loadError) this.loadError = report.failure;
    if (this.loadError?.kind === "memory") this.poisoned = true;
  }

  /** A class-style hook's `name` (its constructor runs once, under the housekeeping deadline), or null. */
  private readDeclaredName(entry: QuickJSHandle): string | null {
    const det = this.instance.determinism;
    det.recording = this.loadRecording;
    try {
      const name = this.housekeeping(() => this.context.callFunction(this.fn("hookName"), this.api, entry));
      return name ? name : null;
    } finally {
      det.recording = null;
    }
  }

  /** Adds a note to the next call's logs (e.g. that the module was reloaded). */
  note(level: LogEntry["level"], message: string): void {
    this.loadLogs.push({ level, message });
  }

  /**
   * Calls the hook with `input` (a draft from the chain realm) under the call limits: runs it
   * until its promise settles and no work it started is left, firing virtual timers when idle.
   */
  callHook(input: QuickJSHandle, spread = false): CallOutcome {
    if (spread) return this.invoke((ctx, entry) => ctx.callFunction(this.fn("callArgs"), this.api, entry, input));
    return this.invoke((ctx, entry) => ctx.callFunction(this.fn("call"), this.api, entry, input));
  }

  /** Calls the tool handler with its input (JSON text), under the same limits. */
  callTool(inputJson: string): CallOutcome {
    return this.invoke((ctx, entry) => {
      const json = ctx.newString(inputJson);
      try {
        return ctx.callFunction(this.fn("callTool"), this.api, entry, json);
      } finally {
        json.dispose();
      }
    });
  }

  /** A tool's returned value as `{content, isError}`, or a failure explaining the wrong shape. */
  toolResult(value: QuickJSHandle): { content: string; isError: boolean } | { invalid: string } {
    const text = this.housekeeping(() => this.context.callFunction(this.fn("toolResult"), this.api, value));
    const shaped = readJson(text);
    if (isRecord(shaped) && typeof shaped.content === "string" && typeof shaped.isError === "boolean") return { content: shaped.content, isError: shaped.isError };
    if (isRecord(shaped) && typeof shaped.invalid === "string") return { invalid: shaped.invalid };
    return { invalid: "the tool handler's result could not be read" };
  }

  private invoke(start: (ctx: QuickJSContext, entry: QuickJSHandle) => VmCallResult<QuickJSHandle>): CallOutcome {
    const recording = this.loadRecording ?? newRecording();
    this.loadRecording = null;
    const logs = this.loadLogs;
    this.loadLogs = [];
    if (this.loadError || !this.entry) {
      return { value: null, failure: this.loadError ?? { kind: "threw", message: "the module did not load", location: null }, logs, recording, durationMs: 0 };
    }
    const det = this.instance.determinism;
    det.recording = recording;
    this.instance.loadFailure = null;
    this.instance.arm();
    const started = performance.now();
    let settled = this.withMemoryLimit(this.settle(start(this.context, this.entry), ""));
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    this.instance.disarm();
    det.recording = null;
    if (settled.failure) settled = { value: null, failure: this.importFailure(settled.failure) };
    const report = this.end();
    let failure = settled.failure ?? report.failure;
    if (failure && settled.value) {
      settled.value.dispose();
      settled = { value: null, failure };
    }
    if (failure?.kind === "memory") this.poisoned = true;
    failure ??= null;
    return { value: settled.value, failure, logs: [...logs, ...report.logs], recording, durationMs };
  }

  /**
   * Drives a guest call to the end: adopts a returned promise, runs microtasks, fires virtual
   * timers when nothing else can run, and stops at the deadline. The result's value is owned.
   */
  private settle(result: VmCallResult<QuickJSHandle>, doing: string): { value: QuickJSHandle | null; failure: HookFailure | null } {
    const ctx = this.context;
    const rt = this.instance.runtime;
    if (result.error) return { value: null, failure: this.failureOf(result.error, doing) };
    let promise = result.value;
    for (;;) {
      const state = ctx.getPromiseState(promise);
      if (state.type === "fulfilled") {
        if (state.notAPromise) break;
        promise.dispose();
        promise = state.value;
        // A fulfilled promise's value is never itself a pending promise, but a hook's leftover
        // microtasks (work it started and did not await) still belong to this call.
        break;
      }
      if (state.type === "rejected") {
        promise.dispose();
        return { value: null, failure: this.failureOf(state.error, doing) };
      }
      if (rt.hasPendingJob()) {
        const jobs = rt.executePendingJobs();
        if (jobs.error) {
          promise.dispose();
          return { value: null, failure: this.failureOf(jobs.error, doing) };
        }
        // An interrupt inside a promise job can end that job silently (no error, no rejection).
        if (this.instance.interrupted) {
          promise.dispose();
          return { value: null, failure: timeoutFailure(this.instance.limits.timeoutMs, "", this.maps, doing) };
        }
        continue;
      }
      const fired = ctx.callFunction(this.fn("fireTimer"), this.api);
      if (fired.error) {
        promise.dispose();
        return { value: null, failure: this.failureOf(fired.error, doing) };
      }
      const any = ctx.dump(fired.value) === true;
      fired.value.dispose();
      if (!any) {
        promise.dispose();
        return { value: null, failure: neverSettledFailure() };
      }
    }
    while (rt.hasPendingJob()) {
      const jobs = rt.executePendingJobs();
      if (jobs.error || this.instance.interrupted) {
        promise.dispose();
        const failure = jobs.error ? this.failureOf(jobs.error, doing) : timeoutFailure(this.instance.limits.timeoutMs, "", this.maps, doing);
        return { value: null, failure };
      }
    }
    return { value: promise, failure: null };
  }

  /**
   * A call during which the instance's memory could not grow failed on its memory limit,
   * whatever it threw (QuickJS may throw null when it cannot even allocate the error) and even
   * if it caught the error and went on.
   */
  private withMemoryLimit(settled: { value: QuickJSHandle | null; failure: HookFailure | null }): { value: QuickJSHandle | null; failure: HookFailure | null } {
    if (!this.instance.memoryExceeded || settled.failure?.kind === "memory" || settled.failure?.kind === "timeout") return settled;
    settled.value?.dispose();
    const location = settled.failure?.location ?? null;
    return { value: null, failure: { kind: "memory", message: `exceeded the ${mib(this.instance.limits.memoryBytes)} memory limit${where(location)}`, location } };
  }

  /** A failed import surfaces in QuickJS's words; the module loader's own failure names the file and line. */
  private importFailure(failure: HookFailure): HookFailure {
    const refused = this.instance.loadFailure;
    return refused && failure.message.includes(refused.text) ? refused.failure : failure;
  }

  /** A thrown value (disposed here) as a failure. */
  private failureOf(error: QuickJSHandle, doing: string): HookFailure {
    const interrupted = this.instance.interrupted;
    const described = this.describe(error);
    error.dispose();
    if (interrupted) return timeoutFailure(this.instance.limits.timeoutMs, described?.stack ?? "", this.maps, doing);
    if (!described) return { kind: "threw", message: "threw a value that could not be described", location: null };
    return thrownFailure(described, this.maps, this.instance.limits.memoryBytes);
  }

  private describe(error: QuickJSHandle): GuestError | null {
    const text = this.housekeeping(() => this.context.callFunction(this.fn("describe"), this.api, error));
    return asGuestError(readJson(text));
  }

  /** Ends the call in the guest (cancels timers, collects logs). */
  private end(): { logs: LogEntry[]; failure: HookFailure | null } {
    const text = this.housekeeping(() => this.context.callFunction(this.fn("end"), this.api));
    if (text === "") return { logs: [], failure: null };
    const report = asCallReport(readJson(text));
    if (!report) return { logs: [{ level: "warn", message: "the sandbox could not collect this call's logs" }], failure: null };
    for (const entry of report.logs) entry.message = mapFramesInText(entry.message, this.maps);
    if (report.exit) return { logs: report.logs, failure: { kind: "threw", message: `Error: ${report.exit}`, location: null } };
    const failure = report.timerError ? thrownFailure(report.timerError, this.maps, this.instance.limits.memoryBytes) : null;
    if (failure) failure.message = `${failure.message.replace(where(failure.location), "")} (in a timer callback)${where(failure.location)}`;
    return { logs: report.logs, failure };
  }

  /** Runs the sandbox's own guest code that returns a string, with a short deadline; null if it failed. */
  private housekeeping(call: () => VmCallResult<QuickJSHandle>): string | null {
    const interrupted = this.instance.interrupted;
    this.instance.armHousekeeping(HOUSEKEEPING_MS);
    const result = call();
    this.instance.disarm();
    this.instance.interrupted = interrupted;
    if (result.error) {
      result.error.dispose();
      return null;
    }
    const text = this.context.typeof(result.value) === "string" ? this.context.getString(result.value) : null;
    result.value.dispose();
    return text;
  }

  private fn(name: Api): QuickJSHandle {
    const handle = this.fns.get(name);
    if (!handle) throw new Error(`realm API ${name} missing`);
    return handle;
  }

  /**
   * Keeps the `requireApproval.onResolution` function of a fold call's settled value (the guest's
   * `{ value, promise }`; null: the call failed), replacing any earlier one: only the latest call's callback
   * can be asked for.
   */
  keepResolution(settled: QuickJSHandle | null): void {
    this.resolution?.dispose();
    this.resolution = null;
    if (!settled) return;
    const ctx = this.context;
    // Plain property reads (as the host's `approval.onResolution`); any non-object step means none.
    let current: QuickJSHandle = settled.dup();
    let steps = 0;
    try {
      for (const key of ["value", "requireApproval", "onResolution"]) {
        if (ctx.typeof(current) !== "object") break;
        const next = ctx.getProp(current, key);
        current.dispose();
        current = next;
        steps += 1;
      }
    } catch {
      // A getter threw: the host's read would have thrown at the request already; nothing is kept.
      steps = 0;
    }
    if (steps === 3 && ctx.typeof(current) === "function") this.resolution = current;
    else if (current.alive) current.dispose();
  }

  /**
   * Calls the kept onResolution callback once with `decision`, in this realm (its module state
   * visible) under the call limits, running it to the end; null when the last call kept none.
   */
  callResolution(decision: string): CallOutcome | null {
    const fn = this.resolution;
    if (!fn) return null;
    this.resolution = null;
    try {
      return this.invoke((ctx) => {
        const args = ctx.newArray();
        const text = ctx.newString(decision);
        try {
          ctx.setProp(args, 0, text);
          return ctx.callFunction(this.fn("callArgs"), this.api, fn, args);
        } finally {
          text.dispose();
          args.dispose();
        }
      });
    } finally {
      fn.dispose();
    }
  }

  dispose(): void {
    this.resolution?.dispose();
    this.resolution = null;
    this.entry?.dispose();
    this.entry = null;
    this.logger.dispose();
    for (const handle of this.fns.values()) handle.dispose();
    this.fns.clear();
    this.api.dispose();
    this.context.dispose();
  }
}

/**
 * An object default export with an `execute` method (a class-style hook instance); with `via`
 * "prototype", a class whose instances have one.
 */
function hasExecute(ctx: QuickJSContext, entry: QuickJSHandle, via?: "prototype"): boolean {
  if (via === "prototype") {
    if (ctx.typeof(entry) !== "function") return false;
    const proto = ctx.getProp(entry, "prototype");
    try {
      return hasExecute(ctx, proto);
    } finally {
      proto.dispose();
    }
  }
  if (ctx.typeof(entry) !== "object") return false;
  const execute = ctx.getProp(entry, "execute");
  try {
    return ctx.typeof(execute) === "function";
  } finally {
    execute.dispose();
  }
}
