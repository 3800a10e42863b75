import type { UnitEnv } from "../unitEnv";
import { createHttp } from "./http";

/** Guest unit `https`: `request` / `get` over the scenario's HTTP fixtures (see http.ts). */
export function create(env: UnitEnv): Record<string, unknown> {
  return createHttp(env, "https:");
}
