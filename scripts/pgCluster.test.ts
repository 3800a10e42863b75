import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { noPostgresReason, postgresBin } from "../db/pg/testCluster";
import { ensurePostgres, findPostgresBin, NO_POSTGRES_MESSAGE, startCluster, type PostgresDeps } from "./pgCluster.mjs";

/* Finding or installing PostgreSQL on a pretend machine (files, user and commands injected), then a real cluster. */

function machine(options: { files?: string[]; dirs?: Record<string, string[]>; env?: Record<string, string>; isRoot?: boolean; hasApt?: boolean; aptAdds?: string[]; aptCode?: number }) {
  const files = new Set(options.files ?? []);
  const ran: string[] = [];
  const logged: string[] = [];
  const deps: PostgresDeps = {
    env: options.env ?? { PATH: "/usr/local/bin:/usr/bin" },
    exists: (file) => files.has(file),
    list: (dir) => options.dirs?.[dir] ?? [],
    isRoot: options.isRoot ?? false,
    hasApt: options.hasApt ?? false,
    run: (command, args) => {
      ran.push([command, ...args].join(" "));
      if (args[0] === "install") {
        for (const file of options.aptAdds ?? []) files.add(file);
        options.dirs = { ...options.dirs, "/usr/lib/postgresql": ["16"] };
      }
      return Promise.resolve(args[0] === "install" ? (options.aptCode ?? 0) : 0);
    },
    log: (line) => logged.push(line),
  };
  return { deps, ran, logged };
}

const debian = (version: string) => [`/usr/lib/postgresql/${version}/bin/initdb`, `/usr/lib/postgresql/${version}/bin/postgres`];

describe("findPostgresBin", () => {
  it("takes PATH first, then the newest complete /usr/lib/postgresql/<version>/bin", () => {
    expect(findPostgresBin(machine({ files: ["/usr/bin/initdb", "/usr/bin/postgres", ...debian("15")], dirs: { "/usr/lib/postgresql": ["15"] } }).deps)).toBe("/usr/bin");
    const twoVersions = machine({ files: [...debian("15"), ...debian("16"), "/usr/lib/postgresql/17/bin/psql"], dirs: { "/usr/lib/postgresql": ["15", "17", "16"] } });
    expect(findPostgresBin(twoVersions.deps)).toBe("/usr/lib/postgresql/16/bin");
  });

  it("needs initdb and postgres side by side, and honours HOOKWRIGHT_PG_BIN", () => {
    expect(findPostgresBin(machine({ files: ["/usr/bin/initdb"] }).deps)).toBeNull();
    expect(findPostgresBin(machine({ files: ["/opt/pg/initdb", "/opt/pg/postgres", "/usr/bin/initdb", "/usr/bin/postgres"], env: { PATH: "/usr/bin", HOOKWRIGHT_PG_BIN: "/opt/pg" } }).deps)).toBe("/opt/pg");
    expect(findPostgresBin(machine({ files: ["/usr/bin/initdb", "/usr/bin/postgres"], env: { PATH: "/usr/bin", HOOKWRIGHT_PG_BIN: "/nowhere" } }).deps)).toBeNull();
  });
});

describe("ensurePostgres", () => {
  it("installs nothing when PostgreSQL is there", async () => {
    const m = machine({ files: debian("15"), dirs: { "/usr/lib/postgresql": ["15"] }, isRoot: true, hasApt: true });
    expect(await ensurePostgres(m.deps)).toEqual({ ok: true, bin: "/usr/lib/postgresql/15/bin", installed: false });
    expect(m.ran).toEqual([]);
  });

  it("as root with apt, installs Debian's postgresql and says so", async () => {
    const m = machine({ isRoot: true, hasApt: true, aptAdds: debian("16") });
    expect(await ensurePostgres(m.deps)).toEqual({ ok: true, bin: "/usr/lib/postgresql/16/bin", installed: true });
    expect(m.ran).toEqual(["apt-get update -qq", "apt-get install -y -qq postgresql"]);
    expect(m.logged).toEqual(["npm test: no PostgreSQL found; installing Debian's postgresql with apt-get (the PostgreSQL store's tests need a server)…"]);
  });

  it("says in one line what to run when it cannot install", async () => {
    const notRoot = machine({ hasApt: true });
    expect(await ensurePostgres(notRoot.deps)).toEqual({ ok: false, message: NO_POSTGRES_MESSAGE });
    expect(notRoot.ran).toEqual([]);
    const failing = machine({ isRoot: true, hasApt: true, aptCode: 100 });
    expect(await ensurePostgres(failing.deps)).toEqual({ ok: false, message: NO_POSTGRES_MESSAGE });
    expect(failing.logged.at(-1)).toBe("npm test: apt-get could not install postgresql (exit 100).");
    expect(NO_POSTGRES_MESSAGE).not.toContain("\n");
  });
});

describe.skipIf(!postgresBin)(`a real throw-away cluster${postgresBin ? "" : ` (skipped: ${noPostgresReason})`}`, () => {
  it("starts on 127.0.0.1 with fsync off, serves its database, and leaves nothing behind when stopped", async () => {
    const cluster = await startCluster({ database: "probe" });
    const client = new pg.Client({ connectionString: cluster.url });
    await client.connect();
    const { rows } = await client.query<{ db: string; fsync: string; addr: string }>(
      "select current_database() as db, current_setting('fsync') as fsync, inet_server_addr()::text as addr",
    );
    await client.end();
    expect(rows[0]).toEqual({ db: "probe", fsync: "off", addr: "127.0.0.1/32" });
    expect(cluster.url).toMatch(new RegExp(`^postgres://postgres:[0-9a-f]{24}@127\\.0\\.0\\.1:${cluster.port}/probe$`));
    expect(existsSync(cluster.dataDir)).toBe(true);
    await cluster.stop();
    expect(existsSync(path.dirname(cluster.dataDir))).toBe(false);
    await expect(new pg.Client({ connectionString: cluster.url }).connect()).rejects.toThrow(/ECONNREFUSED/);
  });

  it("as a CLI prints DATABASE_URL and cleans up on SIGTERM", async () => {
    const child = spawn(process.execPath, [fileURLToPath(new URL("pgCluster.mjs", import.meta.url)), "start"], { stdio: ["ignore", "pipe", "pipe"] });
    const line = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once("line", resolve));
    expect(line).toMatch(/^DATABASE_URL=postgres:\/\/postgres:[0-9a-f]{24}@127\.0\.0\.1:\d+\/hookwright$/);
    const url = line.slice("DATABASE_URL=".length);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const { rows } = await client.query<{ dir: string }>("select current_setting('data_directory') as dir");
    await client.end();
    const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(rows).toHaveLength(1);
    expect(existsSync(rows[0]?.dir ?? "")).toBe(false);
  });
});
