import { NODE_MODULE_EXPORTS } from "./nodeUnits.generated";

/**
 * Node's built-in modules as the sandbox's module loader sees them (issue 15): those the
 * simulated surface provides load as a small ESM wrapper around the realm's unit; those it
 * refuses fail the import with a message naming the module and why.
 */

/** The loader's name for a provided built-in (`node:path`). */
export const BUILTIN_PREFIX = "node:";

/** Modules the sandbox refuses, with the reason a user reads. */
const REFUSED: Readonly<Record<string, string>> = {
  child_process: "the sandbox cannot start processes",
  cluster: "the sandbox cannot start processes",
  worker_threads: "the sandbox cannot start threads",
  net: "the sandbox has no network sockets",
  dgram: "the sandbox has no network sockets",
  tls: "the sandbox has no network sockets",
  dns: "the sandbox has no network or name resolution",
  "dns/promises": "the sandbox has no network or name resolution",
  http2: "the sandbox has no network",
  inspector: "the sandbox has no debugger",
  "inspector/promises": "the sandbox has no debugger",
  vm: "the sandbox does not create JavaScript contexts (eval and new Function run in the hook's own realm)",
  v8: "the sandbox runs QuickJS, not V8, and exposes no engine internals",
  module: "the sandbox has no CommonJS loader or native add-ons",
  repl: "the sandbox has no terminal",
  readline: "the sandbox has no terminal",
  "readline/promises": "the sandbox has no terminal",
  tty: "the sandbox has no terminal",
  trace_events: "the sandbox has no tracing",
  wasi: "the sandbox does not run WebAssembly",
};

/** Every name Node itself treats as built-in that the sandbox neither provides nor refuses by name. */
const OTHER_NODE_BUILTINS = new Set(["async_hooks", "constants", "diagnostics_channel", "domain", "perf_hooks", "process", "punycode", "sea", "sqlite", "stream", "stream/consumers", "stream/promises", "stream/web", "sys", "test", "test/reporters", "zlib"]);

export type BuiltinResolution = { name: string } | { error: string } | null;

/**
 * What a specifier means as a built-in, imported from `base`: a provided module (its loader
 * name), a refusal in plain words, or null when it is not a Node built-in at all.
 */
export function resolveBuiltin(base: string, specifier: string): BuiltinResolution {
  const prefixed = specifier.startsWith(BUILTIN_PREFIX);
  const bare = prefixed ? specifier.slice(BUILTIN_PREFIX.length) : specifier;
  if (Object.hasOwn(NODE_MODULE_EXPORTS, bare)) return { name: `${BUILTIN_PREFIX}${bare}` };
  const why = REFUSED[bare];
  if (why !== undefined) return { error: `Cannot import "${specifier}" from ${base}: ${why}` };
  if (prefixed || OTHER_NODE_BUILTINS.has(bare)) {
    return { error: `Cannot import "${specifier}" from ${base}: the sandbox does not simulate this built-in module (it has ${providedList()})` };
  }
  return null;
}

function providedList(): string {
  return Object.keys(NODE_MODULE_EXPORTS).join(", ");
}

/** The ESM source the loader hands QuickJS for provided built-in `name` (`node:path`), or null. */
export function builtinWrapper(name: string): string | null {
  if (!name.startsWith(BUILTIN_PREFIX)) return null;
  const bare = name.slice(BUILTIN_PREFIX.length);
  const names = Object.hasOwn(NODE_MODULE_EXPORTS, bare) ? NODE_MODULE_EXPORTS[bare] : undefined;
  if (!names) return null;
  const lines = [`const m = globalThis[Symbol.for("hookwright.builtin")](${JSON.stringify(bare)});`, "export default m;"];
  if (names.length > 0) lines.push(`export const ${names.map((n) => `${n} = m.${n}`).join(", ")};`);
  return lines.join("\n");
}
