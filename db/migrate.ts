import { existsSync } from "node:fs";
import path from "node:path";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";

/**
 * The committed drizzle-kit migrations. Resolved from the working directory because the
 * Next server bundles this module away from its source folder; `npm start`, `next start`,
 * the tests and the CLI all run from the project root. HOOKWRIGHT_MIGRATIONS overrides it.
 */
export function migrationsFolder(env: NodeJS.ProcessEnv = process.env): string {
  const configured = env.HOOKWRIGHT_MIGRATIONS;
  // Statically scoped to db/migrations so the Next build traces that folder, not the whole project.
  const folder = configured
    ? path.resolve(/* turbopackIgnore: true */ configured)
    : path.join(process.cwd(), "db", "migrations");
  if (!existsSync(path.join(folder, "meta", "_journal.json"))) {
    throw new Error(
      `hookwright: no database migrations at ${folder}. Run from the project root, or set HOOKWRIGHT_MIGRATIONS.`,
    );
  }
  return folder;
}

/** Applies every migration the database has not seen yet (drizzle records them in __drizzle_migrations). */
export function runMigrations(db: BetterSQLite3Database<Record<string, unknown>>): void {
  migrate(db, { migrationsFolder: migrationsFolder() });
}
