import type { Json } from "../json";
import type { HookEndEvent } from "../trace/events";

/**
 * The decision a hook made, by name, as expectations compare it: a decision the hook set
 * (Vellum's `decision: "continue"`) as is; a claiming result is `block` when it carries an error
 * (the call was refused) and `claim` otherwise; a result object naming its decision
 * (`{decision}`, `{permissionDecision}`, `{block: true}`, `{cancel: true}`) by that name; none is `none`.
 */
export function decisionName(end: HookEndEvent): string {
  if (end.status === "blocked") return "block";
  if (end.status === "claimed") return "claim";
  return nameOf(end.decision) ?? nameOf((end as { output?: Json }).output) ?? "none";
}

function nameOf(value: Json | undefined): string | null {
  if (typeof value === "string") return value;
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  for (const key of ["decision", "permissionDecision"]) {
    const named = value[key];
    if (typeof named === "string") return named;
  }
  for (const flag of ["block", "cancel"]) if (value[flag] === true) return flag;
  if (value.handled === true) return typeof value.error === "string" ? "block" : "claim";
  return null;
}
