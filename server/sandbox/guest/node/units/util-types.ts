import type { UnitEnv } from "../unitEnv";
import { alias } from "./aliases";

/** Guest unit `util/types`: see aliases.ts. */
export function create(env: UnitEnv): Record<string, unknown> {
  return alias(env, "util/types");
}
