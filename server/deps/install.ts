import { execFile } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { dependenciesObject, type Dependency } from "../../core/pipeline/dependencySchema";
import { pruneDepsCache, pruneLimitsFromEnv, RECENT_MS, RESULT_FILE } from "./prune";
import { refusedPackage } from "./refuse";

/**
 * Installs a pipeline's npm dependencies on the server, once per set, into a content-addressed
 * cache: `<cache>/<sha256 of the sorted name@range list>/node_modules`. npm runs with
 * `--ignore-scripts` against the registry it is configured with (nothing comes from the
 * browser); afterwards every installed package is checked and the set is refused if one has
 * install scripts or native code (refuse.ts). Two processes installing the same set do not race:
 * one takes a lock folder, installs into a temporary folder and renames it into place; the other
 * waits for the result.
 */

export type InstallResult = { ok: true; dir: string } | { ok: false; message: string };

const FORMAT = "hookwright.deps/1";
const INSTALL_TIMEOUT_MS = 180_000;
/** A lock older than this was left by a process that died mid-install (pruning spares younger ones). */
const STALE_LOCK_MS = RECENT_MS;

/** Where installed sets live: HOOKWRIGHT_DEPS_CACHE, else beside the CLI's sandbox cache, else ./.cache/deps. */
export function depsCacheRoot(): string {
  if (process.env.HOOKWRIGHT_DEPS_CACHE) return process.env.HOOKWRIGHT_DEPS_CACHE;
  if (process.env.HOOKWRIGHT_SANDBOX_CACHE) return join(process.env.HOOKWRIGHT_SANDBOX_CACHE, "deps");
  return join(process.cwd(), ".cache", "deps");
}

/** The cache key of a set: the same names and ranges in any order give the same key. */
export function dependencySetKey(dependencies: readonly Dependency[]): string {
  const list = Object.entries(dependenciesObject(dependencies)).map(([name, range]) => `${name}@${range}`);
  return createHash("sha256").update(list.join("\n")).digest("hex");
}

const pending = new Map<string, Promise<InstallResult>>();

/**
 * The folder holding `node_modules` of the set, installing it on first use.
 *
 * @returns the folder, or a message in plain words naming the dependency that failed or was refused.
 * @example const r = await installDependencies([{ name: "shell-quote", range: "^1.8.1" }]);
 */
export function installDependencies(dependencies: readonly Dependency[], root = depsCacheRoot()): Promise<InstallResult> {
  // The cache is data, not code the server imports: keep Next's file tracing out of it.
  const dir = join(/* turbopackIgnore: true */ root, dependencySetKey(dependencies));
  const running = pending.get(dir);
  if (running) return running;
  const started = installOnce(dependencies, root, dir).finally(() => pending.delete(dir));
  pending.set(dir, started);
  return started;
}

async function installOnce(dependencies: readonly Dependency[], root: string, dir: string): Promise<InstallResult> {
  for (;;) {
    const done = await readResult(dir);
    if (done) return done;
    await mkdir(root, { recursive: true });
    const lock = `${dir}.lock`;
    try {
      await mkdir(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const since = await stat(lock).then((s) => Date.now() - s.mtimeMs, () => 0);
      if (since > STALE_LOCK_MS) await rm(lock, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    let result: InstallResult;
    try {
      result = await installInto(dependencies, root, dir);
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
    // The cache only grows when a set is added: that is when it is pruned (prune.ts).
    if (await readResult(dir)) await pruneQuietly(root);
    return result;
  }
}

/** Prunes the cache with the configured limits; a problem is logged, never the install's failure. */
async function pruneQuietly(root: string): Promise<void> {
  const limits = pruneLimitsFromEnv();
  if (!limits.ok) {
    console.warn(`Not pruning the dependency cache: ${limits.message}`);
    return;
  }
  try {
    await pruneDepsCache({ root, ...limits.limits, inUse: new Set(pending.keys()) });
  } catch (error) {
    console.warn(`Pruning the dependency cache ${root} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function readResult(dir: string): Promise<InstallResult | null> {
  try {
    const record = JSON.parse(await readFile(join(dir, RESULT_FILE), "utf8")) as { format?: string; refused?: string };
    if (record.format !== FORMAT) return null;
    // Each use marks the set as recently used, which is what pruning goes by.
    const now = new Date();
    await utimes(join(dir, RESULT_FILE), now, now).catch(() => undefined);
    return record.refused ? { ok: false, message: record.refused } : { ok: true, dir };
  } catch {
    return null;
  }
}

async function installInto(dependencies: readonly Dependency[], root: string, dir: string): Promise<InstallResult> {
  const temp = join(root, `.tmp-${randomBytes(6).toString("hex")}`);
  await mkdir(temp, { recursive: true });
  try {
    const manifest = { name: "hookwright-dependencies", private: true, dependencies: dependenciesObject(dependencies) };
    await writeFile(join(temp, "package.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const failure = await runNpm(temp, dependencies);
    // An npm failure (no such package, network) is not cached: the registry may answer next time.
    if (failure) return { ok: false, message: failure };
    const refused = await refusedPackage(join(temp, "node_modules"));
    await writeFile(join(temp, RESULT_FILE), JSON.stringify({ format: FORMAT, dependencies: manifest.dependencies, refused: refused ?? undefined }));
    try {
      await rename(temp, dir);
    } catch (error) {
      // Another process finished the same set first (it held a stale lock): theirs is as good.
      if (!["ENOTEMPTY", "EEXIST"].includes((error as NodeJS.ErrnoException).code ?? "")) throw error;
    }
    return refused ? { ok: false, message: refused } : { ok: true, dir };
  } finally {
    await rm(temp, { recursive: true, force: true });
  }
}

/** Runs npm in `cwd`; resolves to null on success, else a message naming the dependency npm could not install. */
function runNpm(cwd: string, dependencies: readonly Dependency[]): Promise<string | null> {
  const args = ["install", "--ignore-scripts", "--no-audit", "--no-fund", "--omit=dev", "--no-package-lock", "--loglevel=error"];
  return new Promise((resolve) => {
    execFile("npm", args, { cwd, timeout: INSTALL_TIMEOUT_MS, maxBuffer: 8 << 20 }, (error, _stdout, stderr) => {
      resolve(error ? npmFailureMessage(String(stderr), dependencies, error.killed) : null);
    });
  });
}

/** npm's error output in plain words naming the dependency it concerns. */
export function npmFailureMessage(stderr: string, dependencies: readonly Dependency[], timedOut = false): string {
  if (timedOut) return `installing the dependencies took longer than ${INSTALL_TIMEOUT_MS / 1000} s: is the npm registry reachable?`;
  const lines = stderr.split("\n").filter((l) => l.startsWith("npm error") || l.startsWith("npm ERR!")).map((l) => l.replace(/^npm (?:error|ERR!)\s*/, ""));
  const text = lines.join("\n");
  const declared = (name: string) => dependencies.find((d) => d.name === name);
  const notFound = /404 Not Found - GET \S+?\/((?:@[^/\s]+(?:\/|%2[fF]))?[^/\s]+)(?:\s|$)/.exec(text);
  if (notFound?.[1]) {
    const name = decodeURIComponent(notFound[1]);
    return `dependency ${name}: the npm registry has no package of that name${declared(name) ? "" : ` (needed by one of the declared dependencies)`}`;
  }
  const noVersion = /No matching version found for ((?:@[^/\s]+\/)?[^@\s]+)@(.+?)\.?$/m.exec(text);
  if (noVersion?.[1]) return `dependency ${noVersion[1]}: no published version matches ${noVersion[2]}`;
  const first = lines.filter((l) => l.trim() !== "" && !/^A complete log/.test(l) && !/^\s*\/\S+\.log$/.test(l)).slice(0, 3).join(" ");
  return `installing the dependencies (${dependencies.map((d) => `${d.name}@${d.range}`).join(", ")}) failed: ${first || "npm gave no reason"}`;
}
