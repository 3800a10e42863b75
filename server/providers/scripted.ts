import { createScriptedModel } from "../../core/engine/scriptedModel";
import type { ModelProvider } from "../../core/engine/ports";
import type { Scenario } from "../../core/pipeline/schema";

/**
 * The scripted ModelProvider: call N gets the scenario's N-th response; running out is a
 * `script_exhausted` reply (the run ends with that exit reason). The logic is pure and lives
 * in core/engine/scriptedModel.ts so core tests use the same model.
 */
export function createScriptedProvider(scenario: Pick<Scenario, "model">): ModelProvider {
  return createScriptedModel(scenario.model);
}
