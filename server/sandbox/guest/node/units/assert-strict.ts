import type { UnitEnv } from "../unitEnv";
import { alias } from "./aliases";

/** Guest unit `assert/strict`: see aliases.ts. */
export function create(env: UnitEnv): Record<string, unknown> {
  return alias(env, "assert/strict");
}
