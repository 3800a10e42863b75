import { mkdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import type { RunResult } from "better-sqlite3";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import { runMigrations } from "./migrate";
import * as schema from "./schema";

/*
 * The SQLite connection (the store on it: db/sqlite/sqliteStore.ts; the app's store: db/openStore.ts).
 *
 * 1. PATH      HOOKWRIGHT_DB, default ./data/hookwright.db (folder created).
 * 2. OPEN      WAL, foreign keys on, busy timeout; migrations applied on open.
 */

export type Db = BetterSQLite3Database<typeof schema>;
/** A database or a transaction on it: what every store function takes. */
export type DbExecutor = BaseSQLiteDatabase<"sync", RunResult, typeof schema>;

export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  /** Absolute path of the database file (":memory:" for an in-memory one). */
  file: string;
  close: () => void;
}

export const DEFAULT_DB_PATH = "data/hookwright.db";

/** Where the app's database lives: `HOOKWRIGHT_DB` (relative to the working directory) or the default. */
export function resolveDatabasePath(env: Readonly<Record<string, string | undefined>> = process.env): string {
  const configured = env.HOOKWRIGHT_DB?.trim();
  return path.resolve(configured ? configured : DEFAULT_DB_PATH);
}

/**
 * Opens (creating if needed) a database file and brings its schema up to date.
 *
 * @param options.file path of the SQLite file, or ":memory:".
 * @throws the better-sqlite3 error when the file cannot be opened, or a migration error.
 */
export function openDatabase(options: { file: string }): DbHandle {
  const file = options.file === ":memory:" ? options.file : path.resolve(options.file);
  if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // Another process (the CLI, a second server) may hold the write lock for a moment.
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const db = drizzle(sqlite, { schema });
  runMigrations(db);
  return { db, sqlite, file, close: () => sqlite.close() };
}
