import { examplePipelines } from "../core/examples";
import type { PipelineInput } from "../core/pipeline/schema";
import { resolveDatabasePath } from "./client";
import { openSqliteStore } from "./sqlite/sqliteStore";
import type { Store } from "./store";

/*
 * Which store the app uses, and the app's one store.
 *
 * 1. CONFIG     DATABASE_URL=postgres://… (or postgresql://…) selects PostgreSQL, and then
 *               HOOKWRIGHT_SECRET is required; unset, the SQLite file of HOOKWRIGHT_DB (default
 *               ./data/hookwright.db), as always.
 * 2. OPEN       openStore(config); prepareStore also seeds the examples never seeded.
 * 3. APP STORE  getStore(): opened once per process, cached on globalThis because Next may evaluate
 *               this module in several server bundles (and again on every HMR reload in dev).
 */

// 1. CONFIG

export type StoreConfig = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

export function storeConfigFrom(env: Readonly<Record<string, string | undefined>> = process.env): StoreConfig {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { dialect: "sqlite", file: resolveDatabasePath(env) };
  if (/^postgres(ql)?:\/\//i.test(url)) {
    // Provider keys are sealed with a key every instance must share; on SQLite it may live in a
    // file beside the database, but a PostgreSQL database has no "beside" (server/secrets).
    if (!env.HOOKWRIGHT_SECRET) {
      throw new Error("hookwright: DATABASE_URL selects PostgreSQL, which needs HOOKWRIGHT_SECRET (the same value on every web instance and worker: it seals the stored provider keys); set it, or unset DATABASE_URL to use SQLite.");
    }
    return { dialect: "postgres", url };
  }
  throw new Error(`hookwright: DATABASE_URL must be a postgres://… URL (it starts with "${url.split(":")[0]}:"); unset it to use the SQLite file of HOOKWRIGHT_DB.`);
}

// 2. OPEN

/**
 * Opens the store the config names and brings its schema up to date. The PostgreSQL store is
 * loaded only when asked for, so a SQLite start never loads node-postgres.
 */
export async function openStore(config: StoreConfig): Promise<Store> {
  if (config.dialect === "sqlite") return openSqliteStore({ file: config.file });
  const { openPgStore } = await import("./pg/pgStore");
  return openPgStore({ url: config.url });
}

/**
 * Opens the store and seeds the example pipelines never seeded into it (what `npm start` and the
 * app server do before serving). An example the store rejects is reported on the console, never fatal.
 */
export async function prepareStore(config: StoreConfig, examples: readonly PipelineInput[] = examplePipelines): Promise<{ store: Store; seeded: string[] }> {
  const store = await openStore(config);
  try {
    const { seeded, skipped } = await store.pipelines.seedExamples(examples);
    for (const s of skipped) console.warn(`hookwright: example "${s.name}" was not seeded: ${s.reason}`);
    return { store, seeded };
  } catch (error) {
    await store.close();
    throw error;
  }
}

// 3. APP STORE

const globalForStore = globalThis as unknown as { hookwrightStore?: Promise<Store> };

/** The app's store (see the section guide above). */
export function getStore(): Promise<Store> {
  if (!globalForStore.hookwrightStore) {
    const opening = prepareStore(storeConfigFrom()).then(({ store }) => store);
    globalForStore.hookwrightStore = opening;
    // A store that failed to open is tried again on the next request, not cached broken.
    opening.catch(() => {
      if (globalForStore.hookwrightStore === opening) globalForStore.hookwrightStore = undefined;
    });
  }
  return globalForStore.hookwrightStore;
}
