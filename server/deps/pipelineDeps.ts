import { importSpecifiers } from "../../core/bundles/importSpecifiers";
import { dependencySchema, packageOfSpecifier, type Dependency } from "../../core/pipeline/dependencySchema";
import type { Resolution } from "../sandbox/modules";
import { indexSourceMap } from "../sandbox/sourceMap";
import type { CompileResult } from "../sandbox/transpile";
import { bundleDependency, importedNames } from "./bundle";
import { installDependencies } from "./install";

/**
 * What a run's sandbox needs of the pipeline's declared dependencies: for each bare specifier
 * the hooks import whose package is declared, the bundled module (its path under
 * `node_modules/`) or the reason it cannot be had (install failed, refused, bundling failed),
 * which becomes that import's error on the hook's card. Nothing is installed for a pipeline
 * whose hooks import no declared package.
 */
export interface DependencyModules {
  /** bare specifier -> the module's path, or the error its import gets */
  packages: Map<string, Resolution>;
  /** path -> the bundled module, for the sandbox's module loader */
  modules: Map<string, CompileResult>;
}

export async function dependencyModules(dependencies: readonly Dependency[] | undefined, compiled: ReadonlyMap<string, CompileResult>): Promise<DependencyModules> {
  const result: DependencyModules = { packages: new Map(), modules: new Map() };
  if (!dependencies || dependencies.length === 0) return result;
  const declared = new Set(dependencies.map((d) => d.name));
  // specifier -> names imported from it, across every module of the pipeline
  const wanted = new Map<string, string[]>();
  for (const r of compiled.values()) {
    if (!r.ok) continue;
    for (const specifier of importSpecifiers(r.module.code)) {
      const pkg = packageOfSpecifier(specifier);
      if (pkg === null || !declared.has(pkg)) continue;
      wanted.set(specifier, [...(wanted.get(specifier) ?? []), ...importedNames(r.module.code, specifier)]);
    }
  }
  if (wanted.size === 0) return result;
  // A pipeline that did not come through the schema (an old export, a hand-edited file) still
  // cannot point the installer at a path or URL.
  const invalid = dependencies.map((d) => dependencySchema.safeParse(d)).find((r) => !r.success);
  const installed = invalid ? { ok: false as const, message: invalid.error?.issues[0]?.message ?? "a dependency is invalid" } : await installDependencies(dependencies);
  for (const [specifier, names] of wanted) {
    const refuse = (message: string) => result.packages.set(specifier, { error: `Cannot import "${specifier}": ${message}` });
    if (!installed.ok) {
      refuse(installed.message);
      continue;
    }
    const bundled = await bundleDependency(installed.dir, specifier, names);
    if (!bundled.ok) {
      refuse(bundled.message);
      continue;
    }
    const path = `node_modules/${specifier}.js`;
    result.packages.set(specifier, { path });
    // Errors inside a dependency are reported at the import in the hook, not inside the bundle: no map.
    result.modules.set(path, { ok: true, module: { path, code: bundled.code, map: indexSourceMap({ mappings: "" }, bundled.code, "") } });
  }
  return result;
}
