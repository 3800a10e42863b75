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

/** Whether the host starts every hook of `point` at once, so a hook has no position in a sequence. */
export function startsTogether(point: Pick<HookPointSpec, "fold">): boolean {
  return point.fold?.kind === "parallel" || point.fold?.kind === "observe";
}

/**
 * Why hooks run in the order they do at `point`. Hosts that start every matching hook at once (Claude Code,
 * OpenClaw's void hooks) have no order to drag: saying "top to bottom" there would teach the wrong model.
 */
export function orderingReason(point: Pick<HookPointSpec, "ordering" | "fold">): string {
  switch (point.fold?.kind) {
    case "parallel":
      return "Matching hooks start at the same time on the same input; their answers are folded in the order they finish (the scenario's completion order sets it). The list order is only the order they are written out.";
    case "observe":
      return "Hooks start at the same time; the host ignores what they return, so their order changes nothing.";
    default:
      return orderingReasons[point.ordering];
  }
}

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
