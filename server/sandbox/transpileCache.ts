import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Transpiled modules kept on disk for one-shot processes (the CLI): each `hookwright run` would
 * otherwise start esbuild's service and transpile every hook again. Used only when
 * `HOOKWRIGHT_SANDBOX_CACHE` names a folder (bin/hookwright.mjs sets it), beside the sandbox's
 * snapshot; one small JSON file per module, named by a hash of everything its output depends
 * on. A file that cannot be read or is not one of ours is ignored and written again.
 */

const FORMAT = "hookwright.transpiled/1";

export interface TranspiledFile {
  code: string;
  /** esbuild's source map, as JSON text. */
  map: string;
}

/** The cache file for `parts` (esbuild's version, its options, the path, the source), or null when there is no cache folder. */
export function transpiledCacheFile(parts: readonly string[]): string | null {
  const dir = process.env.HOOKWRIGHT_SANDBOX_CACHE;
  if (!dir) return null;
  const hash = createHash("sha256").update(FORMAT);
  for (const part of parts) hash.update("\0").update(part);
  return join(dir, "transpiled", `${hash.digest("hex").slice(0, 40)}.json`);
}

export async function readTranspiled(file: string): Promise<TranspiledFile | null> {
  try {
    const value = JSON.parse(await readFile(file, "utf8")) as Partial<TranspiledFile> & { format?: unknown };
    return value.format === FORMAT && typeof value.code === "string" && typeof value.map === "string" ? { code: value.code, map: value.map } : null;
  } catch {
    return null;
  }
}

/** Writes atomically (aside, then renamed); a cache that cannot be written only costs time. */
export async function writeTranspiled(file: string, value: TranspiledFile): Promise<void> {
  try {
    await mkdir(join(file, ".."), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    await writeFile(temp, JSON.stringify({ format: FORMAT, ...value }));
    await rename(temp, file);
  } catch {
    // read-only or full disk: the next process transpiles again
  }
}
