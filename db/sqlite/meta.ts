import { eq } from "drizzle-orm";
import type { DbExecutor } from "../client";
import { meta } from "../schema";

/** The SQLite `meta` table: small named values (the access token's hash, the examples seeded). */

export function readMeta(db: DbExecutor, key: string): string | null {
  return db.select().from(meta).where(eq(meta.key, key)).get()?.value ?? null;
}

export function writeMeta(db: DbExecutor, key: string, value: string): void {
  db.insert(meta).values({ key, value }).onConflictDoUpdate({ target: meta.key, set: { value } }).run();
}
