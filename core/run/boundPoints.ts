import type { ProfileBinding } from "../engine/binding";

/**
 * The hook points the loop can fire for a profile: those its binding has a stage for. A profile
 * point without a stage is one Hookwright's model of the host never fires (read from the binding
 * data, so a new profile needs nothing here).
 */
export function boundPoints(binding: ProfileBinding): Set<string> {
  const out = new Set<string>();
  for (const value of Object.values(binding)) {
    if (typeof value === "object" && value !== null && "point" in value && typeof value.point === "string" && "context" in value) out.add(value.point);
  }
  // Points fired at moments of the loop (binding.at, e.g. OpenClaw's 22 other points).
  for (const stages of Object.values(binding.at ?? {})) for (const stage of stages ?? []) out.add(stage.point);
  return out;
}
