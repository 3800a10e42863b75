import { VELLUM_MODEL_CATALOG } from "./catalog";

/**
 * The inference-profile half of the Vellum plugin API (`getModelProfiles`, `doesSupportVision`),
 * ported from @vellumai/assistant 0.10.5 (`V:src/plugin-api/model-profiles.ts`,
 * `V:src/plugin-api/vision-support.ts`, `V:src/config/profile-order.ts`,
 * `V:src/config/profile-dispatchability.ts`, `getCatalogProviderForModel` of
 * `V:src/providers/model-catalog.ts`). The host reads its live `llm` config; here the config is
 * an argument: the scenario's inference settings (core/pipeline/inferenceSchema.ts).
 * pluginApi.test.ts runs the host's own functions on the same configs and compares.
 */

/** One entry of the host's `llm.profiles`, as far as these functions read it. */
export interface LlmProfileEntry {
  provider?: string;
  model?: string;
  label?: string;
  description?: string;
  status?: string;
  mix?: readonly { profile: string; weight?: number }[];
}

/** The host's `llm` config section, as far as these functions read it. */
export interface LlmConfig {
  activeProfile?: string;
  default?: { provider?: string; model?: string };
  profileOrder?: readonly string[];
  profiles: Readonly<Record<string, LlmProfileEntry | undefined>>;
}

/** `ModelProfileInfo` of the plugin API. */
export interface ModelProfileInfo {
  readonly key: string;
  readonly label: string;
  readonly description: string | null;
  readonly isActive: boolean;
  readonly isDisabled: boolean;
  readonly isMix: boolean;
}

/** `orderProfileKeys`: keys named in `profileOrder` first (deduped, existing only), then the rest alphabetically. */
export function orderProfileKeys(profiles: Readonly<Record<string, unknown>>, profileOrder: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const ordered: string[] = [];
  for (const name of profileOrder ?? []) {
    if (profiles[name] != null && !seen.has(name)) {
      ordered.push(name);
      seen.add(name);
    }
  }
  const tail = Object.keys(profiles)
    .filter((n) => !seen.has(n))
    .sort();
  return [...ordered, ...tail];
}

/** `isDispatchableProfile`: metadata-only entries (no provider, model or mix) are not routing targets. */
export function isDispatchableProfile(entry: LlmProfileEntry): boolean {
  return entry.provider != null || entry.model != null || entry.mix != null;
}

/** `getModelProfiles`: the routable profiles in the `/model` picker's order. */
export function getModelProfiles(llm: LlmConfig): ModelProfileInfo[] {
  const { profiles, activeProfile } = llm;
  const result: ModelProfileInfo[] = [];
  for (const key of orderProfileKeys(profiles, llm.profileOrder)) {
    const entry = profiles[key];
    if (entry == null) continue;
    if (!isDispatchableProfile(entry)) continue;
    result.push({
      key,
      label: entry.label ?? key,
      description: entry.description ?? null,
      isActive: key === activeProfile,
      isDisabled: entry.status === "disabled",
      isMix: entry.mix != null,
    });
  }
  return result;
}

function catalogModel(provider: readonly [string, readonly (readonly [string, boolean | null])[]], model: string): readonly [string, boolean | null] | undefined {
  return provider[1].find(([id]) => id === model);
}

/** `getCatalogProviderForModel`: the one catalog provider offering `modelId`, or undefined (none, or several). */
export function getCatalogProviderForModel(modelId: string): string | undefined {
  const matches = VELLUM_MODEL_CATALOG.filter((p) => catalogModel(p, modelId) !== undefined);
  return matches.length === 1 ? matches[0]?.[0] : undefined;
}

/** `doesSupportVision`: a model id first, then a profile key (or a ModelProfileInfo's key); false when nothing resolves. */
export function doesSupportVision(modelOrProfile: ModelProfileInfo | string, llm: LlmConfig): boolean {
  if (typeof modelOrProfile === "string") {
    return modelVision(modelOrProfile) ?? profileVision(modelOrProfile, llm) ?? false;
  }
  return profileVision(modelOrProfile.key, llm) ?? false;
}

function modelVision(model: string): boolean | undefined {
  for (const provider of VELLUM_MODEL_CATALOG) {
    const found = catalogModel(provider, model);
    if (found != null) return found[1] ?? false;
  }
  return undefined;
}

function profileVision(profileKey: string, llm: LlmConfig): boolean | undefined {
  // Indexed as the host does (a key such as "constructor" reads the prototype's, there as here).
  const entry = llm.profiles[profileKey];
  if (entry == null) return undefined;
  if (entry.mix != null) {
    let sawUnknown = false;
    for (const arm of entry.mix) {
      const armEntry = llm.profiles[arm.profile];
      const armVision = armEntry == null ? undefined : resolveEntryVision(armEntry, llm);
      if (armVision === true) return true;
      if (armVision == null) sawUnknown = true;
    }
    return sawUnknown ? undefined : false;
  }
  return resolveEntryVision(entry, llm);
}

function resolveEntryVision(entry: LlmProfileEntry, llm: LlmConfig): boolean | undefined {
  const provider = entry.provider ?? llm.default?.provider;
  const model = entry.model ?? llm.default?.model;
  const effectiveProvider = provider ?? (typeof model === "string" ? getCatalogProviderForModel(model) : undefined);
  if (typeof effectiveProvider !== "string" || typeof model !== "string") return undefined;
  const catalogProvider = VELLUM_MODEL_CATALOG.find((p) => p[0] === effectiveProvider);
  const found = catalogProvider ? catalogModel(catalogProvider, model) : undefined;
  // The host returns the flag as the catalog has it: unset reads as undefined here (unlike modelVision).
  return found ? (found[1] ?? undefined) : undefined;
}
