import { eq } from "drizzle-orm";
import type { PgExecutor } from "./client";
import { meta } from "./schema";

/** The PostgreSQL `meta` table: small named values (the access token's hash, the examples seeded). */

export async function readMeta(db: PgExecutor, key: string): Promise<string | null> {
  const [row] = await db.select().from(meta).where(eq(meta.key, key));
  return row?.value ?? null;
}

/** An upsert: one statement, the last writer's value stays. */
export async function writeMeta(db: PgExecutor, key: string, value: string): Promise<void> {
  await db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } });
}
