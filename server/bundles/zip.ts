import { strToU8, zipSync, type Zippable } from "fflate";
import type { BundleFile } from "~/core/bundles/types";

/**
 * Every entry's modification time, 1980-01-01 00:00 (the first DOS date). Built from local
 * date parts on each call because ZIP stores local DOS time and fflate reads it with the local
 * getters: it then comes out the same in every time zone, which keeps bundles byte-identical.
 */
function fixedMtime(): Date {
  return new Date(1980, 0, 1, 0, 0, 0);
}
/** Unix (3) regular file, rw-r--r-- (rwxr-xr-x for a script run by its path), so `unzip` restores sane permissions. */
const UNIX = 3;
const REGULAR_FILE_0644 = (0o100644 << 16) >>> 0;
const EXECUTABLE_FILE_0755 = (0o100755 << 16) >>> 0;

/**
 * Zips a plugin's files under one top-level folder (`<folder>/package.json`, …), so unzipping
 * into `<workspace>/plugins/` installs it. Entries are in path order with fixed timestamps
 * and attributes: the same files always give the same bytes.
 */
export function zipPlugin(folder: string, files: readonly BundleFile[]): Uint8Array {
  const sorted = [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const entries: Zippable = {};
  const mtime = fixedMtime();
  for (const file of sorted) {
    entries[`${folder}/${file.path}`] = [strToU8(file.content), { mtime, os: UNIX, attrs: file.executable ? EXECUTABLE_FILE_0755 : REGULAR_FILE_0644, level: 9 }];
  }
  return zipSync(entries);
}
