import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

/**
 * The run worker's script: ./workerMain.ts and what it imports (core, the sandbox), bundled by
 * esbuild into one ES module under `<project>/.hookwright/`. A bundle, because a worker thread
 * needs a file Node can load as is: vitest, tsx (the CLI) and the Next production server each
 * transform TypeScript their own way, and Next's server chunks have no file per source. Packages
 * stay external: living inside the project, the bundle resolves them (QuickJS's .wasm included)
 * from the project's node_modules like the sources do. Named by content, so parallel processes
 * (test files, two servers) share one file and a change of source makes a new one.
 */

const ENTRY = path.join("server", "runs", "workers", "workerMain.ts");

export class RunWorkerScriptError extends Error {
  override name = "RunWorkerScriptError";
}

/** The project folder: the first folder holding the worker's source, from this module, then from the working directory. */
export function projectRoot(starts: readonly string[] = defaultStarts()): string {
  for (const start of starts) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      if (existsSync(path.join(dir, ENTRY))) return dir;
      if (path.dirname(dir) === dir) break;
    }
  }
  throw new RunWorkerScriptError(`cannot find ${ENTRY} above ${starts.join(" or ")}: set HOOKWRIGHT_ROOT to the Hookwright project folder`);
}

function defaultStarts(): string[] {
  const starts: string[] = [];
  if (process.env.HOOKWRIGHT_ROOT) starts.push(process.env.HOOKWRIGHT_ROOT);
  // Under Next, this module's URL may not be a file: the working directory (the project, see scripts/start.mjs) covers that.
  if (import.meta.url.startsWith("file:")) starts.push(path.dirname(fileURLToPath(import.meta.url)));
  starts.push(process.cwd());
  return starts;
}

/** Bundles the worker and writes it (once per content) under `<root>/.hookwright/`; resolves to its path. */
export async function buildRunWorkerScript(root = projectRoot()): Promise<string> {
  let code: string;
  try {
    const out = await build({
      entryPoints: [path.join(root, ENTRY)],
      absWorkingDir: root,
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      write: false,
      logLevel: "silent",
      legalComments: "none",
    });
    code = out.outputFiles[0]?.text ?? "";
  } catch (error) {
    throw new RunWorkerScriptError(`could not bundle the run worker (${ENTRY}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const dir = path.join(root, ".hookwright");
  const file = path.join(dir, `run-worker-${createHash("sha256").update(code).digest("hex").slice(0, 16)}.mjs`);
  if (existsSync(file)) return file;
  await mkdir(dir, { recursive: true });
  // Written aside and renamed, so a process starting a worker never loads half a file.
  const partial = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(partial, code);
  await rename(partial, file);
  await removeStale(dir, file);
  return file;
}

const STALE_MS = 24 * 60 * 60 * 1000;

/** Bundles of earlier sources, unused for a day (a process that still runs one bundles it again if it needs a new worker). */
async function removeStale(dir: string, keep: string): Promise<void> {
  const now = Date.now();
  for (const name of await readdir(dir).catch(() => [])) {
    const file = path.join(dir, name);
    if (file === keep || !/^run-worker-.*\.mjs(\..*\.tmp)?$/.test(name)) continue;
    const info = await stat(file).catch(() => null);
    if (info && now - info.mtimeMs > STALE_MS) await rm(file, { force: true });
  }
}

let script: Promise<string> | null = null;

/**
 * The worker script of this process, bundled on first use (and again if the file went away, or
 * when `rebundle` asks to pick up edited sources). A failed bundle is tried again next time.
 */
export async function runWorkerScript(options: { rebundle?: boolean } = {}): Promise<string> {
  const known = script;
  if (known && !options.rebundle && existsSync(await known.catch(() => ""))) return known;
  script = buildRunWorkerScript().catch((error: unknown) => {
    script = null;
    throw error;
  });
  return script;
}
