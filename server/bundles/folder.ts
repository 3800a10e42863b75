import { lstat, mkdir, readdir, readFile, realpath, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { BundleFile } from "~/core/bundles/types";
import { ArchiveError } from "./archiveError";
import { checkEntryName } from "./entryName";
import { DEFAULT_ARCHIVE_LIMITS, formatBytes, type ArchiveLimits } from "./limits";

/** Folders of an installed plugin that are not part of its source: runtime data and dependencies. */
const SKIPPED_AT_ROOT = new Set(["node_modules", ".git", "data"]);

/**
 * Reads a plugin folder with the same limits as an archive: at most `maxEntries` files and
 * folders, `maxFileBytes` each and `maxTotalBytes` together. Links inside it are refused
 * (the folder itself may be a link, as the host's README suggests for development).
 *
 * @throws {ArchiveError} naming the file and the reason.
 */
export async function readPluginFolder(dir: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<Map<string, Uint8Array>> {
  const root = await realpath(dir);
  const files = new Map<string, Uint8Array>();
  let entries = 0;
  let total = 0;
  const walk = async (relative: string): Promise<void> => {
    const names = (await readdir(join(root, relative))).sort();
    for (const name of names) {
      const path = relative === "" ? name : `${relative}/${name}`;
      if (relative === "" && SKIPPED_AT_ROOT.has(name)) continue;
      entries++;
      if (entries > limits.maxEntries) {
        throw new ArchiveError("TOO_MANY_ENTRIES", `The folder has more than ${limits.maxEntries} files and folders, the limit for a plugin.`);
      }
      const stat = await lstat(join(root, path));
      if (stat.isSymbolicLink()) throw new ArchiveError("LINK", `"${path}" is a symbolic link; links are not allowed in a plugin folder.`);
      if (stat.isDirectory()) {
        await walk(path);
        continue;
      }
      if (!stat.isFile()) throw new ArchiveError("NOT_REGULAR_FILE", `"${path}" is not a regular file or folder.`);
      if (stat.size > limits.maxFileBytes) {
        throw new ArchiveError("FILE_TOO_LARGE", `"${path}" is ${formatBytes(stat.size)}; at most ${formatBytes(limits.maxFileBytes)} per file are allowed.`);
      }
      total += stat.size;
      if (total > limits.maxTotalBytes) throw new ArchiveError("TOTAL_TOO_LARGE", `The folder holds more than ${formatBytes(limits.maxTotalBytes)}, the limit for a plugin.`);
      files.set(path, await readFile(join(root, path)));
    }
  };
  await walk("");
  return files;
}

/**
 * Writes a plugin's files into `dir`, creating it. Refuses a folder that already has files,
 * so an export never mixes with (or overwrites) something else.
 *
 * @throws {ArchiveError} `FOLDER_NOT_EMPTY`.
 */
export async function writePluginFolder(dir: string, files: readonly BundleFile[]): Promise<void> {
  const existing = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === "ENOENT") return [];
    throw err;
  });
  if (existing.length > 0) throw new ArchiveError("FOLDER_NOT_EMPTY", `${dir} already has files in it; export into a new or empty folder.`);
  for (const file of files) {
    const { name } = checkEntryName(file.path);
    const target = join(dir, name);
    await mkdir(dirname(target), { recursive: true });
    // A script the host runs by its path keeps its executable bit.
    await writeFile(target, file.content, { encoding: "utf8", mode: file.executable ? 0o755 : 0o644 });
  }
}
