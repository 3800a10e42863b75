#!/usr/bin/env node
/*
 * `npm test`: every check, in order, with one closing summary line.
 *
 *   typecheck  next typegen (route types, next-env.d.ts) + tsc --noEmit
 *   lint       eslint --max-warnings=0 .
 *   unit       vitest run
 *   build      next build into its own folder (.next-test), so it never clobbers `npm start`'s
 *   e2e        playwright test: Chromium against that build on a free port, throw-away database
 *
 * All steps run even after a failure (so one run shows every problem), except e2e, which
 * needs the build. Exits 1 if any step failed. Name steps to run only those:
 * `npm test -- unit e2e`.
 *
 * Before any step, when e2e is among them, a Chromium is found or installed (scripts/chromium.mjs:
 * saying what it installs); if none can be had, the run stops at once with one line saying what
 * to run, instead of failing every e2e test at the end.
 *
 * When unit is among them, bubblewrap and jq (the process sandbox's tests run real hooks under
 * bwrap) are found or installed the same way (scripts/bubblewrap.mjs); if they cannot be had,
 * one line says what to run and those tests skip, saying why. So is PostgreSQL (Debian's
 * `postgresql`, scripts/pgCluster.mjs): the unit run starts one throw-away cluster from it for
 * the store's and the run service's tests on PostgreSQL (db/pg/testGlobalSetup.ts).
 */
import { execFileSync, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ensureSandboxTools, R_TOOLS } from "./bubblewrap.mjs";
import { ensureChromium } from "./chromium.mjs";
import { ensurePostgres, machineDeps as postgresMachineDeps } from "./pgCluster.mjs";
import { nextBuild } from "./nextBuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";

const E2E_DIST_DIR = ".next-test";
const bin = (pkg, file) => path.join(root, "node_modules", pkg, file);

/** Runs node on a package's CLI; resolves to the exit code. */
function node(script, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [script, ...args], { stdio: "inherit", env: { ...process.env, ...env } });
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    for (const sig of ["SIGINT", "SIGTERM"]) process.once(sig, () => child.kill(sig));
  });
}

const steps = {
  typecheck: async () => {
    const typegen = await node(bin("next", "dist/bin/next"), ["typegen"]);
    if (typegen !== 0) return typegen;
    return node(bin("typescript", "bin/tsc"), ["--noEmit"]);
  },
  lint: () => node(bin("eslint", "bin/eslint.js"), ["--max-warnings=0", "."]),
  unit: () => node(bin("vitest", "vitest.mjs"), ["run"]),
  build: () => nextBuild(E2E_DIST_DIR),
  e2e: () => node(bin("@playwright/test", "cli.js"), ["test"], { HOOKWRIGHT_DIST_DIR: E2E_DIST_DIR }),
};

const requested = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = requested.filter((name) => !(name in steps));
if (unknown.length > 0) {
  console.error(`Unknown step(s): ${unknown.join(", ")}. Steps: ${Object.keys(steps).join(", ")}.`);
  process.exit(2);
}
const selected = Object.keys(steps).filter((name) => requested.length === 0 || requested.includes(name));

/** Runs a command in the foreground (an installer); resolves to its exit code, 127 when it cannot start. */
function runCommand(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
    child.on("error", () => resolve(127));
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function playwrightExecutable() {
  try {
    const { chromium } = await import("@playwright/test");
    return chromium.executablePath();
  } catch {
    return null;
  }
}

const hasApt = (() => {
  try {
    execFileSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();

/** A system command's path (the system's folders, not a shim on the caller's PATH), or null. */
function findTool(name) {
  const found = ["/usr/bin", "/bin", "/usr/local/bin", "/usr/sbin", "/sbin"].map((dir) => path.join(dir, name)).find((file) => existsSync(file));
  return found ?? null;
}

if (selected.includes("unit")) {
  const tools = await ensureSandboxTools({ findTool, isRoot: process.getuid?.() === 0, hasApt, run: runCommand, log: (line) => console.log(line) });
  if (!tools.ok) console.error(tools.message);
  // deputy's R hooks run in Debian's R inside the sandbox (server/sandbox/r).
  const r = await ensureSandboxTools({ findTool, isRoot: process.getuid?.() === 0, hasApt, run: runCommand, log: (line) => console.log(line) }, R_TOOLS, "the R hooks' tests");
  if (!r.ok) console.error(r.message);
  // The tests on PostgreSQL (db/pg/testGlobalSetup.ts finds the binaries again; without them they skip).
  const postgres = await ensurePostgres({ ...postgresMachineDeps(), run: runCommand, log: (line) => console.log(line) });
  if (!postgres.ok) console.error(postgres.message);
}

if (selected.includes("e2e")) {
  const own = await playwrightExecutable();
  const browser = await ensureChromium({
    env: process.env,
    exists: existsSync,
    playwrightExecutable: () => own,
    isRoot: process.getuid?.() === 0,
    hasApt,
    run: runCommand,
    log: (line) => console.log(line),
  });
  if (!browser.ok) {
    console.error(browser.message);
    process.exit(1);
  }
  console.log(`npm test: end-to-end tests use ${browser.path} (${browser.source})`);
  // playwright.config.ts and the specs read it.
  process.env.HOOKWRIGHT_CHROMIUM = browser.path;
}

const results = [];
const started = Date.now();
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

for (const name of selected) {
  if (name === "e2e" && results.some((r) => r.name === "build" && r.code !== 0)) {
    results.push({ name, code: null, ms: 0 });
    continue;
  }
  console.log(`\n━━ ${name} ━━`);
  const t0 = Date.now();
  const code = await steps[name]();
  results.push({ name, code, ms: Date.now() - t0 });
}

const failed = results.filter((r) => r.code !== 0 && r.code !== null);
const parts = results.map((r) => `${r.name} ${r.code === null ? "skipped" : r.code === 0 ? "ok" : "FAILED"} (${seconds(r.ms)})`);
console.log(`\n${failed.length === 0 ? "PASS" : "FAIL"}: ${parts.join(", ")}; total ${seconds(Date.now() - started)}`);
process.exit(failed.length === 0 && !results.some((r) => r.code === null) ? 0 : 1);
