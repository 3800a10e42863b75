import type { LogEntry } from "../../../core/trace/events";
import { installDate } from "./date";
import { isError } from "./format";
import { createConsole, createLogBuffer, createLogger, type GuestLogger } from "./logs";
import { installNode } from "./node/install";
import { installTimers } from "./timers";

/** Captured before user code runs: a hook replacing its realm's JSON cannot disturb the sandbox's bookkeeping. */
const { stringify, parse } = JSON;

/**
 * Guest code: prepares one QuickJS context ("realm") for a hook or tool module, and returns the
 * small API the host drives it with. Runs once per realm, before any user code, and leaves no
 * trace on the realm's globals except the standard ones it replaces (Date, Math.random,
 * console, timers, performance, crypto, structuredClone).
 */

/** Host functions handed to {@link installRealm} (QuickJS `newFunction`s): the realm's only link to the host. */
export interface RealmHost {
  /** Reads the run's virtual clock: the current ms since epoch, then +1 (recorded in the call). */
  now(): number;
  /** The next value of the run's seeded generator, in [0, 1) (recorded in the call). */
  random(): number;
  /** The clock's current value, not counted as a read. */
  peek(): number;
  /** Moves the clock forward when a virtual timer fires. */
  advanceTo(t: number): void;
  /**
   * The run's clock start, so `performance.now()` counts from it. A function, not a value: a
   * realm is prepared once in the sandbox's pre-initialized snapshot and then serves many runs.
   */
  clockStart(): number;
  /** The simulated Node surface (guest/node/install.ts): a unit's script by name, "" when none. */
  nodeSource(name: string): string;
  /** The simulated Node surface's run-bound services (the environment, files): JSON in, JSON out. */
  nodeCall(op: string, payload: string): string;
}

/** What the host learns when a call ends (JSON from {@link RealmApi.end}). */
export interface CallReport {
  logs: LogEntry[];
  /** The first error a timer callback threw during the call, as data. */
  timerError: GuestError | null;
  /** Set when the hook called `process.exit()` during the call (whether or not it caught the throw). */
  exit?: string;
}

export interface GuestError {
  name: string;
  message: string;
  stack: string;
  /** false when something other than an Error was thrown. */
  isError: boolean;
}

export interface RealmApi {
  /** Calls a hook with its context for one call; the result is a promise when the hook is async. */
  call(fn: unknown, input: unknown): unknown;
  /**
   * Calls a fold hook (OpenClaw's `(event, ctx)`) with `args` as its arguments; the promise
   * resolves to `{ value, promise }`: the returned value and whether the handler returned a
   * promise (synchronous hooks ignore one, as the host does).
   */
  callArgs(fn: unknown, args: unknown): unknown;
  /** Calls a tool handler with its input (JSON text). */
  callTool(fn: unknown, inputJson: string): unknown;
  /** A tool's return as JSON `{content, isError}`, or `{invalid}` naming what was wrong with it. */
  toolResult(value: unknown): string;
  /** Fires the earliest pending virtual timer; false when none is pending. */
  fireTimer(): boolean;
  /**
   * Ends the current call: cancels its timers and hands its logs to the host (JSON {@link CallReport}),
   * or "" when there is nothing to report (most calls: serialising an empty report in QuickJS
   * costs more than the rest of ending the call).
   */
  end(): string;
  /** Adds a line to the current call's logs (the host's notes, e.g. that a module was reloaded). */
  note(level: LogEntry["level"], message: string): void;
  /** Describes a thrown value as data (JSON {@link GuestError}). */
  describe(thrown: unknown): string;
  /**
   * The `name` a class-style hook (FIM One) declares: a string `name` on an instance of the
   * class (made once, as the host's registry makes it when the hook registers), or on the
   * exported object; "" for a plain function, none declared, or a constructor that throws.
   */
  hookName(entry: unknown): string;
  /** The pino-like logger the chain hands this realm's hook as `ctx.logger`. */
  logger: GuestLogger;
}

export function installRealm(host: RealmHost): RealmApi {
  const g = globalThis as unknown as Record<string, unknown>;
  const buffer = createLogBuffer();
  const logger = createLogger(buffer);
  let syncError: (() => void) | null = null;

  installDate(() => host.now());
  defineGlobal(Math, "random", function random() {
    return host.random();
  });
  defineGlobal(g, "performance", {
    now: () => host.now() - host.clockStart(),
    get timeOrigin() {
      return host.clockStart();
    },
  });
  defineGlobal(g, "crypto", createCrypto(() => host.random()));
  defineGlobal(g, "structuredClone", structuredClone_);
  defineGlobal(g, "console", createConsole(buffer));
  const timers = installTimers({ peek: () => host.peek(), advanceTo: (t) => host.advanceTo(t) });
  const node = installNode(host, (level, message) => buffer.push(level, message));
  installCrossRealmInstanceof();

  return {
    callArgs(fn, args) {
      const hook = classHook(fn);
      if (hook) return callClassHook(hook, Array.isArray(args) ? args : [args]);
      if (typeof fn !== "function") throw new TypeError("the hook module's default export is not a function");
      return callSpread(fn as (...args: unknown[]) => unknown, Array.isArray(args) ? args : [args]);
    },
    call(fn, input) {
      if (typeof fn !== "function") throw new TypeError("the hook module's default export is not a function");
      const overlay = withRealError(input);
      syncError = overlay ? overlay.sync : null;
      return promiseOf(fn(overlay ? overlay.input : input));
    },
    callTool(fn, inputJson) {
      if (typeof fn !== "function") throw new TypeError("the tool module's default export is not a function");
      return promiseOf(fn(parse(inputJson)));
    },
    toolResult(value) {
      if (typeof value === "string") return stringify({ content: value, isError: false });
      if (typeof value === "object" && value !== null && typeof (value as { content?: unknown }).content === "string") {
        const v = value as { content: string; isError?: unknown };
        return stringify({ content: v.content, isError: v.isError === true });
      }
      const got = value === null ? "null" : Array.isArray(value) ? "an array" : typeof value;
      return stringify({ invalid: `the tool handler must return a string or { content: string, isError?: boolean }, not ${got}` });
    },
    fireTimer: () => timers.fireNext(),
    end() {
      if (syncError) syncError();
      syncError = null;
      const cancelled = timers.cancelAll();
      if (cancelled > 0) {
        buffer.push(
          "warn",
          `${cancelled} timer${cancelled === 1 ? " was" : "s were"} still pending when the call ended and ${cancelled === 1 ? "was" : "were"} cancelled: timers never outlive a hook call`,
        );
      }
      const thrown = timers.takeError();
      const exit = node.takeExit();
      const logs = buffer.take();
      if (logs.length === 0 && !thrown && exit === null) return "";
      const report: CallReport = { logs, timerError: thrown ? describe(thrown.error) : null };
      if (exit !== null) report.exit = exit;
      return stringify(report);
    },
    note: (level, message) => buffer.push(level, message),
    describe: (thrown) => stringify(describe(thrown)),
    hookName(entry) {
      try {
        const hook = classHook(entry);
        const name = hook ? (hook as { name?: unknown }).name : undefined;
        return typeof name === "string" ? name : "";
      } catch {
        return "";
      }
    },
    logger,
  };
}

/** A fold handler's call: its return, and whether it was a promise (whose rejection a sync hook never sees). */
interface ClassHook {
  shouldTrigger?: (...args: unknown[]) => unknown;
  execute: (...args: unknown[]) => unknown;
}

/**
 * A hook written as a class or an object with `execute` (FIM One's class hooks): the class is
 * instantiated per call, as the host's registry holds one instance per session. Null for a plain function.
 */
function classHook(entry: unknown): ClassHook | null {
  if (typeof entry === "function") {
    const proto = (entry as { prototype?: unknown }).prototype as { execute?: unknown } | undefined;
    if (!proto || typeof proto.execute !== "function") return null;
    return new (entry as new () => ClassHook)();
  }
  if (typeof entry === "object" && entry !== null && typeof (entry as { execute?: unknown }).execute === "function") return entry as ClassHook;
  return null;
}

/** shouldTrigger (synchronous; a throw counts as the hook failing) then execute; false skips it with a default result the trace marks. */
function callClassHook(hook: ClassHook, args: unknown[]): Promise<{ value: unknown; promise: boolean }> {
  if (typeof hook.shouldTrigger === "function" && !hook.shouldTrigger(...args)) return Promise.resolve({ value: { shouldTrigger: false }, promise: false });
  return callSpread((...a: unknown[]) => hook.execute(...a), args);
}

function callSpread(fn: (...args: unknown[]) => unknown, args: unknown[]): Promise<{ value: unknown; promise: boolean }> {
  const raw = fn(...args);
  const promise = (typeof raw === "object" || typeof raw === "function") && raw !== null && typeof (raw as { then?: unknown }).then === "function";
  if (!promise) return Promise.resolve({ value: raw, promise: false });
  return Promise.resolve(raw).then((value) => ({ value, promise: true }));
}

function describe(thrown: unknown): GuestError {
  if (isError(thrown)) {
    return { name: String(thrown.name), message: String(thrown.message), stack: String(thrown.stack ?? ""), isError: true };
  }
  let message: string;
  try {
    message = typeof thrown === "string" ? thrown : stringify(thrown) ?? String(thrown);
  } catch {
    message = String(thrown);
  }
  return { name: "", message, stack: "", isError: false };
}

/** Hooks are awaited by the host like `await hook(ctx)`: a thenable is adopted, anything else is the value. */
function promiseOf(value: unknown): unknown {
  if (value instanceof Promise) return value;
  if (typeof value === "object" && value !== null && typeof (value as { then?: unknown }).then === "function") {
    return Promise.resolve(value);
  }
  return value;
}

/** An own enumerable data property, even for the key `__proto__` that plain assignment would not create. */
function defineData(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true });
}

function defineGlobal(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, writable: true, enumerable: false, configurable: true });
}

/**
 * Contexts are JSON, so an `error` field arrives as `{name, message}`; hooks typed against the
 * host expect a real Error. Shows them one (whose JSON is `{name, message}` again) and writes
 * back a changed name or message, unless the hook replaced the field itself.
 */
function withRealError(input: unknown): { input: object; sync: () => void } | null {
  if (typeof input !== "object" || input === null) return null;
  const raw = (input as { error?: unknown }).error;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return null;
  const shape = raw as { name?: unknown; message?: unknown };
  if (typeof shape.name !== "string" || typeof shape.message !== "string") return null;
  const name = shape.name;
  const message = shape.message;
  const error = new Error(message);
  error.name = name;
  defineGlobal(error, "toJSON", function toJSON(this: Error) {
    return { name: String(this.name), message: String(this.message) };
  });
  let replaced = false;
  const overlay = new Proxy(input, {
    get: (target, key) => (key === "error" && !replaced ? error : Reflect.get(target, key)),
    set: (target, key, value) => {
      if (key === "error") replaced = true;
      return Reflect.set(target, key, value);
    },
    deleteProperty: (target, key) => {
      if (key === "error") replaced = true;
      return Reflect.deleteProperty(target, key);
    },
    defineProperty: (target, key, descriptor) => {
      if (key === "error") replaced = true;
      return Reflect.defineProperty(target, key, descriptor);
    },
    getOwnPropertyDescriptor: (target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target, key);
      if (key === "error" && !replaced && descriptor) descriptor.value = error;
      return descriptor;
    },
  });
  return {
    input: overlay,
    sync() {
      if (!replaced && (error.name !== name || error.message !== message)) {
        Reflect.set(input, "error", { name: String(error.name), message: String(error.message) });
      }
    },
  };
}

/**
 * The context a hook receives lives in another realm (it is parsed once per chain, not per
 * hook), so its arrays are not instances of this realm's Array. Makes `x instanceof Array`
 * and `x instanceof Object` answer by kind, as they would for a same-realm value.
 */
function installCrossRealmInstanceof(): void {
  const ordinary = Function.prototype[Symbol.hasInstance];
  Object.defineProperty(Array, Symbol.hasInstance, {
    value: function (this: unknown, value: unknown): boolean {
      return this === Array ? Array.isArray(value) : ordinary.call(this, value);
    },
    configurable: true,
  });
  Object.defineProperty(Object, Symbol.hasInstance, {
    value: function (this: unknown, value: unknown): boolean {
      if (this !== Object) return ordinary.call(this, value);
      if ((typeof value !== "object" && typeof value !== "function") || value === null) return false;
      // Object.create(null) values are not instances; anything else ends in some realm's Object.prototype.
      return Object.getPrototypeOf(value) !== null;
    },
    configurable: true,
  });
}

/** Deterministic `crypto.getRandomValues` / `randomUUID` from the run's seeded generator. */
function createCrypto(random: () => number) {
  function getRandomValues<T extends ArrayBufferView>(array: T): T {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i += 4) {
      let word = Math.floor(random() * 0x100000000);
      for (let j = i; j < Math.min(i + 4, bytes.length); j++) {
        bytes[j] = word & 0xff;
        word >>>= 8;
      }
    }
    return array;
  }
  return {
    getRandomValues,
    randomUUID(): string {
      const b = getRandomValues(new Uint8Array(16));
      b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
      b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
      const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
      return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    },
  };
}

/** `structuredClone` for the values a hook handles: plain data, Date, Map, Set, typed arrays; cycles kept. */
function structuredClone_<T>(value: T): T {
  const seen = new Map<object, unknown>();
  const clone = (v: unknown): unknown => {
    if (typeof v === "function" || typeof v === "symbol") {
      throw new TypeError(`structuredClone: ${typeof v === "function" ? "a function" : "a symbol"} could not be cloned`);
    }
    if (typeof v !== "object" || v === null) return v;
    const done = seen.get(v);
    if (done !== undefined) return done;
    if (v instanceof Date) return new Date(v.getTime());
    if (v instanceof RegExp) return new RegExp(v.source, v.flags);
    if (ArrayBuffer.isView(v)) {
      const copy = (v as unknown as { slice(): unknown }).slice();
      seen.set(v, copy);
      return copy;
    }
    if (v instanceof Map) {
      const out = new Map();
      seen.set(v, out);
      v.forEach((val, key) => out.set(clone(key), clone(val)));
      return out;
    }
    if (v instanceof Set) {
      const out = new Set();
      seen.set(v, out);
      v.forEach((val) => out.add(clone(val)));
      return out;
    }
    if (isError(v)) {
      const out = new Error(v.message);
      out.name = v.name;
      seen.set(v, out);
      return out;
    }
    const out: Record<string, unknown> | unknown[] = Array.isArray(v) ? [] : {};
    seen.set(v, out);
    for (const key of Object.keys(v)) defineData(out, key, clone((v as Record<string, unknown>)[key]));
    return out;
  };
  return clone(value) as T;
}
