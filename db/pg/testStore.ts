import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openPgPool } from "./client";
import { runPgMigrations } from "./migrate";
import { pgStoreOf, redactedUrl, type PgStore } from "./pgStore";
import type { PgTestContext } from "./testGlobalSetup";

/*
 * PostgreSQL stores for tests, on the run's one throw-away cluster (db/pg/testGlobalSetup.ts).
 * Each test file gets a database of its own (`t_<random>`, created and migrated on first use), so
 * files running in parallel never see each other's rows; within a file, every store opened is
 * emptied first (TRUNCATE), as fresh as a new SQLite file but ~100× cheaper than a new database.
 */

const context: PgTestContext = inject("hookwrightPg") ?? { skip: "the vitest global setup db/pg/testGlobalSetup.ts did not run" };

/** Why this run has no PostgreSQL (the skip reason), or null when it has one. */
export const noPgReason: string | null = "skip" in context ? context.skip : null;

/**
 * A new, empty database (no migrations applied) on the run's cluster: its URL. `icuLocale` makes
 * its default collation that language's (the cluster's own is "C"). @throws when the run has no PostgreSQL
 */
export async function pgEmptyDatabase(options: { icuLocale?: string } = {}): Promise<string> {
  if ("skip" in context) throw new Error(`no PostgreSQL for tests: ${context.skip}`);
  const name = `t_${randomBytes(6).toString("hex")}`;
  const client = new pg.Client({ connectionString: context.url });
  await client.connect();
  try {
    const locale = options.icuLocale ? ` LOCALE_PROVIDER icu ICU_LOCALE '${options.icuLocale.replace(/[^\w-]/g, "")}' LOCALE 'C' TEMPLATE template0` : "";
    await client.query(`CREATE DATABASE ${name}${locale}`);
  } finally {
    await client.end();
  }
  const url = new URL(context.url);
  url.pathname = `/${name}`;
  return url.toString();
}

let database: Promise<string> | null = null;

/** This test file's own migrated database on the run's cluster (its URL), made on first use. @throws when the run has no PostgreSQL */
export function pgTestDatabase(): Promise<string> {
  database ??= pgEmptyDatabase().then(async (url) => {
    await runPgMigrations(url);
    return url;
  });
  return database;
}

const TABLES = "pipelines, pipeline_revisions, meta, runs, run_events, approval_requests, model_providers";

/**
 * Waits (at most `ms`) until no query is running or waiting, and one more turn of the event loop for
 * a follow-up query chained on the last one. A test closes its store as soon as its assertions pass,
 * while a service's background work (the run service's recovery at start) may still be between two
 * queries; on SQLite that work finished synchronously, here the second query would meet an ended pool.
 */
async function settle(pool: pg.Pool, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  do {
    await new Promise((resolve) => setTimeout(resolve, 5));
  } while ((pool.totalCount > pool.idleCount || pool.waitingCount > 0) && Date.now() < end);
}

/** An empty, migrated PostgreSQL store in this file's database (close it after the test). */
export async function openPgTestStore(): Promise<PgStore> {
  const url = await pgTestDatabase();
  const handle = openPgPool({ url });
  await handle.pool.query(`TRUNCATE ${TABLES} CASCADE`);
  const store = pgStoreOf(handle, redactedUrl(url));
  return {
    ...store,
    close: async () => {
      await settle(handle.pool);
      await store.close();
    },
  };
}
