#!/usr/bin/env node
/*
 * `npm start`: build if needed, migrate and seed the database, then serve.
 *
 * 1. BUILD   `next build` when there is no production build yet, or a source file is newer
 *            than it. A fresh clone builds once; later starts skip straight to serving.
 *            `--no-build` serves the existing build as it is (a second server on a build
 *            another one is serving must not rebuild it underneath).
 * 2. DATABASE open the store (db/openStore.ts: HOOKWRIGHT_DB, default ./data/hookwright.db), apply migrations, seed the
 *            examples that were never seeded. Failing here fails fast, before the server starts.
 * 3. ACCESS  when HOST is not loopback the server answers only requests carrying its access
 *            token (docs/security.md): made on the first such start and printed that once (the
 *            database keeps only its hash). `npm start -- --new-token` replaces it.
 * 4. SERVE   `next start` on HOST (default 127.0.0.1) and PORT (default 3000), both also passed
 *            in the environment (the proxy's Host allow-list reads them); signals are passed on
 *            so Ctrl-C and `kill` stop the server cleanly.
 *
 * Environment: HOST, PORT, HOOKWRIGHT_DB, HOOKWRIGHT_DIST_DIR (build folder, default .next),
 * HOOKWRIGHT_ALLOWED_HOSTS (more names the server answers to, e.g. behind a reverse proxy).
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { tsImport } from "tsx/esm/api";
import { nextBin, nextBuild } from "./nextBuild.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
process.env.NEXT_TELEMETRY_DISABLED = "1";

const host = process.env.HOST || "127.0.0.1";
const port = process.env.PORT || "3000";
const distDir = process.env.HOOKWRIGHT_DIST_DIR || ".next";

/** What the production build is made from. Tests and e2e specs are not. */
const sourceDirs = ["app", "components", "core", "server", "db", "public"];
const sourceFiles = ["next.config.mjs", "package.json", "package-lock.json", "tsconfig.json"];
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

function newestSourceAfter(sinceMs) {
  for (const file of sourceFiles) {
    if (existsSync(file) && statSync(file).mtimeMs > sinceMs) return file;
  }
  const stack = sourceDirs.filter((dir) => existsSync(dir));
  while (stack.length > 0) {
    const dir = stack.pop();
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (!isTestFile(entry.name) && statSync(full).mtimeMs > sinceMs) return full;
    }
  }
  return null;
}

/** Why a build is needed, or null when the existing one is current. */
function buildReason() {
  const buildId = path.join(distDir, "BUILD_ID");
  if (!existsSync(buildId)) return `no production build in ${distDir}/`;
  const changed = newestSourceAfter(statSync(buildId).mtimeMs);
  return changed ? `${changed} changed since the last build` : null;
}

async function build() {
  if (process.argv.includes("--no-build")) {
    if (existsSync(path.join(distDir, "BUILD_ID"))) return;
    console.error(`hookwright: --no-build, but there is no production build in ${distDir}/; run npm start without it once.`);
    process.exit(1);
  }
  const reason = buildReason();
  if (!reason) return;
  console.log(`hookwright: building the app (${reason})…`);
  const code = await nextBuild(distDir);
  if (code !== 0) {
    console.error(`hookwright: the build failed (exit ${code}); see the output above.`);
    process.exit(code);
  }
}

/** Makes (or with --new-token replaces) the access token of an exposed server and prints it when new. */
async function prepareAccess(store) {
  const { isLoopbackName } = await tsImport("../server/http/hosts.ts", import.meta.url);
  if (isLoopbackName(host)) return;
  const { createAccessToken, ensureAccessToken } = await tsImport("../server/http/accessToken.ts", import.meta.url);
  const created = process.argv.includes("--new-token") ? await createAccessToken(store.meta) : (await ensureAccessToken(store.meta)).created;
  const wildcard = ["0.0.0.0", "::", "[::]"].includes(host);
  const where = wildcard ? `http://<this machine's address>:${port}/` : `http://${host.includes(":") ? `[${host}]` : host}:${port}/`;
  if (created === null) {
    console.log(`hookwright: ${host} is reachable from the network; requests need the access token printed on the first start (a new one: npm start -- --new-token)`);
    return;
  }
  console.log(
    [
      "",
      `hookwright: ${host} is reachable from the network, so the server answers only with its access token.`,
      `hookwright: access token (shown only now; the database keeps its hash): ${created}`,
      `hookwright: open ${where} and enter it, or send "Authorization: Bearer <token>".`,
      "",
    ].join("\n"),
  );
}

async function prepareDatabase() {
  const { prepareStore, storeConfigFrom } = await tsImport("../db/openStore.ts", import.meta.url);
  const config = storeConfigFrom();
  const { store, seeded: names } = await prepareStore(config);
  try {
    await prepareAccess(store);
  } finally {
    await store.close();
  }
  const seeded = names.length ? `; seeded ${names.map((n) => `"${n}"`).join(", ")}` : "";
  const shown = config.dialect === "sqlite" ? (path.relative(root, config.file).startsWith("..") ? config.file : path.relative(root, config.file)) : `PostgreSQL at ${new URL(config.url).host}`;
  console.log(`hookwright: database ${shown} is ready${seeded}`);
}

function serve() {
  const child = spawn(process.execPath, [nextBin, "start", "-H", host, "-p", port], { stdio: "inherit", env: { ...process.env, HOST: host, PORT: port } });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
    process.on(signal, () => child.kill(signal));
  }
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

await build();
try {
  await prepareDatabase();
} catch (error) {
  console.error(`hookwright: could not prepare the database: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
serve();
