import type { ModelProvider } from "../../core/engine/ports";
import type { Scenario } from "../../core/pipeline/schema";
import { createScriptedProvider } from "./scripted";

/** The model a scenario asks for. `scripted` is the only kind so far; real providers plug in here. */
export function modelProviderFor(scenario: Pick<Scenario, "model">): ModelProvider {
  switch (scenario.model.kind) {
    case "scripted":
      return createScriptedProvider(scenario);
  }
}

export { createScriptedProvider };
