import { createHash } from "node:crypto";
import { transform, version as esbuildVersion, type Message, type TransformOptions } from "esbuild";
import type { SourceLocation } from "../../core/trace/events";
import { indexSourceMap, type RawSourceMap, type SourceMapIndex } from "./sourceMap";
import { readTranspiled, transpiledCacheFile, writeTranspiled } from "./transpileCache";

/**
 * TypeScript to the JavaScript QuickJS runs, one file at a time (no bundling: imports between
 * the pipeline's own files are resolved by the sandbox's module loader). Type-only imports,
 * including imports used only as types such as `import { PreModelCallContext } from
 * "@vellumai/plugin-api"`, are erased here, so they never reach the loader.
 *
 * Results are cached by content: editing one hook re-transpiles only that hook.
 */

export interface CompiledModule {
  /** The module's path in the pipeline, e.g. `hooks/be-concise.ts` or `src/util.ts`. */
  path: string;
  code: string;
  map: SourceMapIndex;
}

export type CompileResult = { ok: true; module: CompiledModule } | { ok: false; error: { message: string; location: SourceLocation | null } };

const CACHE_LIMIT = 2000;
const cache = new Map<string, Promise<CompileResult>>();

/**
 * Transpiles one file of a pipeline.
 *
 * @returns the module, or the first syntax error as plain words with its location, e.g.
 *   `SyntaxError: Expected ")" but found "{" (hooks/h.ts:1:36)`. Never throws for bad user code.
 * @example const r = await compileModule("src/util.ts", "export const x: number = 1;");
 */
export function compileModule(path: string, source: string): Promise<CompileResult> {
  const key = createHash("sha256").update(path).update("\0").update(source).digest("base64");
  const hit = cache.get(key);
  if (hit) {
    // Re-insert so the map's order is least-recently used first.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const pending = transpile(path, source);
  cache.set(key, pending);
  if (cache.size > CACHE_LIMIT) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return pending;
}

const OPTIONS = { loader: "ts", format: "esm", target: "es2022", sourcemap: "external", sourcesContent: false, logLevel: "silent" } as const satisfies TransformOptions;

/** {@link compileModule} without the in-process cache: reads and writes the disk cache when there is one. */
export async function transpile(path: string, source: string): Promise<CompileResult> {
  // A CLI process reads what an earlier one transpiled (transpileCache.ts): no esbuild service to start.
  const file = transpiledCacheFile([esbuildVersion, JSON.stringify(OPTIONS), path, source]);
  const cached = file ? await readTranspiled(file) : null;
  if (cached) return compiled(path, source, cached.code, cached.map);
  try {
    const out = await transform(source, { ...OPTIONS, sourcefile: path });
    if (file) await writeTranspiled(file, { code: out.code, map: out.map });
    return compiled(path, source, out.code, out.map);
  } catch (error) {
    const first = (error as { errors?: Message[] }).errors?.[0];
    if (!first) throw error; // not a diagnostic: esbuild itself failed
    const location = first.location ? { file: path, line: first.location.line, column: first.location.column + 1 } : null;
    const where = location ? ` (${location.file}:${location.line}:${location.column})` : "";
    return { ok: false, error: { message: `SyntaxError: ${first.text}${where}`, location } };
  }
}

function compiled(path: string, source: string, code: string, mapJson: string): CompileResult {
  return { ok: true, module: { path, code, map: indexSourceMap(JSON.parse(mapJson) as RawSourceMap, code, source) } };
}
