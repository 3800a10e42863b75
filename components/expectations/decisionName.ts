import type { Json } from "~/core/json";

/**
 * The name a `hookDecision` expectation compares with, as the checker reads a hook.end's
 * decision: a string as is, a claim that carries an error is a block, any other claim a claim.
 */
export function decisionName(decision: Json | undefined): string {
  if (decision === undefined || decision === null) return "none";
  if (typeof decision === "string") return decision;
  if (typeof decision === "object" && !Array.isArray(decision) && decision["handled"] === true) return "error" in decision ? "block" : "claim";
  return JSON.stringify(decision);
}
