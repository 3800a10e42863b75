import type { Db } from "../../db/client";
import { createProviderService, type ProviderService } from "./service";

const globalForProviders = globalThis as unknown as { hookwrightProviderServices?: WeakMap<Db, ProviderService> };

/** The provider service of a database (its secret file sits beside that database's file). */
export function getProviderService(db: Db): ProviderService {
  const services = (globalForProviders.hookwrightProviderServices ??= new WeakMap());
  let service = services.get(db);
  if (!service) {
    service = createProviderService({ db, dbFile: databaseFileOf(db) });
    services.set(db, service);
  }
  return service;
}

/** The file behind a drizzle handle: drizzle keeps the better-sqlite3 connection as `$client` (not in our Db type). */
function databaseFileOf(db: Db): string {
  const client = (db as unknown as { $client?: { name?: unknown } }).$client;
  return typeof client?.name === "string" && client.name !== "" ? client.name : ":memory:";
}
