import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { packageFolders } from "./packageFolders";

/**
 * Why an installed set of dependencies is refused: a package with install scripts (they were
 * not run, `--ignore-scripts`, and without them it may not work) or native code (a binding.gyp,
 * `gypfile: true`, or a compiled `.node` add-on), which the sandbox cannot load.
 *
 * @returns a message naming the first such package and what it has, or null when all are plain JavaScript.
 */
export async function refusedPackage(nodeModules: string): Promise<string | null> {
  for (const folder of await packageFolders(nodeModules)) {
    let manifest: { name?: string; version?: string; scripts?: Record<string, unknown>; gypfile?: unknown };
    try {
      manifest = JSON.parse(await readFile(join(folder, "package.json"), "utf8")) as typeof manifest;
    } catch {
      continue; // not a package (a folder of files inside one)
    }
    const name = `${manifest.name ?? relative(nodeModules, folder)}${manifest.version ? `@${manifest.version}` : ""}`;
    const scripts = ["preinstall", "install", "postinstall"].filter((s) => typeof manifest.scripts?.[s] === "string");
    if (scripts.length > 0) return `dependency ${name} is refused: it has install scripts (${scripts.join(", ")}), which Hookwright does not run`;
    if (manifest.gypfile === true) return `dependency ${name} is refused: it builds native code (gypfile), which the sandbox cannot load`;
    const native = await nativeFile(folder);
    if (native) return `dependency ${name} is refused: it has native code (${native}), which the sandbox cannot load`;
  }
  return null;
}

/** The first binding.gyp or *.node file of a package (not of its nested dependencies), relative to it. */
async function nativeFile(folder: string): Promise<string | null> {
  const entries = await readdir(folder, { withFileTypes: true, recursive: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile() || !(entry.name === "binding.gyp" || entry.name.endsWith(".node"))) continue;
    const path = relative(folder, join(entry.parentPath, entry.name));
    if (!path.split("/").includes("node_modules")) return path;
  }
  return null;
}
