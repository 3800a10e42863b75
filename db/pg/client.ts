import { drizzle, type NodePgDatabase, type NodePgQueryResultHKT } from "drizzle-orm/node-postgres";
import type { PgDatabase } from "drizzle-orm/pg-core";
import pg from "pg";
import * as schema from "./schema";

/*
 * The PostgreSQL connection of a store: one node-postgres pool and drizzle on it. Each store
 * operation takes a connection from the pool for one statement or one transaction.
 */

export type PgDb = NodePgDatabase<typeof schema>;
/** The database or a transaction on it: what every PostgreSQL store function takes. */
export type PgExecutor = PgDatabase<NodePgQueryResultHKT, typeof schema>;

export interface PgHandle {
  db: PgDb;
  pool: pg.Pool;
  close: () => Promise<void>;
}

/** Connections per instance: enough for a run pool's event writers and the requests beside them. */
const DEFAULT_POOL_SIZE = 10;

export function openPgPool(options: { url: string; max?: number }): PgHandle {
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? DEFAULT_POOL_SIZE });
  // An idle connection the server drops (a restart, a failover) emits here; without a listener
  // node-postgres would crash the process. The next query takes a fresh connection.
  pool.on("error", (error) => console.warn(`hookwright: a PostgreSQL connection was lost: ${error.message}`));
  return { db: drizzle(pool, { schema }), pool, close: () => pool.end() };
}
