import type { LogLevel, UnitEnv, UnitFactory } from "./unitEnv";

/**
 * Guest code: the simulated Node host surface of one realm (issue 15). Installed by the realm
 * prelude before any user code; costs nothing until used. The Node globals (`process`,
 * `Buffer`, `URL`, …) are accessors that load their unit on first touch, and the built-in
 * modules are loaded when first imported. Units are scripts the host hands over by name
 * (`nodeSource`); everything run-bound (the environment, files) goes through `nodeCall`,
 * which the host records. Nothing here reaches anything real.
 */

export interface NodeHostLinks {
  now(): number;
  random(): number;
  peek(): number;
  clockStart(): number;
  /** The script of unit `name` (evaluates to `{ create }`), or "" when there is none. */
  nodeSource(name: string): string;
  /** A run-bound service: `op` and JSON in, JSON out (`{ error }` when refused). */
  nodeCall(op: string, payload: string): string;
}

export interface NodeRealm {
  /** The failure the hook asked for with `process.exit()` during this call (then forgotten). */
  takeExit(): string | null;
}

/** The key of the one global the module wrappers read built-ins through (non-writable, non-configurable). */
export const BUILTIN_KEY = "hookwright.builtin";

/** Globals that load a unit when first read: name -> [unit, export]. */
const LAZY_GLOBALS: Record<string, readonly [string, string | null]> = {
  process: ["process", null],
  Buffer: ["buffer", "Buffer"],
  TextEncoder: ["internal/text", "TextEncoder"],
  TextDecoder: ["internal/text", "TextDecoder"],
  atob: ["internal/text", "atob"],
  btoa: ["internal/text", "btoa"],
  URL: ["url", "URL"],
  URLSearchParams: ["url", "URLSearchParams"],
  Event: ["internal/abort", "Event"],
  EventTarget: ["internal/abort", "EventTarget"],
  AbortController: ["internal/abort", "AbortController"],
  AbortSignal: ["internal/abort", "AbortSignal"],
  DOMException: ["internal/abort", "DOMException"],
  fetch: ["internal/fetch", "fetch"],
  Headers: ["internal/fetch", "Headers"],
  Request: ["internal/fetch", "Request"],
  Response: ["internal/fetch", "Response"],
};

export function installNode(host: NodeHostLinks, log: (level: LogLevel, message: string) => void): NodeRealm {
  const g = globalThis as unknown as Record<string, unknown>;
  // Captured before user code runs: replacing the realm's eval or JSON later changes nothing here.
  const evaluate = g.eval as (code: string) => unknown;
  const { stringify, parse } = JSON;
  const setTimeout_ = g.setTimeout as (fn: (...a: unknown[]) => void, ms: number, ...args: unknown[]) => number;
  const clearTimeout_ = g.clearTimeout as (id: unknown) => void;
  const units = new Map<string, Record<string, unknown>>();
  const loading = new Set<string>();
  let exitMessage: string | null = null;

  const env: UnitEnv = {
    unit<T>(name: string): T {
      return load(name) as T;
    },
    builtin: (name) => builtin(name),
    log,
    now: () => host.now(),
    peek: () => host.peek(),
    clockStart: () => host.clockStart(),
    random: () => host.random(),
    call(op, payload) {
      const answer = parse(host.nodeCall(op, stringify(payload) ?? "null")) as unknown;
      if (typeof answer === "object" && answer !== null && "error" in answer) {
        const { error, code } = answer as { error: string; code?: string };
        const e = new Error(error);
        if (code) (e as Error & { code: string }).code = code;
        throw e;
      }
      return (answer as { value?: unknown }).value;
    },
    exit(message) {
      exitMessage ??= message;
      throw new Error(message);
    },
  };

  function load(name: string): Record<string, unknown> {
    const exports = tryLoad(name);
    if (!exports) throw new Error(`the sandbox has no built-in unit ${name}`);
    return exports;
  }

  function tryLoad(name: string): Record<string, unknown> | undefined {
    const done = units.get(name);
    if (done) return done;
    if (loading.has(name)) throw new Error(`the sandbox's ${name} module requires itself`);
    const source = host.nodeSource(name);
    if (source === "") return undefined;
    loading.add(name);
    try {
      const { create } = evaluate(source) as { create: UnitFactory };
      const exports = create(env);
      units.set(name, exports);
      return exports;
    } finally {
      loading.delete(name);
    }
  }

  function builtin(name: string): unknown {
    const bare = name.startsWith("node:") ? name.slice(5) : name;
    if (bare.startsWith("internal/")) return undefined;
    return tryLoad(bare);
  }

  for (const [name, [unit, key]] of Object.entries(LAZY_GLOBALS)) {
    Object.defineProperty(g, name, {
      configurable: true,
      enumerable: false,
      get() {
        const exports = load(unit);
        const value = key === null ? exports : exports[key];
        Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
        return value;
      },
      set(value: unknown) {
        Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
      },
    });
  }
  const define = (name: string, value: unknown) => Object.defineProperty(g, name, { value, writable: true, configurable: true, enumerable: false });
  define("global", g);
  define("setImmediate", function setImmediate(callback: (...a: unknown[]) => void, ...args: unknown[]) {
    return setTimeout_(callback, 0, ...args);
  });
  define("clearImmediate", function clearImmediate(id: unknown) {
    clearTimeout_(id);
  });
  Object.defineProperty(g, Symbol.for(BUILTIN_KEY), { value: builtin, writable: false, configurable: false, enumerable: false });

  return {
    takeExit() {
      const message = exitMessage;
      exitMessage = null;
      return message;
    },
  };
}
