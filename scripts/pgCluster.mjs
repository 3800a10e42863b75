#!/usr/bin/env node
/*
 * A throw-away PostgreSQL cluster for the tests of the PostgreSQL store and the run queue, the
 * way scripts/chromium.mjs finds a browser: Debian's `postgresql` binaries (initdb, postgres),
 * found on PATH or under /usr/lib/postgresql/<version>/bin, or installed with apt-get when
 * running as root with apt; otherwise one line says what to install.
 *
 * `startCluster()` runs initdb in a fresh temporary folder, starts `postgres` on a free port of
 * 127.0.0.1 with durability off (fsync, synchronous_commit and full-page writes: nothing here
 * must survive a power cut, and it is several times faster), creates a database, and returns
 * `{ url, stop() }`; `stop()` shuts the server down and deletes the folder. A cluster whose
 * process exits without stop() is still killed and deleted on exit.
 *
 * PostgreSQL refuses to run as root. As root, the folder is handed to the `postgres` user (the
 * Debian package creates it) or else `nobody`, and initdb and postgres are spawned with that
 * uid/gid (node's spawn drops root's supplementary groups too): no runuser/setpriv needed.
 *
 * CLI: `node scripts/pgCluster.mjs start` prints DATABASE_URL=… and keeps the cluster until
 * SIGINT or SIGTERM, then cleans up.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The binaries a cluster needs, all from one installation. */
const BINARIES = ["initdb", "postgres"];

/** What to run when there is no PostgreSQL and none could be installed, on one line. */
export const NO_POSTGRES_MESSAGE =
  "npm test: no PostgreSQL server binaries (initdb, postgres), so the tests on PostgreSQL will skip; run `apt-get install postgresql` as root (or set HOOKWRIGHT_PG_BIN=/path/to/postgresql/bin), then npm test again.";

/**
 * @typedef {object} PostgresDeps
 * @property {Record<string, string | undefined>} env
 * @property {(file: string) => boolean} exists
 * @property {(dir: string) => string[]} list names in a folder ([] when it does not exist)
 * @property {boolean} isRoot
 * @property {boolean} hasApt
 * @property {(command: string, args: string[]) => Promise<number>} run runs a command in the foreground; resolves to its exit code
 * @property {(line: string) => void} log
 */

/**
 * The folder holding initdb and postgres: HOOKWRIGHT_PG_BIN, then PATH, then the newest
 * /usr/lib/postgresql/<version>/bin (Debian installs there and puts nothing on PATH).
 * @param {Pick<PostgresDeps, "env" | "exists" | "list">} deps
 * @returns {string | null}
 */
export function findPostgresBin(deps) {
  const complete = (dir) => BINARIES.every((name) => deps.exists(path.join(dir, name)));
  const configured = deps.env.HOOKWRIGHT_PG_BIN?.trim();
  if (configured) return complete(configured) ? configured : null;
  for (const dir of (deps.env.PATH ?? "").split(path.delimiter).filter(Boolean)) if (complete(dir)) return dir;
  const versions = deps
    .list("/usr/lib/postgresql")
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const dir = `/usr/lib/postgresql/${version}/bin`;
    if (complete(dir)) return dir;
  }
  return null;
}

/**
 * PostgreSQL's binaries: found, or installed now with apt-get (saying so).
 * @param {PostgresDeps} deps
 * @returns {Promise<{ ok: true, bin: string, installed: boolean } | { ok: false, message: string }>}
 */
export async function ensurePostgres(deps) {
  const found = findPostgresBin(deps);
  if (found) return { ok: true, bin: found, installed: false };
  if (deps.isRoot && deps.hasApt && !deps.env.HOOKWRIGHT_PG_BIN) {
    deps.log("npm test: no PostgreSQL found; installing Debian's postgresql with apt-get (the PostgreSQL store's tests need a server)…");
    const updated = await deps.run("apt-get", ["update", "-qq"]);
    const code = updated === 0 ? await deps.run("apt-get", ["install", "-y", "-qq", "postgresql"]) : updated;
    const after = findPostgresBin(deps);
    if (after) return { ok: true, bin: after, installed: true };
    deps.log(`npm test: apt-get could not install postgresql (exit ${code}).`);
  }
  return { ok: false, message: NO_POSTGRES_MESSAGE };
}

/** The real machine, for {@link ensurePostgres}. */
export function machineDeps() {
  return {
    env: process.env,
    exists: (file) => existsSync(file),
    list: (dir) => (existsSync(dir) ? readdirSync(dir) : []),
    isRoot: process.getuid?.() === 0,
    hasApt: existsSync("/usr/bin/apt-get"),
    run: (command, args) =>
      new Promise((resolve) => {
        const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
        child.on("error", () => resolve(127));
        child.on("exit", (code) => resolve(code ?? 1));
      }),
    log: (line) => console.error(line),
  };
}

/** The uid/gid PostgreSQL runs as: ours, or as root `postgres` (else `nobody`), since it refuses root. */
function serverUser() {
  if (process.getuid?.() !== 0) return null;
  const passwd = readFileSync("/etc/passwd", "utf8").split("\n").map((line) => line.split(":"));
  for (const name of ["postgres", "nobody"]) {
    const entry = passwd.find((fields) => fields[0] === name);
    if (entry) return { name, uid: Number(entry[2]), gid: Number(entry[3]) };
  }
  throw new Error("pgCluster: running as root, and there is neither a postgres nor a nobody user to run PostgreSQL as (it refuses root).");
}

/** A TCP port free on 127.0.0.1 right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/** Runs a command to its end as `user`; throws with its output when it fails. */
function runAs(user, command, args) {
  const result = spawnSync(command, args, { encoding: "utf8", ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_ALL: "C" } });
  if (result.status !== 0) throw new Error(`pgCluster: ${path.basename(command)} failed (exit ${result.status}): ${(result.stderr || result.stdout || String(result.error)).trim()}`);
}

/** Resolves once a connection succeeds, polling every 25 ms; rejects when the server exits or `timeoutMs` passes. */
async function waitReady(connect, exited, timeoutMs) {
  const { default: pg } = await import("pg");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited()) throw new Error("pgCluster: postgres exited while starting");
    const client = new pg.Client(connect);
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      if (Date.now() > deadline) throw new Error(`pgCluster: postgres did not accept connections within ${timeoutMs} ms (${String(error)})`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/**
 * A fresh cluster with one database. `timings` are milliseconds (initdb, start = until the
 * first connection, total including CREATE DATABASE).
 * @param {{ database?: string, bin?: string, timeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, port: number, dataDir: string, timings: { initdb: number, start: number, total: number }, stop: () => Promise<void> }>}
 */
export async function startCluster(options = {}) {
  const began = performance.now();
  const database = options.database ?? "hookwright";
  let bin = options.bin;
  if (!bin) {
    const ensured = await ensurePostgres(machineDeps());
    if (!ensured.ok) throw new Error(ensured.message);
    bin = ensured.bin;
  }
  // The real path: Debian's /usr/local/bin or /usr/bin links point into /usr/lib/postgresql/N/bin,
  // and postgres finds its share/ and lib/ relative to where it really is.
  bin = realpathSync(bin);
  const user = serverUser();
  const root = mkdtempSync(path.join(os.tmpdir(), "hookwright-pg-"));
  const dataDir = path.join(root, "data");
  const password = randomBytes(12).toString("hex");
  writeFileSync(path.join(root, "pwfile"), `${password}\n`, { mode: 0o600 });
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(path.join(root, "pwfile"), user.uid, user.gid);
  }
  let server = null;
  let exited = false;
  const cleanup = () => {
    if (server && !exited) server.kill("SIGKILL");
    rmSync(root, { recursive: true, force: true });
  };
  // A test run that ends without stop() (a crash, process.exit) leaves no server or folder behind.
  process.once("exit", cleanup);
  try {
    runAs(user, path.join(bin, "initdb"), [
      "-D", dataDir, "-U", "postgres", "--pwfile", path.join(root, "pwfile"), "--auth=scram-sha-256",
      "-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions",
    ]);
    const initdbMs = performance.now() - began;
    const port = await freePort();
    server = spawn(
      path.join(bin, "postgres"),
      [
        "-D", dataDir, "-p", String(port),
        "-c", "listen_addresses=127.0.0.1",
        "-c", `unix_socket_directories=${root}`,
        "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
        "-c", "max_connections=200",
      ],
      { stdio: ["ignore", "ignore", "pipe"], ...(user ? { uid: user.uid, gid: user.gid } : {}), env: { ...process.env, LC_ALL: "C" } },
    );
    let log = "";
    server.stderr.on("data", (chunk) => {
      log = (log + chunk).slice(-4000);
    });
    server.on("exit", () => {
      exited = true;
    });
    const connect = { host: "127.0.0.1", port, user: "postgres", password, database: "postgres" };
    const admin = await waitReady(connect, () => exited, options.timeoutMs ?? 30_000).catch((error) => {
      throw new Error(`${error.message}\n${log.trim()}`);
    });
    const startMs = performance.now() - began - initdbMs;
    await admin.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
    await admin.end();
    const running = server;
    const stop = async () => {
      process.removeListener("exit", cleanup);
      if (!exited) {
        const gone = new Promise((resolve) => running.once("exit", resolve));
        running.kill("SIGINT"); // "fast" shutdown: disconnects clients, no checkpoint wait worth the name with fsync off
        const timer = setTimeout(() => running.kill("SIGKILL"), 10_000);
        await gone;
        clearTimeout(timer);
      }
      rmSync(root, { recursive: true, force: true });
    };
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`,
      port,
      dataDir,
      timings: { initdb: Math.round(initdbMs), start: Math.round(startMs), total: Math.round(performance.now() - began) },
      stop,
    };
  } catch (error) {
    process.removeListener("exit", cleanup);
    cleanup();
    throw error;
  }
}

async function main(argv) {
  if (argv[0] !== "start") {
    console.error("usage: node scripts/pgCluster.mjs start [database]  (prints DATABASE_URL=…, runs until SIGINT/SIGTERM)");
    process.exit(2);
  }
  const cluster = await startCluster({ database: argv[1] });
  console.log(`DATABASE_URL=${cluster.url}`);
  console.error(`pgCluster: ready in ${cluster.timings.total} ms (initdb ${cluster.timings.initdb} ms, start ${cluster.timings.start} ms); Ctrl-C stops it and deletes ${path.dirname(cluster.dataDir)}`);
  const timer = setInterval(() => {}, 1 << 30); // keeps the process alive until a signal
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.once(signal, () => {
      clearInterval(timer);
      void cluster.stop().then(() => process.exit(0));
    });
  }
}

if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
