import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const CACHE_ROOT = fileURLToPath(new URL("../../../.cache", import.meta.url));

/** The SDK release the claude-code profile is checked against (semantics.md §0, keys `C:` and `CLI@n`). */
export const CLAUDE_SDK_VERSION = "0.3.330";
/** The SDK's types (`sdk.d.ts`, a 2 MB package). */
export const CLAUDE_SDK = "@anthropic-ai/claude-agent-sdk";
/** The Claude Code engine the SDK spawns on Linux x64 (`package/claude`, a 175 MB download, 380 MB unpacked). */
export const CLAUDE_ENGINE = "@anthropic-ai/claude-agent-sdk-linux-x64";
/** How long a test's setup may take to fetch and unpack the engine the first time. */
export const CLAUDE_ENGINE_TIMEOUT_MS = 600_000;

function isUnpacked(packageDir: string): boolean {
  const manifest = join(packageDir, "package.json");
  if (!existsSync(manifest)) return false;
  const { version } = JSON.parse(readFileSync(manifest, "utf8")) as { version?: unknown };
  return version === CLAUDE_SDK_VERSION;
}

/**
 * A release of one of the SDK's packages, unpacked under `.cache/<name>-<version>/` (git-ignored):
 * fetched with `npm pack` the first time, reused afterwards; parallel callers each unpack into their
 * own folder and rename it into place.
 *
 * @returns the package folder (the tarball's `package/`).
 * @throws Error saying the registry could not be reached, so tests fail loudly rather than skip.
 */
export async function ensureClaudePackage(name: typeof CLAUDE_SDK | typeof CLAUDE_ENGINE): Promise<string> {
  const target = join(CACHE_ROOT, `${name.replace(/^@anthropic-ai\//, "")}-${CLAUDE_SDK_VERSION}`);
  const packageDir = join(target, "package");
  if (isUnpacked(packageDir)) return packageDir;
  const spec = `${name}@${CLAUDE_SDK_VERSION}`;
  await mkdir(CACHE_ROOT, { recursive: true });
  const staging = await mkdtemp(join(CACHE_ROOT, "staging-"));
  try {
    try {
      await run("npm", ["pack", spec, "--json", "--pack-destination", staging], { maxBuffer: 64 * 1024 * 1024 });
    } catch (err) {
      const detail = err instanceof Error ? err.message.split("\n").slice(0, 3).join(" ") : String(err);
      throw new Error(`Could not fetch ${spec} with \`npm pack\`: ${detail}. These tests check exports against the real SDK, so they need the npm registry.`);
    }
    const tarball = (await readdir(staging)).find((f) => f.endsWith(".tgz"));
    if (!tarball) throw new Error(`npm pack ${spec} wrote no tarball`);
    await run("tar", ["-xzf", join(staging, tarball), "-C", staging]);
    await rm(join(staging, tarball));
    try {
      await rename(staging, target);
    } catch (err) {
      if (!isUnpacked(packageDir)) throw err;
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return packageDir;
}
