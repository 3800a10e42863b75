import { runtimeKindOf } from "../../core/pipeline/runtimeSchema";
import type { Pipeline } from "../../core/pipeline/schema";

/**
 * The files of a pipeline as the sandbox's module loader sees them: each hook is
 * `hooks/<hookId>.ts`, each scenario tool handler `tools/<tool>.ts`, and the shared modules keep
 * their own paths (`src/util.ts`). User code can import only shared modules, by relative path,
 * the way a real plugin imports its `src/` files; nothing else resolves.
 */

export interface PipelineFiles {
  /** path -> TypeScript source */
  sources: Map<string, string>;
  hookPaths: Map<string, string>;
  /** tool name -> path (only tools with a handler) */
  toolPaths: Map<string, string>;
  /** bare specifier of a declared npm dependency -> its bundled module, or its import's error (server/deps) */
  packages: Map<string, Resolution>;
}

export function pipelineFiles(pipeline: Pick<Pipeline, "hooks" | "modules" | "scenarios">): PipelineFiles {
  const sources = new Map<string, string>();
  for (const m of pipeline.modules) sources.set(m.path, m.code);
  const unique = (dir: string, name: string): string => {
    const base = `${dir}/${name.replace(/[^A-Za-z0-9_.-]/g, "_")}`;
    let path = `${base}.ts`;
    for (let n = 2; sources.has(path); n++) path = `${base}-${n}.ts`;
    return path;
  };
  const hookPaths = new Map<string, string>();
  // Only the hooks QuickJS runs: a command hook's code is a script for the process sandbox (server/sandbox/command).
  for (const hook of pipeline.hooks.filter((h) => runtimeKindOf(h) === "function")) {
    const path = unique("hooks", hook.id);
    hookPaths.set(hook.id, path);
    sources.set(path, hook.code);
  }
  const toolPaths = new Map<string, string>();
  for (const scenario of pipeline.scenarios) {
    for (const tool of scenario.tools) {
      if (tool.handler === undefined || toolPaths.has(tool.name)) continue;
      const path = unique("tools", tool.name);
      toolPaths.set(tool.name, path);
      sources.set(path, tool.handler);
    }
  }
  return { sources, hookPaths, toolPaths, packages: new Map() };
}

export type Resolution = { path: string } | { error: string };

/**
 * Resolves `specifier` imported from the file `base`. Relative specifiers may omit `.ts`, use
 * `.js` for `.ts` (the TypeScript ESM habit) or name a folder with an `index.ts`.
 *
 * @returns the shared module's path, or an error in plain words naming the specifier.
 */
export function resolveImport(base: string, specifier: string, modules: ReadonlySet<string>, packages: ReadonlyMap<string, Resolution> = new Map()): Resolution {
  if (!specifier.startsWith("./") && !specifier.startsWith("../")) {
    const dependency = packages.get(specifier);
    if (dependency) return dependency;
    return {
      error:
        `Cannot import "${specifier}" from ${base}: it is not a dependency of the pipeline; declare the npm package in the pipeline's Settings (Dependencies). ` +
        `Without that the sandbox has only the Node built-in modules it simulates (e.g. "node:path") and the pipeline's own modules by relative path ` +
        `(e.g. "../src/util"); type-only imports are removed before the code runs`,
    };
  }
  const joined = normalize([...base.split("/").slice(0, -1), ...specifier.split("/")]);
  if (joined === null) return { error: `Cannot import "${specifier}" from ${base}: the path leaves the pipeline's folder` };
  const stem = joined.replace(/\.(?:js|mjs|ts|mts)$/, "");
  for (const candidate of [joined, `${stem}.ts`, `${stem}/index.ts`]) {
    if (modules.has(candidate)) return { path: candidate };
  }
  if (/^(?:hooks|tools)\//.test(joined)) {
    return { error: `Cannot import "${specifier}" from ${base}: hook and tool files cannot be imported; move shared code to a module such as src/util.ts` };
  }
  return { error: `Cannot import "${specifier}" from ${base}: the pipeline has no module ${stem}.ts` };
}

function normalize(parts: string[]): string | null {
  const out: string[] = [];
  for (const part of parts) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(part);
  }
  return out.join("/");
}
