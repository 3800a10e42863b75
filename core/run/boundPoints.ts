import type { ProfileBinding } from "../engine/binding";

/**
 * The hook points the loop can fire for a profile: those its binding has a stage for. A profile
 * point without a stage is one Hookwright's model of the host never fires (read from the binding
 * data, so a new profile needs nothing here).
 */
export function boundPoints(binding: ProfileBinding): Set<string> {
  const out = new Set<string>();
  const add = (value: unknown, depth: number) => {
    if (typeof value !== "object" || value === null) return;
    if ("point" in value && typeof value.point === "string" && "context" in value) out.add(value.point);
    // A stage may carry a stage of its own (Claude Code's PermissionRequest inside the tool-call stage).
    if (depth > 0) for (const inner of Object.values(value)) add(inner, depth - 1);
  };
  for (const value of Object.values(binding)) add(value, 1);
  // Points fired at moments of the loop (binding.at, e.g. OpenClaw's 22 other points).
  for (const stages of Object.values(binding.at ?? {})) for (const stage of stages ?? []) out.add(stage.point);
  return out;
}
