import type { MiddlewareInvoke } from "../../../core/chain/middleware/onion";
import type { LogEntry } from "../../../core/trace/events";
import { openModsMiddleware } from "./modsMiddleware";

/**
 * Realms that run a "middleware" point's hooks, by how the host calls one hook
 * (`MiddlewareSpec.call` in the profile). The run's sandbox runner (server/sandbox/runner.ts)
 * opens one per point on first use and keeps it for the run, so a hook's module state lasts
 * the run as it does for the other executions.
 */

/** One middleware hook of a point: its id and the path of its module among `files`. */
export interface MiddlewareHookFile {
  id: string;
  path: string;
}

export interface MiddlewareRealmOptions {
  /** The event's name (what the host registers each hook on). */
  event: string;
  /** The point's function hooks, in pipeline order. */
  hooks: readonly MiddlewareHookFile[];
  /** Every source of the pipeline (hook modules and shared modules), by path. */
  files: ReadonlyMap<string, string>;
  /** Per hook call, in ms. */
  budgetMs: number;
  memoryBytes: number;
}

export interface MiddlewareRealm {
  invoke: MiddlewareInvoke;
  /** Marks the start of a chain: {@link logsOf} reports what each hook logged from here on. */
  startChain(): void;
  logsOf(hookId: string): LogEntry[];
  dispose(): void;
}

export type MiddlewareRealmFactory = (options: MiddlewareRealmOptions) => Promise<MiddlewareRealm>;

export const MIDDLEWARE_REALMS: Readonly<Record<string, MiddlewareRealmFactory>> = {
  mods: openModsMiddleware,
};
