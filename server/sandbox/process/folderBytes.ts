import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

/**
 * Bytes the files under `dir` take, counted until `stopAt` is passed (then a number above it):
 * the project folder's watchdog, which needs to know only whether a command has filled it.
 * Links are not followed; entries that vanish while counting are skipped.
 */
export async function folderBytes(dir: string, stopAt: number): Promise<number> {
  let total = 0;
  const pending = [dir];
  while (pending.length > 0 && total <= stopAt) {
    const current = pending.pop() as string;
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) {
        pending.push(full);
        continue;
      }
      try {
        total += (await lstat(full)).size;
      } catch {
        // removed meanwhile
      }
      if (total > stopAt) break;
    }
  }
  return total;
}
