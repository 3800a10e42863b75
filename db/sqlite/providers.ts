import { asc, eq } from "drizzle-orm";
import type { DbExecutor } from "../client";
import { ProviderStoreError } from "../providerStoreError";
import { modelProviders } from "../schema";
import type { ProviderEntry, ProviderRecord } from "../store";

/** The SQLite provider store: entries with their keys as sealed by the caller, synchronous. */

export function listProviders(db: DbExecutor): ProviderRecord[] {
  return db.select().from(modelProviders).orderBy(asc(modelProviders.name)).all();
}

/** The id and name checks and the write in one IMMEDIATE transaction. */
export function saveProvider(db: DbExecutor, entry: ProviderEntry): ProviderRecord {
  return db.transaction(
    (tx) => {
      const existing = entry.id ? tx.select().from(modelProviders).where(eq(modelProviders.id, entry.id)).get() : undefined;
      if (entry.id && !existing) throw new ProviderStoreError(`provider entry ${entry.id} does not exist (it may have been deleted)`, "NOT_FOUND");
      const taken = tx.select().from(modelProviders).where(eq(modelProviders.name, entry.name)).get();
      if (taken && taken.id !== existing?.id) throw new ProviderStoreError(`a provider named "${entry.name}" already exists: pick another name or edit that one`, "CONFLICT");
      const key = entry.key === "keep" ? { keySealed: existing?.keySealed ?? null, keyHint: existing?.keyHint ?? null } : { keySealed: entry.key.sealed, keyHint: entry.key.hint };
      const values = { name: entry.name, kind: entry.kind, baseUrl: entry.baseUrl, defaultModel: entry.defaultModel, ...key };
      return existing
        ? tx.update(modelProviders).set(values).where(eq(modelProviders.id, existing.id)).returning().get()
        : tx.insert(modelProviders).values({ id: crypto.randomUUID(), ...values }).returning().get();
    },
    { behavior: "immediate" },
  );
}

export function deleteProvider(db: DbExecutor, id: string): boolean {
  return db.delete(modelProviders).where(eq(modelProviders.id, id)).returning().all().length > 0;
}
