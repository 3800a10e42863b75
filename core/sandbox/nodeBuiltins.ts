/**
 * The Node built-in modules the sandbox simulates (docs/node-surface.md),
 * by their bare names; importable as `node:x` or `x`. Core's copy of the list, for the plugin
 * importer and the editor; server/sandbox/node/builtins.test.ts checks it against the sandbox.
 */
export const SIMULATED_NODE_MODULES: readonly string[] = [
  "process",
  "buffer",
  "events",
  "url",
  "path",
  "path/posix",
  "util",
  "util/types",
  "crypto",
  "os",
  "querystring",
  "assert",
  "assert/strict",
  "string_decoder",
  "timers",
  "timers/promises",
  "fs",
  "fs/promises",
  "http",
  "https",
];

/** Whether `specifier` names a Node built-in the sandbox simulates (`node:fs`, `path`). */
export function isSimulatedNodeModule(specifier: string): boolean {
  return SIMULATED_NODE_MODULES.includes(specifier.startsWith("node:") ? specifier.slice(5) : specifier);
}
