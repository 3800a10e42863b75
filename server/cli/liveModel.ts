import type { ModelProvider } from "../../core/engine/ports";
import type { Scenario } from "../../core/pipeline/schema";
import { envProviders } from "../providers/env";
import { createLiveModelProvider } from "../providers/live";
import { FileProblem } from "./pipelineFile";

/**
 * The CLI's model for a scenario that calls a real provider: providers come from the
 * environment only (ANTHROPIC_API_KEY → "anthropic"; OPENAI_API_KEY / OPENAI_BASE_URL → "openai";
 * docs/providers.md), Ctrl-C cancels the turn (the run ends as cancelled, its trace complete).
 * Undefined for a scripted scenario.
 */
export function cliLiveModel(scenario: Scenario, options: { env?: Record<string, string | undefined>; onText?: (text: string) => void } = {}): { model: ModelProvider; dispose: () => void } | undefined {
  if (scenario.model.kind !== "provider") return undefined;
  const providers = envProviders(options.env ?? process.env);
  const name = scenario.model.provider;
  if (!providers.some((p) => p.name === name)) {
    throw new FileProblem(
      `scenario "${scenario.name}" calls provider "${name}"; the CLI takes providers from the environment: ANTHROPIC_API_KEY (provider "anthropic"), OPENAI_API_KEY and/or OPENAI_BASE_URL (provider "openai") — configured now: ${providers.map((p) => p.name).join(", ") || "none"}`,
    );
  }
  const controller = new AbortController();
  const cancel = () => controller.abort();
  process.once("SIGINT", cancel);
  return {
    model: createLiveModelProvider({ model: scenario.model, providers, signal: controller.signal, onText: (_call, text) => options.onText?.(text) }),
    dispose: () => process.off("SIGINT", cancel),
  };
}
