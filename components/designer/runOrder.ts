import { orderHooks } from "~/core/pipeline/runOrder";
import type { Hook } from "~/core/pipeline/schema";
import type { HookPointSpec, Ordering } from "~/core/profiles/types";

/** Why hooks run in the order they do, in words, for the hook panel. */
export const orderingReasons: Record<Ordering, string> = {
  registration: "Hooks run top to bottom, in registration order. Drag a hook (or press Alt+↑/↓) to change it.",
  "priority-asc":
    "Lower priority runs first; hooks with equal priority keep registration order (top first). Disabled hooks do not run.",
  "priority-desc":
    "Higher priority runs first: priority 50 runs before priority 0; equal priorities keep registration order (top first). Disabled and gated-off hooks do not run.",
};

/**
 * The position (1-based) each enabled hook of a point runs at, by the profile's ordering
 * rule; disabled hooks are absent. `hooks` are the point's hooks in registration order.
 */
export function runPositions(hooks: readonly Hook[], ordering: HookPointSpec["ordering"]): Map<string, number> {
  return new Map(orderHooks(hooks, ordering).map((h, i) => [h.id, i + 1]));
}

/** Ordinal for "runs 2nd". */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}
