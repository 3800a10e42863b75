import type { Ordering } from "../profiles/types";
import type { Hook } from "./schema";

/**
 * The enabled hooks of one point in the order the host runs them. `hooks` are in registration
 * order; priority sorts are stable, so equal priorities keep registration order (the host's rule).
 * The engine runs this order and the designer shows it: one function, so they cannot disagree.
 */
export function orderHooks<THook extends Pick<Hook, "enabled" | "priority">>(hooks: readonly THook[], ordering: Ordering): THook[] {
  const enabled = hooks.filter((h) => h.enabled);
  if (ordering === "registration") return enabled;
  const sign = ordering === "priority-asc" ? 1 : -1;
  return enabled.sort((a, b) => sign * ((a.priority ?? 0) - (b.priority ?? 0)));
}
