import type { UnitEnv } from "../unitEnv";

/** Guest unit `fs/promises`: the promise forms of `fs` (see fs.ts), the same object as `fs.promises`. */
export function create(env: UnitEnv): Record<string, unknown> {
  return env.unit<{ promises: Record<string, unknown> }>("fs").promises;
}
