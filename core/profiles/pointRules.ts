import type { RuntimeKind } from "../pipeline/runtimeSchema";
import type { HookPointSpec, MatcherRules, Profile } from "./types";

/**
 * The rules a point's hooks follow where a point may differ from its profile (Claude Code mods:
 * settings.json PreToolUse hooks, commands or functions with a tool pattern, beside mods that are
 * functions with filter objects). Everything reads them here, never from the profile alone.
 */

/** How `point`'s matchers are edited, tested and checked; undefined when neither the point nor the profile has matchers. */
export function matcherRulesOf(profile: Pick<Profile, "matcherShape" | "matchHook" | "checkMatcher">, point: Pick<HookPointSpec, "matcherRules"> | undefined): MatcherRules | undefined {
  if (point?.matcherRules) return point.matcherRules;
  if (!profile.matcherShape) return undefined;
  return { shape: profile.matcherShape, ...(profile.matchHook ? { match: profile.matchHook } : {}), ...(profile.checkMatcher ? { check: profile.checkMatcher } : {}) };
}

/** The runtimes a hook on `pointId` may have (absent everywhere: functions only); without a point, every runtime the profile takes. */
export function runtimesOf(profile: Pick<Profile, "runtimes"> & { points?: readonly Pick<HookPointSpec, "id" | "runtimes">[] }, pointId?: string): RuntimeKind[] {
  const point = pointId === undefined ? undefined : profile.points?.find((p) => p.id === pointId);
  return point?.runtimes ?? profile.runtimes ?? ["function"];
}
