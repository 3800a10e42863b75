import { describe } from "vitest";
import type { PgStore } from "./pg/pgStore";
import { openPgTestStore, noPgReason } from "./pg/testStore";
import type { SqliteStore } from "./sqlite/sqliteStore";
import type { Store, StoreDialect } from "./store";
import { openTestStore } from "./testDatabase";

/*
 * The same tests on every store: `describeEachStore` declares a suite once per dialect, SQLite
 * and PostgreSQL (the run's throw-away cluster: db/pg/testGlobalSetup.ts). Without PostgreSQL
 * that half skips, its title saying why. Test bodies only use the Store port; the little raw SQL
 * a test needs to tamper with a row goes through `rawUpdate`, written once per dialect.
 */

export interface TestStoreKind {
  /** What the suite titles say. */
  name: "SQLite" | "PostgreSQL";
  dialect: StoreDialect;
  /** A fresh, empty, migrated store (close it after the test). */
  open: () => Promise<Store>;
  /** Why this dialect's tests skip, or null. */
  skip: string | null;
}

export const testStoreKinds: readonly TestStoreKind[] = [
  // A file, not ":memory:": the same journal and locking as the app's database.
  { name: "SQLite", dialect: "sqlite", open: async () => openTestStore(), skip: null },
  { name: "PostgreSQL", dialect: "postgres", open: openPgTestStore, skip: noPgReason },
];

/** `describe(title)` once per store kind; `body` opens its stores with `kind.open()`. */
export function describeEachStore(title: string, body: (kind: TestStoreKind) => void): void {
  for (const kind of testStoreKinds) {
    describe.skipIf(kind.skip !== null)(`${title} [${kind.name}]${kind.skip ? ` (skipped: ${kind.skip})` : ""}`, () => body(kind));
  }
}

/**
 * Runs one UPDATE a test needs below the port (tampering with a stored row), in the dialect of
 * `store`; `params` bind to `?` on SQLite and `$1, $2, …` on PostgreSQL.
 */
export async function rawUpdate(store: Store, statement: { sqlite: string; postgres: string }, params: unknown[]): Promise<void> {
  // Both test stores carry their connection as `handle` (SqliteStore, PgStore); the port does not.
  if ("handle" in store && store.dialect === "sqlite") {
    (store as SqliteStore).handle.sqlite.prepare(statement.sqlite).run(...params);
    return;
  }
  if ("handle" in store && store.dialect === "postgres") {
    await (store as PgStore).handle.pool.query(statement.postgres, params);
    return;
  }
  throw new Error(`rawUpdate: a ${store.dialect} store without its connection`);
}
