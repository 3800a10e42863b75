import type { ModelRoute } from "../../core/engine/ports";
import type { ProviderModel } from "../../core/pipeline/schema";
import type { ProviderConfig } from "./types";

/** The provider and model a call actually goes to, and how routing got there (for the trace). */
export type RouteTarget = { config: ProviderConfig; model: string; routing: string | null } | { error: string };

/**
 * Where a call goes: the scenario's provider and model, unless hooks routed it. A route is
 * profile data the binding read back (core/engine/binding.ts): an inference profile key looked
 * up in the scenario's `profiles` (Vellum `modelProfile`, as the host's `llm.profiles`), and/or
 * a provider and model named directly (OpenClaw `providerOverride`/`modelOverride`). A provider
 * switched without a model uses that provider's default model.
 */
export function resolveRoute(model: ProviderModel, route: ModelRoute | null | undefined, providers: readonly ProviderConfig[]): RouteTarget {
  let provider = model.provider;
  let modelId = model.model;
  const notes: string[] = [];
  if (route?.profile !== undefined) {
    const entry = model.profiles?.[route.profile];
    if (entry) {
      if (entry.provider !== undefined && entry.provider !== provider) {
        provider = entry.provider;
        modelId = "";
      }
      if (entry.model !== undefined) modelId = entry.model;
      notes.push(`inference profile "${route.profile}"`);
    } else {
      // As the host: a profile key with no profile behind it leaves the call on the default.
      const known = Object.keys(model.profiles ?? {});
      notes.push(`inference profile "${route.profile}" is not among the scenario's profiles (${known.length > 0 ? known.join(", ") : "none"}), so the default model answered`);
    }
  }
  if (route?.provider !== undefined && route.provider !== provider) {
    provider = route.provider;
    modelId = "";
    notes.push(`provider override "${route.provider}"`);
  }
  if (route?.model !== undefined) {
    modelId = route.model;
    notes.push(`model override "${route.model}"`);
  }
  const config = providers.find((p) => p.name === provider);
  if (!config) {
    const names = providers.map((p) => p.name);
    return { error: `provider "${provider}" is not configured on this server (configured: ${names.length > 0 ? names.join(", ") : "none"}); add it in Settings → Model providers` };
  }
  const resolved = modelId !== "" ? modelId : config.defaultModel;
  if (resolved === "") return { error: `no model to call on provider "${provider}": set the scenario's model, or the provider's default model in Settings → Model providers` };
  return { config, model: resolved, routing: notes.length > 0 ? `routed by hooks: ${notes.join(", ")}` : null };
}
