import type { Scenario } from "~/core/pipeline/schema";
import type { ScenarioPatch } from "./types";

/**
 * The top-level fields of `next` whose JSON differs from `prev`, the name aside (a rename is its
 * own change). The JSON view turns a valid edit into this patch, so undo and History see the
 * fields that changed rather than a whole new scenario.
 */
export function changedFields(prev: Scenario, next: Scenario): ScenarioPatch {
  const patch: Record<string, unknown> = {};
  for (const key of Object.keys({ ...prev, ...next }) as (keyof Scenario)[]) {
    if (key !== "name" && JSON.stringify(prev[key]) !== JSON.stringify(next[key])) patch[key] = next[key];
  }
  return patch as ScenarioPatch;
}
