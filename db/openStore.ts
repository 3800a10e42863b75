import { examplePipelines } from "../core/examples";
import type { PipelineInput } from "../core/pipeline/schema";
import { resolveDatabasePath } from "./client";
import { openSqliteStore } from "./sqlite/sqliteStore";
import type { Store } from "./store";

/*
 * Which store the app uses, and the app's one store.
 *
 * 1. CONFIG     DATABASE_URL=postgres://… (or postgresql://…) selects PostgreSQL; unset, the SQLite
 *               file of HOOKWRIGHT_DB (default ./data/hookwright.db), as always.
 * 2. OPEN       openStore(config); prepareStore also seeds the examples never seeded.
 * 3. APP STORE  getStore(): opened once per process, cached on globalThis because Next may evaluate
 *               this module in several server bundles (and again on every HMR reload in dev).
 */

// 1. CONFIG

export type StoreConfig = { dialect: "sqlite"; file: string } | { dialect: "postgres"; url: string };

export function storeConfigFrom(env: Readonly<Record<string, string | undefined>> = process.env): StoreConfig {
  const url = env.DATABASE_URL?.trim();
  if (!url) return { dialect: "sqlite", file: resolveDatabasePath(env) };
  if (/^postgres(ql)?:\/\//i.test(url)) return { dialect: "postgres", url };
  throw new Error(`hookwright: DATABASE_URL must be a postgres://… URL (it starts with "${url.split(":")[0]}:"); unset it to use the SQLite file of HOOKWRIGHT_DB.`);
}

// 2. OPEN

/**
 * The PostgreSQL store goes here (issue 30): it must implement every method of {@link Store} with
 * the atomicity each one documents (db/store.ts), and pass db/storeContract.ts.
 */
async function openPostgresStore(config: { url: string }): Promise<Store> {
  const { host } = new URL(config.url);
  throw new Error(`hookwright: DATABASE_URL names a PostgreSQL database (${host}), but this build has no PostgreSQL store yet; unset DATABASE_URL to use SQLite.`);
}

/** Opens the store the config names and brings its schema up to date. */
export async function openStore(config: StoreConfig): Promise<Store> {
  return config.dialect === "sqlite" ? openSqliteStore({ file: config.file }) : openPostgresStore(config);
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
