import type { Store } from "../../db/store";
import { createRunEventBus, type RunEventBus } from "./eventBus";
import { defaultRunEngine } from "./engine";
import { createRunService, type RunService } from "./runService";
import { getProviderService } from "../providers/registry";
import { runPoolConfigFromEnv } from "./workers/config";
import { createRunPool, type RunPool } from "./workers/pool";
import { createTeamRunService } from "../team/teamRuns";
import { storeConfigFrom } from "../../db/openStore";

/** The PostgreSQL of a team server: DATABASE_URL, as the store was opened from it. */
function teamDatabaseUrl(): string {
  const config = storeConfigFrom();
  if (config.dialect !== "postgres") throw new Error("hookwright: the store is PostgreSQL but DATABASE_URL does not name it");
  return config.url;
}

/*
 * Process-wide run machinery. Cached on globalThis because Next may evaluate this module in
 * several server bundles; a run started from one route must stream through another.
 */
const globalForRuns = globalThis as unknown as { hookwrightRunBus?: RunEventBus; hookwrightRunServices?: WeakMap<Store, RunService>; hookwrightRunPool?: RunPool };

/**
 * The bus streams read. Given the store, its run service exists first: in team mode that service
 * is what feeds the bus with the events workers store (a stream may be this instance's first request).
 */
export function getRunBus(store?: Store): RunEventBus {
  if (store) getRunService(store);
  return (globalForRuns.hookwrightRunBus ??= createRunEventBus());
}

/** The worker threads that execute runs (sized by HOOKWRIGHT_RUN_WORKERS and friends, see docs/sandbox.md). */
export function getRunPool(): RunPool {
  return (globalForRuns.hookwrightRunPool ??= createRunPool({ ...runPoolConfigFromEnv(), rebundleEachRun: process.env.NODE_ENV === "development" }));
}

/** The run service of a store (tests use their own store, hence one service per store). */
export function getRunService(store: Store): RunService {
  const services = (globalForRuns.hookwrightRunServices ??= new WeakMap());
  let service = services.get(store);
  if (!service) {
    const providers = () => getProviderService(store).resolve();
    // The one switch between one process and a team: a PostgreSQL store's runs go to `hookwright worker`s.
    service =
      store.dialect === "postgres"
        ? createTeamRunService({ store, url: teamDatabaseUrl(), bus: getRunBus(), engine: defaultRunEngine, providers }).service
        : createRunService({ store, bus: getRunBus(), engine: defaultRunEngine, executor: getRunPool(), providers });
    services.set(store, service);
  }
  return service;
}

/** Installs the service of a store (tests inject an engine); must precede the first getRunService(store). */
export function provideRunService(store: Store, service: RunService): void {
  (globalForRuns.hookwrightRunServices ??= new WeakMap()).set(store, service);
}

export { streamRunEvents } from "./streamEvents";
export { RunError } from "./runError";
