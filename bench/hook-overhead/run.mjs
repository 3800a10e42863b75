#!/usr/bin/env node
// Runs bench/hook-overhead/run.ts as plain JavaScript: bundled by esbuild into bench/out first,
// so the host side of the sandbox is measured as the CLI and the server run it (a TypeScript
// loader such as tsx wraps every function and slows core/chain several times).
// Usage: node bench/hook-overhead/run.mjs [--quick] [--no-cli]   (under flock /tmp/hw-heavy.lock on a shared machine)
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../../", import.meta.url));
const outfile = fileURLToPath(new URL("../out/hook-overhead/bench.mjs", import.meta.url));
await build({
  absWorkingDir: root,
  entryPoints: ["bench/hook-overhead/run.ts"],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outfile,
  logLevel: "warning",
});
await import(pathToFileURL(outfile).href);
