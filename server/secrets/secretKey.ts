import { hkdfSync, randomBytes } from "node:crypto";
import { chmodSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { SecretError } from "./cipher";

/**
 * The key that seals secrets at rest: from `HOOKWRIGHT_SECRET` (any string, stretched with
 * HKDF-SHA-256), else from a file beside the database (`<db file>.secret`, 32 random bytes in
 * hex, created with mode 0600 on first use). An in-memory database gets a key for this process.
 * A PostgreSQL store (its location a postgres:// URL) is shared by instances on several hosts,
 * which a file on one of them cannot serve: there HOOKWRIGHT_SECRET is required.
 */

export interface SecretKeySource {
  key: Buffer;
  /** Where it came from, for the settings page and the docs (never the key itself). */
  origin: "env" | "file" | "memory";
  file: string | null;
}

/** The secret file that belongs to a database file. */
export function secretFileFor(dbFile: string): string | null {
  return dbFile === ":memory:" ? null : `${dbFile}.secret`;
}

const processKey = randomBytes(32);

export function loadSecretKey(options: { dbFile: string; env?: Record<string, string | undefined> }): SecretKeySource {
  const fromEnv = (options.env ?? process.env).HOOKWRIGHT_SECRET;
  if (fromEnv !== undefined && fromEnv !== "") {
    return { key: Buffer.from(hkdfSync("sha256", fromEnv, "hookwright", "hookwright secrets v1", 32)), origin: "env", file: null };
  }
  if (/^postgres(ql)?:\/\//i.test(options.dbFile)) {
    throw new SecretError("HOOKWRIGHT_SECRET is not set: with a PostgreSQL store (DATABASE_URL) every web instance and worker must be given the same HOOKWRIGHT_SECRET to seal and open provider keys");
  }
  const file = secretFileFor(options.dbFile);
  if (file === null) return { key: processKey, origin: "memory", file: null };
  return { key: readOrCreate(file), origin: "file", file };
}

function readOrCreate(file: string): Buffer {
  try {
    // "wx": two processes starting at once cannot both create it; the loser reads the winner's.
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { flag: "wx", mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  // A file someone made readable to others is closed again: it guards every stored key.
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const hex = readFileSync(file, "utf8").trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new SecretError(`${file} is not a Hookwright secret file (64 hex digits); move it away to make a new one (stored provider keys then need to be entered again)`);
  return Buffer.from(hex, "hex");
}
