import type { Pipeline } from "../pipeline/schema";
import { filterSource, parseFilterSource } from "../profiles/claude-code-mods/filter";
import { kebabCase, pluginNameOf } from "./names";
import type { Profile } from "../profiles/types";
import { exportClaudeCodePlugin } from "./exportClaudeCode";
import type { PluginExport, ScriptBundler } from "./registry";
import type { BundleFile } from "./types";

/**
 * A Claude Code mod as a plugin folder the engine (2.1.330) loads with `--plugin-dir` and
 * `claude plugin validate` accepts (claude-code-mods.md §1, checked in claudeCodeMods.export.test.ts):
 *
 * ```
 * .claude-plugin/plugin.json   {"name","version","description"}
 * hooks/hooks.json             {"modules":["./register.ts"]}
 * hooks/register.ts            imports each hook and calls on(event, filter, hook) in order
 * hooks/<hook>.ts              one hook's module, as written (its default export is the middleware)
 * ```
 *
 * The engine accepts a hook imported from one of the module's own files (fact 39), so each hook
 * keeps its own module and helpers; the order of the `on` calls is the chain order (fact 10).
 * TypeScript because the engine strips types itself (fact 32) and Hookwright's hooks are TypeScript.
 */

/** One middleware of a mod: its name, event, filter source (`{ tool: "Bash" }`, null: none) and module code. */
export interface ModHookSpec {
  name: string;
  event: string;
  filter: string | null;
  code: string;
}

/** A hook that cannot be exported as it is, named. */
export class ModExportError extends Error {
  override name = "ModExportError";
}

/**
 * The plugin folder of one mod; `settings`: the plugin's settings-style hooks (`hooks/hooks.json`'s
 * `hooks` map, beside `modules`) and their scripts, which the engine runs beneath the mods.
 * @throws ModExportError when a hook's filter cannot be read.
 */
export function modPluginFiles(
  pluginName: string,
  description: string,
  hooks: readonly ModHookSpec[],
  modules: readonly { path: string; code: string }[] = [],
  settings: { hooks: Record<string, unknown>; files: readonly BundleFile[] } | null = null,
): BundleFile[] {
  const used = new Set<string>(["register"]);
  const files: BundleFile[] = [];
  const imports: string[] = [];
  const calls: string[] = [];
  /** Events that already have a registration without a filter in this module. */
  const unfiltered = new Set<string>();
  hooks.forEach((hook, index) => {
    let base = kebabCase(hook.name) || `hook-${index + 1}`;
    while (used.has(base)) base = `${base}-${index + 1}`;
    used.add(base);
    const binding = `hook${index + 1}_${base.replace(/-/g, "_")}`;
    let filter: string | null = null;
    if (hook.filter !== null && hook.filter.trim() !== "") {
      try {
        filter = filterSource(parseFilterSource(hook.filter));
      } catch (error) {
        throw new ModExportError(`hook "${hook.name}": its filter ${hook.filter} is not one the engine takes (${error instanceof Error ? error.message : String(error)})`);
      }
    }
    // The engine refuses a module with a second unfiltered registration of one event (fact 39), and
    // takes an empty filter as a filter that matches every event (checked with validate and a run).
    if (filter === null && unfiltered.has(hook.event)) filter = "{}";
    else if (filter === null) unfiltered.add(hook.event);
    files.push({ path: `hooks/${base}.ts`, content: hook.code.endsWith("\n") ? hook.code : `${hook.code}\n` });
    imports.push(`import ${binding} from "./${base}.ts";`);
    calls.push(`  on(${JSON.stringify(hook.event)}, ${filter ? `${filter}, ` : ""}${binding});`);
  });
  const register = [
    "// Written by Hookwright: the chain order is the order of these on() calls, first outermost.",
    ...imports,
    "",
    "export const register = (on) => {",
    ...calls,
    "};",
    "",
  ].join("\n");
  files.push(
    { path: ".claude-plugin/plugin.json", content: `${JSON.stringify({ name: pluginName, version: "0.1.0", description }, null, 2)}\n` },
    { path: "hooks/hooks.json", content: `${JSON.stringify({ modules: ["./register.ts"], ...(settings ? { hooks: settings.hooks } : {}) }, null, 2)}\n` },
    { path: "hooks/register.ts", content: register },
    ...modules.map((m) => ({ path: `hooks/${m.path.replace(/^\.?\//, "")}`, content: m.code })),
  );
  for (const file of settings?.files ?? []) {
    if (files.some((f) => f.path === file.path)) throw new ModExportError(`${file.path} is written both for a mod and for a settings hook; rename one of them`);
    files.push(file);
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** What the settings hooks beside the mods need: the claude-code profile and its script bundler (exportClaudeCode.ts). */
export interface SettingsExport {
  profile: Profile;
  bundle: ScriptBundler;
}

/**
 * A pipeline's enabled hooks as one mod (each hook's `point` is its event, its `matcher` the
 * filter's source), and its settings.json hooks (points that are not middleware: PreToolUse) as
 * the same plugin's `hooks` map with their scripts, exported exactly as a Claude Code plugin
 * exports them: the engine runs a plugin's `hooks` beneath its `modules` (claudeCodeMods.turn.test.ts).
 */
export function exportClaudeCodeModsPlugin(pipeline: Pipeline, options: { modsProfile?: Profile; settings?: SettingsExport } = {}): PluginExport {
  const warnings: string[] = [];
  const middleware = new Set((options.modsProfile?.points ?? []).filter((p) => p.execution === "middleware").map((p) => p.id));
  const isMod = (point: string) => !options.modsProfile || middleware.has(point);
  const settingsHooks = pipeline.hooks.filter((h) => h.enabled && !isMod(h.point));
  let settings: { hooks: Record<string, unknown>; files: BundleFile[] } | null = null;
  if (settingsHooks.length > 0) {
    if (!options.settings) throw new ModExportError(`hooks ${settingsHooks.map((h) => `"${h.name}"`).join(", ")} are settings.json hooks, which this export cannot write without the claude-code profile`);
    const plugin = exportClaudeCodePlugin({ ...pipeline, profile: options.settings.profile.id, hooks: settingsHooks }, { profile: options.settings.profile, bundle: options.settings.bundle });
    warnings.push(...plugin.warnings);
    const hooksJson = plugin.files.find((f) => f.path === "hooks/hooks.json");
    const parsed = hooksJson ? (JSON.parse(hooksJson.content) as { hooks?: Record<string, unknown> }) : {};
    // The claude-code export's own manifest, hooks.json and README are this plugin's to write.
    const own = new Set([".claude-plugin/plugin.json", "hooks/hooks.json", "README.md"]);
    settings = { hooks: parsed.hooks ?? {}, files: plugin.files.filter((f) => !own.has(f.path)) };
  }
  const hooks: ModHookSpec[] = pipeline.hooks
    .filter((h) => h.enabled && isMod(h.point))
    .map((h) => {
      if (Array.isArray(h.matcher)) warnings.push(`hook "${h.name}": a list matcher was read as no filter; a mod's filter is one object ({ tool: ["Edit", "Write"] })`);
      return { name: h.name, event: h.point, filter: typeof h.matcher === "string" ? h.matcher : null, code: h.code };
    });
  const pluginName = pluginNameOf(pipeline.name);
  // `claude plugin validate` 2.1.330 refuses these names: "reserved: it passes as one of Anthropic's own".
  if (/^(claude|anthropic|anthropics|cc-plugin)-/.test(pluginName) || ["claude", "anthropic", "anthropics", "claude-code", "claude-mods"].includes(pluginName)) {
    warnings.push(`the plugin name "${pluginName}" (from the pipeline's name) is reserved for Anthropic's own plugins: claude plugin validate refuses it; rename the pipeline (or .claude-plugin/plugin.json's name)`);
  }
  const files = modPluginFiles(pluginName, `${pipeline.name} (exported by Hookwright)`, hooks, pipeline.modules, settings);
  return { pluginName, files: files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)), warnings };
}
