import type { Scenario } from "../../../pipeline/schema";

/**
 * What the Vellum host tells hooks about the turn's model, from a scenario: the effective
 * profile key (`modelProfileKey` on user-prompt-submit and post-compact) and the model id that
 * ran (`model` on post-tool-use).
 */

/**
 * The turn's profile key, as `V:src/daemon/conversation-agent-loop.ts:867-877` resolves it: the
 * active profile, else (no profile at all) the model the default resolves to, else "default"
 * (`resolveProfilelessModelKey`'s fallback).
 */
export function effectiveProfileKey(scenario: Pick<Scenario, "inference" | "model">): string {
  const inference = scenario.inference;
  if (inference?.activeProfile !== undefined) return inference.activeProfile;
  if (inference?.default?.model !== undefined) return inference.default.model;
  if (scenario.model.kind === "provider" && scenario.model.model !== "") return scenario.model.model;
  return "default";
}

/**
 * The model id the provider reports for the turn: a provider scenario's model (or provider name);
 * for a scripted model the active profile's model when the scenario names one, else "scripted".
 */
export function turnModelId(scenario: Pick<Scenario, "inference" | "model">): string {
  if (scenario.model.kind === "provider") return scenario.model.model || scenario.model.provider;
  const inference = scenario.inference;
  const active = inference?.activeProfile !== undefined ? inference.profiles[inference.activeProfile] : undefined;
  return active?.model ?? inference?.default?.model ?? "scripted";
}
