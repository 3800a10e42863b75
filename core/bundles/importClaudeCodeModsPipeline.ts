import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { importClaudeCode } from "./importClaudeCode";
import { importClaudeCodeModsPlugin, ModImportError } from "./importClaudeCodeMods";
import type { VellumImport } from "./importVellum";
import { kebabCase } from "./names";
import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import type { PluginFiles } from "./types";
import { filesUnder } from "./pluginFolder";

/**
 * A Claude Code plugin holding mods (`hooks/hooks.json` with a `modules` list, at the top or in
 * the folder's one top folder) as a new pipeline on the claude-code-mods profile: each `on()`
 * call one hook, in order, its event the point and its filter the matcher.
 */

/** The root ("" or a top folder) whose hooks/hooks.json lists modules, or null: not a mod plugin. */
function modRoot(files: PluginFiles): string | null {
  const tops = new Set([...files.keys()].map((p) => (p.includes("/") ? p.slice(0, p.indexOf("/")) : "")));
  for (const root of ["", ...(tops.size === 1 ? tops : [])]) {
    const text = filesUnder(files, root).get("hooks/hooks.json");
    if (typeof text !== "string") continue;
    try {
      const value = JSON.parse(text) as unknown;
      if (typeof value === "object" && value !== null && Array.isArray((value as { modules?: unknown }).modules)) return root;
    } catch {
      // Not JSON: not a mod plugin; Claude Code's importer reports it.
    }
  }
  return null;
}

export function isClaudeCodeModsPlugin(files: PluginFiles): boolean {
  return modRoot(files) !== null;
}

/** The plugin's settings-style hooks (hooks/hooks.json's `hooks`, beside `modules`), or null when it has none. */
function settingsHooksOf(files: PluginFiles): Record<string, unknown> | null {
  const text = files.get("hooks/hooks.json");
  try {
    const value = typeof text === "string" ? (JSON.parse(text) as { hooks?: unknown }) : null;
    return typeof value?.hooks === "object" && value.hooks !== null && Object.keys(value.hooks).length > 0 ? (value.hooks as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Plugin files the settings hooks' commands run (`${CLAUDE_PLUGIN_ROOT}/hooks/x.mjs`): theirs, not modules the mod imports. */
function filesRunBy(settings: Record<string, unknown>): Set<string> {
  const paths = new Set<string>();
  for (const m of JSON.stringify(settings).matchAll(/\$\{CLAUDE_PLUGIN_ROOT\}\/([^"'\s\\]+)/g)) paths.add(m[1] as string);
  return paths;
}

/**
 * @param options.settingsProfile the claude-code profile: the plugin's settings-style hooks (run by
 *   the engine beneath the mods) are read as the Claude Code importer reads a plugin's hooks.
 * @throws {BundleError} when the mod cannot be read statically (naming what), or its hooks make no valid pipeline.
 */
export function importClaudeCodeModsPipeline(files: PluginFiles, options: { profile: Profile; settingsProfile?: Profile }): VellumImport {
  let mod;
  const root = filesUnder(files, modRoot(files) ?? "");
  try {
    mod = importClaudeCodeModsPlugin(root);
  } catch (error) {
    if (error instanceof ModImportError || error instanceof SyntaxError) throw new BundleError("BAD_MANIFEST", error.message);
    throw error;
  }
  const used = new Set<string>();
  const hooks = mod.hooks.map((h, index) => {
    let id = kebabCase(h.name) || `hook-${index + 1}`;
    for (let n = 2; used.has(id); n++) id = `${kebabCase(h.name) || "hook"}-${n}`;
    used.add(id);
    return { id, point: h.event, name: h.name, enabled: true, matcher: h.filter, code: h.code };
  });
  const settingsMap = options.settingsProfile ? settingsHooksOf(root) : null;
  const settings = options.settingsProfile && settingsMap ? importClaudeCode(root, { profile: options.settingsProfile }) : null;
  const theirs = settingsMap ? filesRunBy(settingsMap) : new Set<string>();
  // Settings hooks keep their ids unless a mod took one.
  const settingsHooks = (settings?.pipeline.hooks ?? []).map((h) => (used.has(h.id) ? { ...h, id: `${h.id}-settings` } : h));
  const parsed = parsePipeline({
    format: PIPELINE_FORMAT,
    name: mod.name.slice(0, 200),
    profile: options.profile.id,
    hooks: [...hooks, ...settingsHooks],
    modules: mod.modules.filter((m) => !theirs.has(`hooks/${m.path}`)),
    ...(settings?.pipeline.externalHooks?.length ? { externalHooks: settings.pipeline.externalHooks } : {}),
  } satisfies PipelineInput);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The mod's hooks do not make a valid pipeline:\n${describeIssues(parsed.issues)}`);
  const points = new Set(options.profile.points.map((p) => p.id));
  const unknown = [...new Set([...hooks, ...settingsHooks].filter((h) => !points.has(h.point)).map((h) => h.point))];
  const notRun = unknown.length > 0 ? [`Hooks on ${unknown.join(", ")} were imported, but Hookwright runs this profile's hooks on ${[...points].join(", ")} only: the pipeline will not run until they are moved or removed.`] : [];
  return { pipeline: parsed.value, warnings: [...mod.warnings, ...(settings?.warnings ?? []), ...notRun] };
}
