import type { Json } from "../json";
import type { ScenarioInference } from "../pipeline/inferenceSchema";
import { getCatalogProviderForModel } from "../profiles/vellum/pluginApi/llm";

/**
 * Model calls a hook makes itself (Vellum's `getConfiguredProvider(...).sendMessage`): there is
 * no real provider behind them in a run. They are answered in order from the scenario's
 * `inference.replies`, and each is recorded on the hook's `hook.end.inference`, like an HTTP
 * request on `hook.end.requests`.
 */

/** What a hook's model call was sent and answered. */
export interface InferenceExchange {
  /** The call site the hook named (`vision`). */
  callSite: string;
  /** The profile the call went to (the override, else the active profile); null for none. */
  profile: string | null;
  provider: string | null;
  model: string | null;
  system: string | null;
  /** The messages as the hook sent them. */
  messages: Json[];
  /** The scripted answer; absent when the call failed. */
  reply?: { text: string; stopReason: string };
  /** Why the call failed: the scripted reply was an error, or there was none. */
  error?: string;
}

/** Where a hook's call goes: the profile it names (or the active one) and that profile's provider and model. */
export interface InferenceRoute {
  profile: string | null;
  provider: string | null;
  model: string | null;
}

const NO_INFERENCE: ScenarioInference = { profiles: {}, replies: [] };

/**
 * The route of a call for `overrideProfile` (ignored when the scenario has no such profile, as
 * the host's resolver falls back). Provider and model are the profile's, else the default's; a
 * provider left out is the catalog's for the model.
 */
export function inferenceRoute(inference: ScenarioInference | undefined, overrideProfile: string | undefined): InferenceRoute {
  const config = inference ?? NO_INFERENCE;
  const has = (key: string | undefined): key is string => key !== undefined && Object.hasOwn(config.profiles, key);
  const profile = has(overrideProfile) ? overrideProfile : has(config.activeProfile) ? config.activeProfile : null;
  const entry = profile !== null ? config.profiles[profile] : undefined;
  const model = entry?.model ?? config.default?.model ?? null;
  const provider = entry?.provider ?? config.default?.provider ?? (model !== null ? (getCatalogProviderForModel(model) ?? null) : null);
  return { profile, provider, model };
}

/** The words a hook reads when the scenario has no reply left for its call. */
export function noReplyMessage(callNumber: number, route: InferenceRoute, callSite: string): string {
  const where = [`call site "${callSite}"`, route.profile !== null ? `profile "${route.profile}"` : null].filter(Boolean).join(", ");
  return `no scripted reply for the hooks' model call #${callNumber} (${where}): add one in the scenario's inference replies (inference.replies)`;
}

/**
 * Answers the run's `index`-th hook model call (0-based) from `inference.replies`.
 *
 * @returns the exchange to record; `reply` when answered, `error` otherwise.
 */
export function answerInference(
  inference: ScenarioInference | undefined,
  index: number,
  call: { callSite: string; overrideProfile?: string; system: string | null; messages: Json[] },
): InferenceExchange {
  const route = inferenceRoute(inference, call.overrideProfile);
  const base = { callSite: call.callSite, ...route, system: call.system, messages: call.messages };
  const scripted = inference?.replies[index];
  if (scripted === undefined) return { ...base, error: noReplyMessage(index + 1, route, call.callSite) };
  if ("error" in scripted) return { ...base, error: scripted.error };
  return { ...base, reply: { text: scripted.text, stopReason: scripted.stopReason } };
}
