/**
 * Guest code: what each unit of the simulated Node surface (units/*.ts) is handed when the
 * realm first needs it. A unit is bundled on its own and evaluated lazily in the realm that
 * asks for it, so a hook that never touches `process` or `node:crypto` never compiles them.
 */

export type LogLevel = "log" | "info" | "warn" | "error" | "debug";

export interface UnitEnv {
  /** Another unit's exports (the same instance for the whole realm). */
  unit<T = Record<string, unknown>>(name: string): T;
  /** A built-in module by its Node name (`path`, `node:path`), or null when the sandbox has none. */
  builtin(name: string): unknown;
  /** Adds an entry to the current call's logs. */
  log(level: LogLevel, message: string): void;
  /** The run's virtual clock, read (recorded, then +1 ms). */
  now(): number;
  /** The clock without reading it. */
  peek(): number;
  /** The run's clock start. */
  clockStart(): number;
  /** The run's seeded generator, in [0, 1). */
  random(): number;
  /** A run-bound service of the host (env, files, …): JSON in, JSON out. */
  call(op: string, payload: unknown): unknown;
  /** Ends the current call with `message` as its failure, whatever the hook catches. */
  exit(message: string): never;
}

/** The shape every unit entry exports. */
export type UnitFactory = (env: UnitEnv) => Record<string, unknown>;
