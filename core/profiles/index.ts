import { claudeCodeProfile } from "./claude-code";
import { claudeCodeModsProfile } from "./claude-code-mods";
import { codexProfile } from "./codex";
import { deputyProfile } from "./deputy";
import { fimOneProfile } from "./fim-one";
import { openclawProfile } from "./openclaw";
import { registryProfile } from "./registry";
import type { Profile } from "./types";
import { vellumProfile } from "./vellum";

export { generateProfileDts } from "./dts";
export type * from "./types";

/** Every profile Hookwright knows, by id. Adding a host is adding an entry here (and a binding). */
export const profiles: Readonly<Record<string, Profile>> = {
  [vellumProfile.id]: vellumProfile,
  [registryProfile.id]: registryProfile,
  [openclawProfile.id]: openclawProfile,
  [claudeCodeProfile.id]: claudeCodeProfile,
  [fimOneProfile.id]: fimOneProfile,
  [deputyProfile.id]: deputyProfile,
  [codexProfile.id]: codexProfile,
  [claudeCodeModsProfile.id]: claudeCodeModsProfile,
};

/** The profile with this id, or undefined. */
export function getProfile(id: string): Profile | undefined {
  return Object.prototype.hasOwnProperty.call(profiles, id) ? profiles[id] : undefined;
}

/** All profiles, in a stable order (Vellum first). */
export function listProfiles(): Profile[] {
  return Object.values(profiles);
}

export { vellumProfile, registryProfile, openclawProfile, claudeCodeProfile, fimOneProfile, deputyProfile, codexProfile, claudeCodeModsProfile };
