import type { Db } from "../../db/client";
import { createRunEventBus, type RunEventBus } from "./eventBus";
import { defaultRunEngine } from "./engine";
import { createRunService, type RunService } from "./runService";
import { getProviderService } from "../providers/registry";
import { runPoolConfigFromEnv } from "./workers/config";
import { createRunPool, type RunPool } from "./workers/pool";

/*
 * Process-wide run machinery. Cached on globalThis because Next may evaluate this module in
 * several server bundles; a run started from one route must stream through another.
 */
const globalForRuns = globalThis as unknown as { hookwrightRunBus?: RunEventBus; hookwrightRunServices?: WeakMap<Db, RunService>; hookwrightRunPool?: RunPool };

export function getRunBus(): RunEventBus {
  return (globalForRuns.hookwrightRunBus ??= createRunEventBus());
}

/** The worker threads that execute runs (sized by HOOKWRIGHT_RUN_WORKERS and friends, see docs/sandbox.md). */
export function getRunPool(): RunPool {
  return (globalForRuns.hookwrightRunPool ??= createRunPool({ ...runPoolConfigFromEnv(), rebundleEachRun: process.env.NODE_ENV === "development" }));
}

/** The run service of a database (tests use their own database, hence one service per handle). */
export function getRunService(db: Db): RunService {
  const services = (globalForRuns.hookwrightRunServices ??= new WeakMap());
  let service = services.get(db);
  if (!service) {
    service = createRunService({ db, bus: getRunBus(), engine: defaultRunEngine, executor: getRunPool(), providers: () => getProviderService(db).resolve() });
    services.set(db, service);
  }
  return service;
}

/** Installs the service of a database (tests inject an engine); must precede the first getRunService(db). */
export function provideRunService(db: Db, service: RunService): void {
  (globalForRuns.hookwrightRunServices ??= new WeakMap()).set(db, service);
}

export { streamRunEvents } from "./streamEvents";
export { RunError } from "./runError";
