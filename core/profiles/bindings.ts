import type { ProfileBinding } from "../engine/binding";
import { claudeCodeBinding } from "./claude-code/binding";
import { claudeCodeModsBinding } from "./claude-code-mods/binding";
import { codexBinding } from "./codex/binding";
import { deputyBinding } from "./deputy/binding";
import { fimOneBinding } from "./fim-one/binding";
import { openclawBinding } from "./openclaw/binding";
import { registryBinding } from "./registry/binding";
import { vellumBinding } from "./vellum/binding";

const bindings: Readonly<Record<string, ProfileBinding>> = {
  [vellumBinding.profileId]: vellumBinding,
  [registryBinding.profileId]: registryBinding,
  [openclawBinding.profileId]: openclawBinding,
  [claudeCodeBinding.profileId]: claudeCodeBinding,
  [fimOneBinding.profileId]: fimOneBinding,
  [deputyBinding.profileId]: deputyBinding,
  [codexBinding.profileId]: codexBinding,
  [claudeCodeModsBinding.profileId]: claudeCodeModsBinding,
};

/** How the loop drives the profile `id`'s hooks, or undefined for a profile that cannot be simulated. */
export function getBinding(id: string): ProfileBinding | undefined {
  return Object.prototype.hasOwnProperty.call(bindings, id) ? bindings[id] : undefined;
}
