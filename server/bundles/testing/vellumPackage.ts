import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);

/** How long a test's setup may take to fetch and unpack the package the first time (a 10 MB download). */
export const PACKAGE_TIMEOUT_MS = 180_000;

/** The host release the bundles are checked against (semantics.md §0, key `V:`). */
export const VELLUM_ASSISTANT_VERSION = "0.10.5";
const SPEC = `@vellumai/assistant@${VELLUM_ASSISTANT_VERSION}`;
const CACHE_ROOT = fileURLToPath(new URL("../../../.cache", import.meta.url));

function isUnpacked(packageDir: string): boolean {
  const manifest = join(packageDir, "package.json");
  if (!existsSync(manifest)) return false;
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown };
  return version === VELLUM_ASSISTANT_VERSION;
}

/**
 * The real `@vellumai/assistant` package, unpacked under `.cache/` (git-ignored): fetched with
 * `npm pack` the first time, reused afterwards. Parallel test files may call it at once: each
 * unpacks into its own temporary folder and renames it into place, so a reader never sees a
 * half-written package.
 *
 * @returns the package folder (the tarball's `package/`).
 * @throws Error saying the registry could not be reached, so tests fail loudly rather than skip.
 */
export async function ensureVellumPackage(): Promise<string> {
  const target = join(CACHE_ROOT, `vellumai-assistant-${VELLUM_ASSISTANT_VERSION}`);
  const packageDir = join(target, "package");
  if (isUnpacked(packageDir)) return packageDir;
  await mkdir(CACHE_ROOT, { recursive: true });
  const staging = await mkdtemp(join(CACHE_ROOT, "staging-"));
  try {
    let stdout: string;
    try {
      ({ stdout } = await run("npm", ["pack", SPEC, "--json", "--pack-destination", staging], { maxBuffer: 64 * 1024 * 1024 }));
    } catch (err) {
      const detail = err instanceof Error ? err.message.split("\n").slice(0, 3).join(" ") : String(err);
      throw new Error(
        `Could not fetch ${SPEC} with \`npm pack\`: ${detail}. These tests check bundles against the real host package, so they need the npm registry.`,
      );
    }
    const [{ filename }] = JSON.parse(stdout) as [{ filename: string }];
    const tarball = (await readdir(staging)).find((f) => f.endsWith(".tgz")) ?? filename;
    await run("tar", ["-xzf", join(staging, tarball), "-C", staging]);
    try {
      await rename(staging, target);
    } catch (err) {
      // Another test file unpacked it first; theirs is as good as ours.
      if (!isUnpacked(packageDir)) throw err;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return packageDir;
}
