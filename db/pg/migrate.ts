import { existsSync } from "node:fs";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";

/*
 * Applies db/pg/migrations (drizzle-kit, committed) to a PostgreSQL store. Every web instance and
 * worker calls this at start; a session-level advisory lock makes them take turns, so exactly one
 * applies a new migration and the others, once they get the lock, find nothing left to do.
 * Without it, instances starting together race on drizzle's own bookkeeping: `CREATE TABLE IF
 * NOT EXISTS drizzle.__drizzle_migrations` is not safe against a concurrent twin (tried with 5
 * instances on a fresh database, 5 times: 4 of 5 failed every time, "duplicate key value violates
 * unique constraint pg_type_typname_nsp_index"); under the lock all 5 succeed (migrate.test.ts).
 *
 * The lock and the migration share one connection (advisory locks belong to a session, and a
 * pool would hand the migration another). If the process dies holding it, PostgreSQL releases
 * the lock with the connection, and drizzle's single transaction rolls the half-applied DDL back.
 */

/** `pg_advisory_lock` key for migrations: any fixed bigint no other part of the app uses ("hookwrit" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x686f6f6b77726974n;

/** Where drizzle keeps its record of applied migrations (its defaults, spelled out for queries and tests). */
export const MIGRATIONS_TABLE = { schema: "drizzle", table: "__drizzle_migrations" } as const;

/**
 * The committed PostgreSQL migrations, resolved from the working directory like db/migrate.ts's
 * (the Next server bundles modules away from their source folder). HOOKWRIGHT_PG_MIGRATIONS overrides it.
 */
export function pgMigrationsFolder(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.HOOKWRIGHT_PG_MIGRATIONS;
  const folder = configured
    ? path.resolve(/* turbopackIgnore: true */ configured)
    : path.join(process.cwd(), "db", "pg", "migrations");
  if (!existsSync(path.join(folder, "meta", "_journal.json"))) {
    throw new Error(
      `hookwright: no PostgreSQL migrations at ${folder}. Run from the project root, or set HOOKWRIGHT_PG_MIGRATIONS.`,
    );
  }
  return folder;
}

export interface PgMigrationResult {
  /** Migrations this call applied (0 when another instance had already applied them). */
  applied: number;
  /** How long this call waited for another instance's migration to finish. */
  waitedMs: number;
}

/**
 * Applies every migration the database has not seen yet, holding the migration lock meanwhile.
 * `connection` is a DATABASE_URL or node-postgres client options; a connection of its own is
 * opened and closed here.
 */
export async function runPgMigrations(
  connection: string | pg.ClientConfig,
  migrationsFolder: string = pgMigrationsFolder(),
): Promise<PgMigrationResult> {
  const client = new pg.Client(typeof connection === "string" ? { connectionString: connection } : connection);
  await client.connect();
  try {
    const asked = performance.now();
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY.toString()]);
    const waitedMs = Math.round(performance.now() - asked);
    try {
      const before = await appliedCount(client);
      await migrate(drizzle(client), { migrationsFolder, migrationsSchema: MIGRATIONS_TABLE.schema, migrationsTable: MIGRATIONS_TABLE.table });
      return { applied: (await appliedCount(client)) - before, waitedMs };
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

/** Rows in drizzle's migrations table; 0 before the first migration created it. */
async function appliedCount(client: pg.Client): Promise<number> {
  const table = `${MIGRATIONS_TABLE.schema}.${MIGRATIONS_TABLE.table}`;
  const exists = await client.query<{ found: string | null }>("select to_regclass($1) as found", [table]);
  if (exists.rows[0]?.found == null) return 0;
  const counted = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return counted.rows[0]?.n ?? 0;
}
