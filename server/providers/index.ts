import type { ModelProvider } from "../../core/engine/ports";
import type { Scenario } from "../../core/pipeline/schema";
import { createLiveModelProvider } from "./live";
import { createScriptedProvider } from "./scripted";
import type { ProviderConfig } from "./types";

/**
 * The model a scenario asks for: its scripted replies (the default), or a real provider among
 * `providers` (configured on the server: Settings → Model providers, or the environment).
 */
export function modelProviderFor(
  scenario: Pick<Scenario, "model">,
  live: { providers: readonly ProviderConfig[]; signal?: AbortSignal; onText?: (call: number, text: string) => void } = { providers: [] },
): ModelProvider {
  switch (scenario.model.kind) {
    case "scripted":
      return createScriptedProvider(scenario);
    case "provider":
      return createLiveModelProvider({ model: scenario.model, ...live });
  }
}

export { createScriptedProvider, createLiveModelProvider };
export type { ProviderConfig };
