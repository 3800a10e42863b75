import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { typesPackageOf, type Dependency } from "../../core/pipeline/dependencySchema";
import { installDependencies } from "./install";

/**
 * The type declarations of a pipeline's dependencies, for the editor's TypeScript (Monaco):
 * each declared package's `.d.ts` files and its package.json (whose `types`/`typings` lead
 * the module resolution to them), or those of `@types/<name>` when that is declared too, as
 * files under `file:///node_modules/`. Read from the installed set; nothing else of the disk.
 */

export interface TypeFile {
  /** e.g. `file:///node_modules/shell-quote/index.d.ts` */
  filePath: string;
  content: string;
}

/**
 * The install of the set as the editor shows it, with the declarations: each declared package's
 * installed version, or the install's failure in plain words and the declared package it
 * concerns (null when it is none of them: a package they depend on, or npm itself).
 */
export type TypesResult =
  | { ok: true; files: TypeFile[]; untyped: string[]; versions: Record<string, string> }
  | { ok: false; message: string; dependency: string | null };

/** Declarations past this (all packages together) are left out: the editor would crawl. */
const MAX_TOTAL_BYTES = 4 << 20;

export async function dependencyTypes(dependencies: readonly Dependency[]): Promise<TypesResult> {
  if (dependencies.length === 0) return { ok: true, files: [], untyped: [], versions: {} };
  const installed = await installDependencies(dependencies);
  if (!installed.ok) return { ...installed, dependency: dependencyOfFailure(installed.message, dependencies) };
  const nodeModules = join(installed.dir, "node_modules");
  const versions: Record<string, string> = {};
  for (const d of dependencies) {
    const manifest = await readFile(join(nodeModules, d.name, "package.json"), "utf8").then((t) => JSON.parse(t) as { version?: unknown }, () => null);
    if (typeof manifest?.version === "string") versions[d.name] = manifest.version;
  }
  const files: TypeFile[] = [];
  const untyped: string[] = [];
  let total = 0;
  for (const dependency of dependencies) {
    const typesPackage = dependency.name.startsWith("@types/") ? dependency.name : null;
    const own = typesPackage ? [] : await declarationsOf(nodeModules, dependency.name);
    const found = typesPackage ? await declarationsOf(nodeModules, typesPackage) : own;
    if (!typesPackage && own.length === 0 && !dependencies.some((d) => d.name === typesPackageOf(dependency.name))) untyped.push(dependency.name);
    for (const file of found) {
      total += file.content.length;
      if (total > MAX_TOTAL_BYTES) return { ok: true, files, untyped, versions };
      files.push(file);
    }
  }
  return { ok: true, files, untyped, versions };
}

/** The declared dependency an install message names (`dependency shell-quote: …`, `dependency sneaky@1.0.0 is refused: …`), or null. */
export function dependencyOfFailure(message: string, dependencies: readonly Dependency[]): string | null {
  const named = /^dependency ((?:@[^/\s]+\/)?[^@\s:]+)/.exec(message)?.[1];
  return named !== undefined && dependencies.some((d) => d.name === named) ? named : null;
}


/** A package's package.json and every .d.ts in it (not its nested node_modules), when it declares or has types. */
async function declarationsOf(nodeModules: string, name: string): Promise<TypeFile[]> {
  const folder = join(nodeModules, name);
  let manifest: { types?: unknown; typings?: unknown };
  let manifestText: string;
  try {
    manifestText = await readFile(join(folder, "package.json"), "utf8");
    manifest = JSON.parse(manifestText) as typeof manifest;
  } catch {
    return [];
  }
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  const declarations = entries.filter((e) => e.isFile() && /\.d\.(?:c|m)?ts$/.test(e.name)).map((e) => join(e.parentPath, e.name));
  const own = declarations.filter((path) => !relative(folder, path).split("/").includes("node_modules"));
  const hasTypes = typeof manifest.types === "string" || typeof manifest.typings === "string" || (await stat(join(folder, "index.d.ts")).then(() => true, () => false));
  if (!hasTypes || own.length === 0) return [];
  const files: TypeFile[] = [{ filePath: `file:///node_modules/${name}/package.json`, content: manifestText }];
  for (const path of own) files.push({ filePath: `file:///node_modules/${name}/${relative(folder, path)}`, content: await readFile(path, "utf8") });
  return files;
}
