import { moduleSchema, type PipelineModule } from "../pipeline/schema";
import { isSimulatedNodeModule } from "../sandbox/nodeBuiltins";
import { BundleError } from "./errors";
import { importSpecifiers } from "./importSpecifiers";
import { PLUGIN_API_PACKAGE } from "./manifest";
import { dirnameOf, isRelativeSpecifier, resolveRelative } from "./paths";
import type { PluginFiles } from "./types";

/** A file whose imports are followed: a hook's code at the path it was read from. */
export interface ImportRoot {
  path: string;
  code: string;
}

export interface ModuleGraph {
  modules: PipelineModule[];
  warnings: string[];
}

function candidatesFor(target: string): string[] {
  if (target.endsWith(".ts")) return [target];
  if (target.endsWith(".js")) return [`${target.slice(0, -3)}.ts`, target];
  return [`${target}.ts`, `${target}.js`, `${target}/index.ts`, `${target}/index.js`];
}

function readText(files: PluginFiles, path: string, importer: string): string {
  const content = files.get(path);
  if (content === null) throw new BundleError("NOT_TEXT", `${path} (imported by ${importer}) is not UTF-8 text.`);
  return content ?? "";
}

/**
 * Collects the modules the roots import relatively, recursively, as pipeline modules.
 * Modules listed in `seed` come first (in that order) even when nothing imports them.
 * A compiled `x.js` with no `x.ts` beside it is kept under the `.ts` name, because
 * pipeline modules are TypeScript; a specifier ending in `.js` finds it either way.
 *
 * @throws {BundleError} `OUTSIDE_PLUGIN` for an import that leaves the plugin folder (host
 *   internals), `MISSING_MODULE` when no file matches, `UNSUPPORTED_MODULE` for JSON or
 *   other non-script modules and for helpers under `hooks/`, `NOT_TEXT` for binary files.
 */
export function collectModules(files: PluginFiles, roots: readonly ImportRoot[], seed: readonly string[]): ModuleGraph {
  const modules = new Map<string, string>();
  const warnings: string[] = [];
  const queue: ImportRoot[] = [...roots];
  const enqueue = (path: string, importer: string): void => {
    const name = path.endsWith(".js") ? `${path.slice(0, -3)}.ts` : path;
    if (modules.has(name)) return;
    if (name.startsWith("hooks/")) {
      throw new BundleError(
        "UNSUPPORTED_MODULE",
        `${importer} imports ${path}, a helper inside hooks/; Hookwright keeps hooks/ for hook files, so move it (for example to src/) and update the import.`,
      );
    }
    const check = moduleSchema.safeParse({ path: name, code: "" });
    if (!check.success) {
      throw new BundleError("UNSUPPORTED_MODULE", `${importer} imports ${path}, which cannot be a Hookwright module: ${check.error.issues[0]?.message ?? "bad path"}.`);
    }
    const code = readText(files, path, importer);
    if (path !== name) warnings.push(`${path} is compiled JavaScript; it is imported as the TypeScript module ${name}.`);
    modules.set(name, code);
    queue.push({ path, code });
  };
  for (const path of seed) {
    if (files.has(path)) enqueue(path, "hookwright.json");
    else warnings.push(`hookwright.json lists the module ${path}, but the plugin has no such file; it is left out.`);
  }
  for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
    for (const specifier of importSpecifiers(item.code)) {
      if (!isRelativeSpecifier(specifier)) {
        // The sandbox simulates these Node built-ins (docs/sandbox.md), so they run as they are.
        if (specifier !== PLUGIN_API_PACKAGE && !isSimulatedNodeModule(specifier)) {
          warnings.push(
            `${item.path} imports "${specifier}"; in Hookwright only the plugin's own files, ${PLUGIN_API_PACKAGE} and the Node built-in modules the sandbox simulates can be imported, so it may fail when it runs here.`,
          );
        }
        continue;
      }
      const target = resolveRelative(dirnameOf(item.path), specifier);
      if (target === null) {
        throw new BundleError(
          "OUTSIDE_PLUGIN",
          `${item.path} imports ${specifier}, which is outside the plugin folder (host internals cannot be imported into a pipeline).`,
        );
      }
      if (/\.(json|mjs|cjs|mts|cts|tsx|jsx|css|node|wasm)$/.test(target)) {
        throw new BundleError("UNSUPPORTED_MODULE", `${item.path} imports ${specifier}; Hookwright modules are .ts files, so ${target} cannot be imported.`);
      }
      const found = candidatesFor(target).find((c) => files.has(c));
      if (found === undefined) {
        throw new BundleError("MISSING_MODULE", `${item.path} imports ${specifier}, but the plugin has no ${candidatesFor(target)[0] ?? target}.`);
      }
      enqueue(found, item.path);
    }
  }
  return { modules: [...modules].map(([path, code]) => ({ path, code })), warnings: [...new Set(warnings)] };
}
