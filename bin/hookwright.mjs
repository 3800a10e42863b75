#!/usr/bin/env node
// Runs the CLI (server/cli/main.ts) as plain JavaScript bundled by esbuild, so `npx hookwright`
// works from a fresh clone without a build step and without paying a TypeScript loader at run
// time (tsx's per-function wrapping made core/chain several times slower on the host).
//
// The bundle is kept in .cache/cli/ with a manifest of every source file it was made from
// (path, size, mtime). Each start compares the manifest with the files (a few hundred stats);
// when any differs, or the manifest is missing, the bundle is built again. Packages stay
// external: they are loaded from node_modules as usual.
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { prepareCliProcess } from "./cliProcess.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = "server/cli/main.ts";
const CACHE = join(ROOT, ".cache", "cli");
const BUNDLE = join(CACHE, "main.mjs");
const MANIFEST = join(CACHE, "manifest.json");
/** Files that change how sources are bundled, though esbuild does not list them as inputs. */
const CONFIG = ["package.json", "tsconfig.json", "bin/hookwright.mjs", "bin/cliProcess.mjs"];

prepareCliProcess(ROOT);

async function fingerprint(path) {
  try {
    const s = await stat(join(ROOT, path));
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
}

async function upToDate() {
  let manifest;
  try {
    manifest = JSON.parse(await readFile(MANIFEST, "utf8"));
  } catch {
    return false;
  }
  if (manifest.entry !== ENTRY || typeof manifest.files !== "object" || manifest.files === null) return false;
  const paths = Object.keys(manifest.files);
  const now = await Promise.all(paths.map(fingerprint));
  return paths.every((path, i) => manifest.files[path] === now[i]);
}

async function bundle() {
  let esbuild;
  try {
    esbuild = await import("esbuild");
  } catch (error) {
    throw new Error(`esbuild is not installed (run npm install in ${ROOT}): ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: [ENTRY],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    write: false,
    metafile: true,
    outfile: BUNDLE,
    logLevel: "silent",
    // Dynamic imports of command modules stay in the one file: the CLI loads nothing else of ours.
    splitting: false,
  });
  const out = result.outputFiles.find((f) => f.path === BUNDLE);
  if (!out) throw new Error("esbuild produced no bundle");
  const inputs = [...Object.keys(result.metafile.inputs).filter((p) => !p.includes("node_modules/")), ...CONFIG];
  const files = {};
  for (const path of inputs) files[relative(ROOT, join(ROOT, path))] = await fingerprint(path);
  await mkdir(CACHE, { recursive: true });
  // Written aside and renamed: another hookwright starting at the same time never reads half a file.
  const suffix = `.${process.pid}.tmp`;
  await writeFile(BUNDLE + suffix, out.contents);
  await rename(BUNDLE + suffix, BUNDLE);
  await writeFile(MANIFEST + suffix, JSON.stringify({ entry: ENTRY, files }));
  await rename(MANIFEST + suffix, MANIFEST);
}

async function start() {
  if (!(await upToDate())) {
    try {
      await bundle();
    } catch (error) {
      const message = error && typeof error === "object" && Array.isArray(error.errors) && error.errors.length > 0
        ? error.errors.map((e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ""}${e.text}`).join("\n  ")
        : error instanceof Error ? error.message : String(error);
      process.stderr.write(`hookwright: could not prepare the CLI from its sources in ${dirname(BUNDLE)}:\n  ${message}\n`);
      process.exitCode = 1;
      return;
    }
  }
  const { main } = await import(pathToFileURL(BUNDLE).href);
  process.exitCode = await main(process.argv.slice(2));
}

await start();
