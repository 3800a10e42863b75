import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import { PIPELINE_FORMAT, type Pipeline, type PipelineInput } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { PIPELINE_META_FILE, SOURCE_DIR, type CommandHookMeta } from "./exportClaudeCodeScript";
import { MIRROR_DIRS, type CommandFolder } from "./importClaudeCodeCommand";
import { convertCodexEvents, type EventSource } from "./importCodexHooks";
import { jsonLines } from "./importCodexJsonLines";
import { resolveRelative } from "./paths";
import { readToml, TomlError } from "./tomlReader";
import type { PluginFiles } from "./types";
import { filesUnder, wrappingFolder } from "./pluginFolder";

/** Codex's own top folders: a folder of only these is a project or plugin at the top, not wrapped in one. */
const HOST_FOLDERS = [".codex", ".codex-plugin", "hooks"];

/**
 * Reads Codex CLI hooks into a new pipeline on the codex profile (../shared/reference/codex.md §4):
 * - a project: `.codex/hooks.json` and/or the `[hooks]` tables of `.codex/config.toml` (both load:
 *   hooks.json first, as Codex reads a layer), with the scripts their commands run;
 * - the `.codex` folder itself (a zip of `~/.codex` or of a project's `.codex/`): `hooks.json`
 *   and/or `config.toml` at its root;
 * - a plugin: `.codex-plugin/plugin.json` and the hooks its `hooks` field names (a path, paths,
 *   an inline object or objects), else `hooks/hooks.json` (X:codex-rs/core-plugins/src/manifest.rs,
 *   loader.rs `DEFAULT_HOOKS_CONFIG_FILE`).
 * The hooks themselves are converted by importCodexHooks.ts.
 */

export interface CodexImport {
  pipeline: Pipeline;
  warnings: string[];
}

type Json = Record<string, unknown>;

interface Layout {
  files: PluginFiles;
  kind: CommandFolder["kind"];
  /** Where a Hookwright export keeps hookwright/ (".codex/" in a project, "" in a plugin). */
  base: string;
  sources: EventSource[];
  name: string;
  description: string;
}

const PLUGIN_MANIFEST = ".codex-plugin/plugin.json";
const PROJECT_HOOKS = ".codex/hooks.json";
const PROJECT_CONFIG = ".codex/config.toml";

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function text(files: PluginFiles, path: string): string | undefined {
  const content = files.get(path);
  if (content === null) throw new BundleError("NOT_TEXT", `${path} is not UTF-8 text.`);
  return content;
}

function readJson(files: PluginFiles, path: string): Json | null {
  const content = text(files, path);
  if (content === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch (error) {
    throw new BundleError("BAD_MANIFEST", `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) throw new BundleError("BAD_MANIFEST", `${path} must hold a JSON object.`);
  return value;
}

/** A hooks.json's `hooks` (Codex's `HooksFile`: `{ "hooks": { … } }`, the key may be absent). */
function hooksJsonSource(files: PluginFiles, path: string): EventSource | null {
  const json = readJson(files, path);
  if (!json) return null;
  const lines = jsonLines(text(files, path) ?? "");
  return { file: path, events: json.hooks ?? {}, lineOf: (p) => lines.get(p) };
}

/** A config.toml's `[hooks]` tables, with the line of every field; null when it has none. */
function configSource(files: PluginFiles, path: string, label = path): EventSource | null {
  const content = text(files, path);
  if (content === undefined) return null;
  let doc;
  try {
    doc = readToml(content);
  } catch (error) {
    if (error instanceof TomlError) throw new BundleError("BAD_MANIFEST", `${label} line ${error.line}: ${error.reason}.`);
    throw error;
  }
  if (doc.value.hooks === undefined) return null;
  const lines = doc.lines;
  return { file: label, events: doc.value.hooks, lineOf: (p) => lines.get(p) };
}

function pluginSources(files: PluginFiles, manifest: Json): EventSource[] {
  const declared = manifest.hooks;
  const inline = (value: unknown, file: string): EventSource => {
    if (!isObject(value)) throw new BundleError("BAD_MANIFEST", `${file} must be an object like { "hooks": { "PreToolUse": [ … ] } }.`);
    return { file, events: value.hooks ?? {} };
  };
  const fromPath = (path: unknown, field: string): EventSource => {
    if (typeof path !== "string" || !path.startsWith("./")) throw new BundleError("BAD_MANIFEST", `${PLUGIN_MANIFEST}: ${field} must be a path starting with ./ (Codex ignores any other).`);
    const file = resolveRelative("", path);
    if (!file) throw new BundleError("OUTSIDE_PLUGIN", `${PLUGIN_MANIFEST}: ${field} (${path}) points outside the plugin.`);
    const source = hooksJsonSource(files, file);
    if (!source) throw new BundleError("NO_HOOKS", `${PLUGIN_MANIFEST}: ${field} names ${file}, which the plugin does not hold.`);
    return source;
  };
  if (declared === undefined) {
    const source = hooksJsonSource(files, "hooks/hooks.json");
    if (!source) throw new BundleError("NO_HOOKS", `The plugin has no hooks/hooks.json and its ${PLUGIN_MANIFEST} names no hooks, so it declares none.`);
    return [source];
  }
  if (typeof declared === "string") return [fromPath(declared, "hooks")];
  if (isObject(declared)) return [inline(declared, `${PLUGIN_MANIFEST} (hooks)`)];
  if (Array.isArray(declared)) {
    return declared.map((entry: unknown, i) => (typeof entry === "string" ? fromPath(entry, `hooks[${i}]`) : inline(entry, `${PLUGIN_MANIFEST} (hooks[${i}])`)));
  }
  throw new BundleError("BAD_MANIFEST", `${PLUGIN_MANIFEST}: hooks must be a path, a list of paths, or hooks objects.`);
}

function locateIn(files: PluginFiles, root: string): Layout | null {
  const manifest = readJson(files, PLUGIN_MANIFEST);
  if (manifest) {
    const name = typeof manifest.name === "string" && manifest.name.trim() !== "" ? manifest.name : root || "codex-plugin";
    return { files, kind: "plugin", base: "", sources: pluginSources(files, manifest), name, description: typeof manifest.description === "string" ? manifest.description : "" };
  }
  if (files.has(PROJECT_HOOKS) || files.has(PROJECT_CONFIG)) {
    const sources = [hooksJsonSource(files, PROJECT_HOOKS), configSource(files, PROJECT_CONFIG)].filter((s): s is EventSource => s !== null);
    if (sources.length === 0) throw new BundleError("NO_HOOKS", `${PROJECT_CONFIG} has no [hooks] tables and there is no ${PROJECT_HOOKS}, so the project declares no Codex hooks.`);
    return { files, kind: "project", base: ".codex/", sources, name: root || "Codex project hooks", description: "" };
  }
  return null;
}

function locate(all: PluginFiles): Layout | null {
  for (const root of [...new Set(["", wrappingFolder(all, HOST_FOLDERS)])]) {
    const found = locateIn(filesUnder(all, root), root);
    if (found) return found;
  }
  // The .codex folder itself: its hooks.json / config.toml, with paths as the project sees them.
  if (all.has("hooks.json") || all.has("config.toml")) return locateIn(new Map([...all].map(([p, c]) => [`.codex/${p}`, c])), "");
  return null;
}

/**
 * Whether these files hold Codex hooks: a `.codex/hooks.json` or `.codex/config.toml`, a Codex
 * plugin manifest, or the `.codex` folder itself (a `config.toml` with hooks tables, or a
 * `hooks.json` whose events are Codex's). Checked before Claude Code's: a repository with both
 * `.codex/` and `.claude/` is read as Codex's.
 */
export function isCodexBundle(files: PluginFiles): boolean {
  const tops = [...new Set(["", wrappingFolder(files, HOST_FOLDERS)])].map((r) => filesUnder(files, r));
  if (tops.some((f) => f.has(PLUGIN_MANIFEST) || f.has(PROJECT_HOOKS) || f.has(PROJECT_CONFIG))) return true;
  const config = files.get("config.toml");
  if (typeof config === "string" && /^\s*\[\[?\s*hooks[\].]/m.test(config)) return true;
  const hooks = files.get("hooks.json");
  return typeof hooks === "string" && !files.has(".claude-plugin/plugin.json") && /"hooks"\s*:\s*\{\s*"(?:PreToolUse|PermissionRequest|PostToolUse|PreCompact|PostCompact|SessionStart|UserPromptSubmit|Stop)"/.test(hooks);
}

function isCommandHookMeta(value: unknown): value is CommandHookMeta {
  return isObject(value) && typeof value.id === "string" && value.id !== "" && typeof value.name === "string" && value.name !== "" && typeof value.point === "string" && typeof value.command === "string";
}

/**
 * @throws {BundleError} when the hooks cannot be read (invalid JSON or TOML, naming the file and
 *   line; a malformed event map or handler, naming the field), or declare none
 */
export function importCodex(all: PluginFiles, options: { profile: Profile }): CodexImport {
  return importLayout(locate(all), options);
}

/**
 * One config.toml (or requirements.toml) on its own, named `fileName` in messages: its commands'
 * scripts are not there, so commands that run one come in as one-liners, with a note.
 *
 * @throws {BundleError} for malformed TOML or hooks (naming the file, the line and the field), or none
 */
export function importCodexConfigText(fileName: string, content: string, options: { profile: Profile }): CodexImport {
  const files: PluginFiles = new Map([[PROJECT_CONFIG, content]]);
  const source = configSource(files, PROJECT_CONFIG, fileName);
  if (!source) throw new BundleError("NO_HOOKS", `${fileName} has no [hooks] tables, so it declares no Codex hooks.`);
  return importLayout({ files, kind: "project", base: ".codex/", sources: [source], name: "Codex config.toml hooks", description: "" }, options);
}

function importLayout(layout: Layout | null, options: { profile: Profile }): CodexImport {
  if (!layout) throw new BundleError("NO_MANIFEST", `These files hold no Codex hooks: expected ${PROJECT_HOOKS} or ${PROJECT_CONFIG} (a project), hooks.json or config.toml (a .codex folder), or ${PLUGIN_MANIFEST} (a plugin).`);
  const { files, base } = layout;
  const warnings: string[] = [];
  const meta = readJson(files, `${base}${SOURCE_DIR}/${PIPELINE_META_FILE}`);
  const converted = convertCodexEvents(layout.sources, {
    profile: options.profile,
    folder: { files, kind: layout.kind, base },
    commandMetas: Array.isArray(meta?.commandHooks) ? meta.commandHooks.filter(isCommandHookMeta) : [],
    warnings,
  });
  const { hooks, externals } = converted;
  if (hooks.length === 0 && externals.length === 0) throw new BundleError("NO_HOOKS", `${layout.sources.map((s) => s.file).join(" and ")} declare${layout.sources.length === 1 ? "s" : ""} no hooks.`);
  if (layout.sources.length > 1 && layout.kind === "project") warnings.push(`Hooks come from both ${PROJECT_HOOKS} and ${PROJECT_CONFIG}; Codex loads both (and warns to prefer one), hooks.json first.`);
  if ([...files.keys()].some((p) => p === ".claude/settings.json" || p === ".claude-plugin/plugin.json")) warnings.push("These files also hold Claude Code hooks (.claude/), which are not imported here; import them on their own.");
  if (converted.usedSources) warnings.push(`Scripts Hookwright built are read from their TypeScript under ${base}${SOURCE_DIR}/; edits made to the .mjs files themselves are not read.`);
  if (externals.length > 0) warnings.push(`${externals.length} hook${externals.length === 1 ? " is" : "s are"} kept as external (Hookwright lists but cannot run ${externals.length === 1 ? "it" : "them"}): ${externals.map((e) => `${e.point} ${e.id} (${e.reason})`).join("; ")}.`);

  // A Hookwright export's modules: its TypeScript under hookwright/, other than the hooks' sources and mirrored scripts.
  const modules = new Map<string, string>();
  if (converted.usedSources || meta) {
    const sources = `${base}${SOURCE_DIR}/`;
    for (const [path, content] of files) {
      const rel = path.slice(sources.length);
      if (!path.startsWith(sources) || typeof content !== "string" || !path.endsWith(".ts") || rel.startsWith("hooks/") || Object.values(MIRROR_DIRS).some((d) => path.startsWith(`${base}${d}/`))) continue;
      modules.set(rel, content);
    }
  }
  const name = typeof meta?.name === "string" && meta.name !== "" ? meta.name : layout.name;
  const parsed = parsePipeline({
    format: PIPELINE_FORMAT,
    name: name.slice(0, 200),
    description: typeof meta?.description === "string" ? meta.description : layout.description,
    profile: options.profile.id,
    hooks,
    modules: [...modules].map(([path, code]) => ({ path, code })),
    ...(externals.length > 0 ? { externalHooks: externals } : {}),
  } satisfies PipelineInput);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The hooks do not make a valid pipeline:\n${describeIssues(parsed.issues)}`);
  return { pipeline: parsed.value, warnings };
}
