import type { Hook, Pipeline } from "../pipeline/schema";
import type { HostSettingSpec, Profile } from "./types";

/** A hook the host would never run because a plugin setting drops it at registration. */
export interface GatedHook {
  hookId: string;
  /** The setting that gates it. */
  setting: string;
  /** In the host's words, e.g. `the loader drops it: typed hook "llm_input" blocked because …`. */
  reason: string;
}

/** The value of a host setting for a pipeline (the host's default when the pipeline does not set it). */
export function settingValue(profile: Pick<Profile, "settings">, pipeline: Pick<Pipeline, "hostSettings">, id: string): boolean | undefined {
  const spec = profile.settings?.find((s) => s.id === id);
  if (!spec) return undefined;
  return pipeline.hostSettings?.[id] ?? spec.default;
}

/**
 * Why the host would drop `hook` at registration, or null when it registers it. Settings are
 * checked in the profile's order (the loader checks prompt injection before conversation access).
 */
export function gateOf(profile: Pick<Profile, "settings">, pipeline: Pick<Pipeline, "hostSettings" | "name">, hook: Pick<Hook, "id" | "point">, pluginId: string): GatedHook | null {
  for (const spec of profile.settings ?? []) {
    if (!spec.points.includes(hook.point)) continue;
    if ((pipeline.hostSettings?.[spec.id] ?? spec.default) === spec.requires) continue;
    return { hookId: hook.id, setting: spec.id, reason: fillReason(spec, hook.point, pluginId) };
  }
  return null;
}

/** Every hook of the pipeline the host would drop, with why. */
export function gatedHooks(profile: Pick<Profile, "settings">, pipeline: Pick<Pipeline, "hostSettings" | "name" | "hooks">, pluginId: string): GatedHook[] {
  return pipeline.hooks.flatMap((hook) => {
    const gate = gateOf(profile, pipeline, hook, pluginId);
    return gate ? [gate] : [];
  });
}

function fillReason(spec: HostSettingSpec, hook: string, pluginId: string): string {
  return spec.reason.split("{hook}").join(hook).split("{pluginId}").join(pluginId);
}
