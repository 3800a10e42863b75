import type { Scenario } from "~/core/pipeline/schema";

/** How the completion-order form shows a scenario's `completionOrder`. */
export type CompletionOrderMode = "declared" | "reverse" | "seeded";

export function completionOrderMode(value: Scenario["completionOrder"]): CompletionOrderMode {
  return typeof value === "number" ? "seeded" : (value ?? "declared");
}

/**
 * The `completionOrder` a choice in the form stands for: "declared" is the default and is left
 * out of the file; "seeded" keeps the seed already set, else starts from `fallbackSeed`.
 */
export function completionOrderFor(mode: CompletionOrderMode, current: Scenario["completionOrder"], fallbackSeed: number): Scenario["completionOrder"] {
  if (mode === "declared") return undefined;
  if (mode === "reverse") return "reverse";
  return typeof current === "number" ? current : fallbackSeed;
}
