import { eq } from "drizzle-orm";
import { ProviderStoreError } from "../providerStoreError";
import type { ProviderEntry, ProviderRecord } from "../store";
import type { PgDb, PgExecutor } from "./client";
import { binaryOrder } from "./collation";
import { isUniqueViolation } from "./errors";
import { modelProviders } from "./schema";

/** The PostgreSQL provider store: entries with their keys as sealed by the caller, the queries of db/sqlite/providers.ts. */

export async function listProviders(db: PgExecutor): Promise<ProviderRecord[]> {
  return db.select().from(modelProviders).orderBy(binaryOrder(modelProviders.name));
}

const taken = (name: string) => new ProviderStoreError(`a provider named "${name}" already exists: pick another name or edit that one`, "CONFLICT");

/**
 * The id and name checks and the write in one transaction, the edited entry's row locked. Two
 * instances adding the same new name at once both pass the name check; the unique index refuses
 * the second insert (SQLSTATE 23505), which is the same CONFLICT.
 */
export async function saveProvider(db: PgDb, entry: ProviderEntry): Promise<ProviderRecord> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = entry.id ? await tx.select().from(modelProviders).where(eq(modelProviders.id, entry.id)).for("update") : [];
      if (entry.id && !existing) throw new ProviderStoreError(`provider entry ${entry.id} does not exist (it may have been deleted)`, "NOT_FOUND");
      const [holder] = await tx.select().from(modelProviders).where(eq(modelProviders.name, entry.name));
      if (holder && holder.id !== existing?.id) throw taken(entry.name);
      const key = entry.key === "keep" ? { keySealed: existing?.keySealed ?? null, keyHint: existing?.keyHint ?? null } : { keySealed: entry.key.sealed, keyHint: entry.key.hint };
      const values = { name: entry.name, kind: entry.kind, baseUrl: entry.baseUrl, defaultModel: entry.defaultModel, ...key };
      const [saved] = existing
        ? await tx.update(modelProviders).set(values).where(eq(modelProviders.id, existing.id)).returning()
        : await tx.insert(modelProviders).values({ id: crypto.randomUUID(), ...values }).returning();
      if (!saved) throw new Error(`hookwright: PostgreSQL returned no row for provider "${entry.name}"`);
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(entry.name);
    throw error;
  }
}

export async function deleteProvider(db: PgExecutor, id: string): Promise<boolean> {
  return (await db.delete(modelProviders).where(eq(modelProviders.id, id)).returning({ id: modelProviders.id })).length > 0;
}
