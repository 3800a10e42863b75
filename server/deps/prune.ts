import { randomBytes } from "node:crypto";
import { lstat, readdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";

/**
 * Keeps the dependency cache (`.cache/deps`) from growing without end. A set is "used" each time
 * a run, an export or the editor asks for it (install.ts touches its result file), so its age is
 * the time since its last use. Pruning removes sets unused for longer than `maxAgeMs`, then the
 * least recently used ones while the cache is over `maxBytes`. It never removes a set an install
 * is writing (a `<key>.lock` folder, or one in `inUse`), nor one used in the last
 * {@link RECENT_MS} (a run may be bundling from it right now); leftovers of a process that died
 * mid-install (`.tmp-*`, `.trash-*` older than that) go too. A set is renamed out of the way before
 * it is deleted, so a reader sees it whole or not at all (and installs it again).
 */

export interface PruneOptions {
  root: string;
  maxAgeMs: number;
  maxBytes: number;
  /** Set folders (full paths) an install of this process is working on. */
  inUse?: ReadonlySet<string>;
  now?: number;
}

export interface PruneResult {
  /** Keys of the sets removed, oldest use first. */
  removed: string[];
  /** Sets left and their bytes on disk. */
  kept: number;
  bytes: number;
}

/** Younger than this, a set or a leftover folder is never removed. Also the installer's stale-lock age. */
export const RECENT_MS = 10 * 60_000;
export const RESULT_FILE = "hookwright-deps.json";
const SET_KEY = /^[0-9a-f]{64}$/;

export async function pruneDepsCache(options: PruneOptions): Promise<PruneResult> {
  const { root, maxAgeMs, maxBytes, inUse = new Set<string>(), now = Date.now() } = options;
  const names = await readdir(root).catch(() => [] as string[]);
  const locked = new Set(names.filter((n) => n.endsWith(".lock")).map((n) => n.slice(0, -".lock".length)));
  for (const name of names.filter((n) => n.startsWith(".tmp-") || n.startsWith(".trash-"))) {
    const age = await stat(join(root, name)).then((s) => now - s.mtimeMs, () => 0);
    if (age > RECENT_MS) await rm(join(root, name), { recursive: true, force: true });
  }
  const sets: { key: string; lastUsed: number; bytes: number; protected: boolean }[] = [];
  for (const key of names.filter((n) => SET_KEY.test(n))) {
    const dir = join(root, key);
    // A set without its result file is unfinished or foreign: its folder's own time stands in.
    const lastUsed = await stat(join(dir, RESULT_FILE)).catch(() => stat(dir)).then((s) => s.mtimeMs, () => now);
    sets.push({ key, lastUsed, bytes: await diskBytes(dir), protected: locked.has(key) || inUse.has(dir) || now - lastUsed < RECENT_MS });
  }
  sets.sort((a, b) => a.lastUsed - b.lastUsed || (a.key < b.key ? -1 : 1));
  let total = sets.reduce((sum, s) => sum + s.bytes, 0);
  const removed: string[] = [];
  for (const set of sets) {
    if (set.protected) continue;
    if (now - set.lastUsed <= maxAgeMs && total <= maxBytes) continue;
    const trash = join(root, `.trash-${randomBytes(6).toString("hex")}`);
    try {
      await rename(join(root, set.key), trash);
    } catch {
      continue; // another process pruned it first
    }
    await rm(trash, { recursive: true, force: true });
    total -= set.bytes;
    removed.push(set.key);
  }
  return { removed, kept: sets.length - removed.length, bytes: total };
}

/** Bytes of the files under `path` (symlinks counted as themselves, never followed). */
async function diskBytes(path: string): Promise<number> {
  const info = await lstat(path).catch(() => null);
  if (!info) return 0;
  if (!info.isDirectory()) return info.size;
  let sum = 0;
  for (const entry of await readdir(path).catch(() => [] as string[])) sum += await diskBytes(join(path, entry));
  return sum;
}

export interface PruneLimits {
  maxAgeMs: number;
  maxBytes: number;
}

const DAY_MS = 86_400_000;
export const DEFAULT_PRUNE_LIMITS: PruneLimits = { maxAgeMs: 30 * DAY_MS, maxBytes: 2048 * 1024 * 1024 };

/**
 * The limits from HOOKWRIGHT_DEPS_MAX_AGE_DAYS and HOOKWRIGHT_DEPS_MAX_MB (defaults 30 days,
 * 2048 MB), or the problem with one of them in plain words.
 */
export function pruneLimitsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): { ok: true; limits: PruneLimits } | { ok: false; message: string } {
  const read = (name: string, fallback: number, unit: number): number | string => {
    const raw = env[name]?.trim();
    if (raw === undefined || raw === "") return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) return `${name} must be a number of ${unit === DAY_MS ? "days" : "megabytes"} (0 or more), not "${raw}"`;
    return value * unit;
  };
  const maxAgeMs = read("HOOKWRIGHT_DEPS_MAX_AGE_DAYS", DEFAULT_PRUNE_LIMITS.maxAgeMs, DAY_MS);
  const maxBytes = read("HOOKWRIGHT_DEPS_MAX_MB", DEFAULT_PRUNE_LIMITS.maxBytes, 1024 * 1024);
  if (typeof maxAgeMs === "string") return { ok: false, message: maxAgeMs };
  if (typeof maxBytes === "string") return { ok: false, message: maxBytes };
  return { ok: true, limits: { maxAgeMs, maxBytes } };
}
