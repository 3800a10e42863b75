import type { UnitEnv } from "../unitEnv";

/** Guest unit `timers`: the realm's virtual timers (docs/sandbox.md), under their Node module names. */

type G = Record<string, (...args: unknown[]) => unknown>;

export function create(env: UnitEnv): Record<string, unknown> {
  const g = globalThis as unknown as G;
  const pick = (name: string) => g[name] as (...args: unknown[]) => unknown;
  return {
    setTimeout: pick("setTimeout"),
    clearTimeout: pick("clearTimeout"),
    setInterval: pick("setInterval"),
    clearInterval: pick("clearInterval"),
    setImmediate: pick("setImmediate"),
    clearImmediate: pick("clearImmediate"),
    get promises() {
      return env.unit("timers/promises");
    },
  };
}
