import type { Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { addCommandScripts, commandHookMetas, scriptPathIn, type CommandTarget, type MirroredScript } from "./exportClaudeCodeCommand";
import { addExternalFiles, claudeCodePipeline, claudePluginName, json, sortedFiles, splitByRuntime, type ExportedHook } from "./exportClaudeCodeLayout";
import { commandScripts, PIPELINE_META_FILE, SOURCE_DIR, sourceFiles } from "./exportClaudeCodeScript";
import { codexExportedHooks, codexHooksMap, codexPipelineMeta, type CodexHooksMap } from "./exportCodexLayout";
import { codexRecorderMap, codexRecorderReadme } from "./recorderCodex";
import type { PluginExport, ScriptBundler } from "./registry";
import { tomlKeyPath, tomlValue, type TomlInput } from "./tomlWriter";

/**
 * A codex pipeline in the three places Codex CLI reads hooks (../shared/reference/codex.md §4):
 * a project's `.codex/hooks.json`, `[hooks]` tables of a config.toml, and a plugin's
 * `hooks/hooks.json` (beside `.codex-plugin/plugin.json`, X:codex-rs/core-plugins/src/loader.rs
 * `DEFAULT_HOOKS_CONFIG_FILE`). Function hooks become self-contained node scripts speaking the
 * command protocol Codex shares with Claude Code (exportClaudeCodeScript.ts); command hooks keep
 * their command and script. Codex runs every hook command with the session's folder as its cwd
 * and sets no project-folder variable (X:codex-rs/hooks/src/engine/command_runner.rs), so project
 * scripts are found from the repository's top folder (the cwd outside a git repository); a
 * plugin's through `${PLUGIN_ROOT}`, which Codex substitutes in a plugin's commands
 * (X:codex-rs/hooks/src/engine/discovery.rs).
 */

type Options = { profile: Profile; bundle: ScriptBundler; recorder?: boolean };

/** The project's top folder as a hook command finds it: git's top level, or the session folder outside git. */
export const CODEX_PROJECT_ROOT = "$(git rev-parse --show-toplevel 2>/dev/null || pwd)";

/** The command a project's hooks.json / config.toml runs for a function hook written under `.codex/hooks/<file>.mjs`. */
export function codexProjectCommand(file: string): string {
  return `node "${CODEX_PROJECT_ROOT}/.codex/hooks/${file}.mjs"`;
}

/** The command a plugin's hooks/hooks.json runs for a function hook written under `hooks/<file>.mjs`. */
export function codexPluginCommand(file: string): string {
  return `node "\${PLUGIN_ROOT}/hooks/${file}.mjs"`;
}

const HOST = "Codex";

function describe(pipeline: Pipeline): string {
  return pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`;
}

const TRUST = [
  "## Trust",
  "",
  "Codex runs a hook only once it is trusted (Codex CLI 0.169.0, checked against the real binary):",
  "",
  '- Project hooks (`.codex/hooks.json`, `.codex/config.toml`) load only in a trusted project: `[projects."<absolute project path>"] trust_level = "trusted"` in `~/.codex/config.toml`, or `codex exec --trust`. Untrusted, Codex warns "Untrusted project-local configuration is disabled" and loads none of them.',
  '- Then every hook that is not managed (user, project and plugin hooks) runs only if `[hooks.state."<hooks file path>:<event>:<group>:<handler>"] trusted_hash` in config.toml matches its definition. Review the hooks with `/hooks` in the Codex TUI to write it. Headless, `codex exec --dangerously-bypass-hook-trust` runs enabled hooks without it (Codex then prints "`--dangerously-bypass-hook-trust` is enabled. Enabled hooks may run without review for this invocation.").',
  "- A hook that is not trusted is skipped **silently**: nothing says it did not run.",
  "- After editing a hook, review it again: its hash changes.",
];

function hookLines(hooks: readonly ExportedHook[], scriptDir: string, target: CommandTarget): string[] {
  return hooks.map(({ hook, file }) => {
    const matcher = hook.matcher !== null ? ` (matcher \`${Array.isArray(hook.matcher) ? hook.matcher.join("|") : hook.matcher}\`)` : "";
    const timeout = hook.timeoutMs !== undefined ? `, timeout ${Math.max(1, Math.ceil(hook.timeoutMs / 1000))} s` : "";
    const runtime = hook.runtime;
    if (runtime?.kind !== "command") return `- \`${hook.point}\`${matcher}: **${hook.name}**, \`${scriptDir}${file}.mjs\`${timeout}`;
    return `- \`${hook.point}\`${matcher}: **${hook.name}**, the command \`${runtime.command}\`${runtime.script ? ` (script \`${scriptPathIn(target, runtime.script)}\`)` : ""}${timeout}`;
  });
}

interface ReadmeParts {
  install: string[];
  scriptDir: string;
  sourceDir: string;
  target: CommandTarget;
  mirrored: readonly MirroredScript[];
  externals: number;
}

function readme(pipeline: Pipeline, hooks: readonly ExportedHook[], parts: ReadmeParts): string {
  const { functions, commands } = splitByRuntime(hooks);
  return [
    `# ${pipeline.name}`,
    "",
    describe(pipeline),
    "",
    "Codex CLI hooks exported by Hookwright (hooks are on by default since Codex 0.124; the feature key is `hooks`).",
    "",
    "## Install",
    "",
    ...parts.install,
    ...(parts.mirrored.length > 0 ? ["", "Some command hooks run scripts that belong elsewhere; copy each where its command finds it:", "", ...parts.mirrored.map((m) => `- \`${m.at}\` → \`${m.belongs}\` (hook **${m.hook}**)`)] : []),
    "",
    ...TRUST,
    "",
    "## Hooks",
    "",
    "In config order: Codex starts every matching hook of an event at once, and reads their blocks and contexts in this order.",
    "",
    ...hookLines(hooks, parts.scriptDir, parts.target),
    ...(parts.externals > 0 ? ["", `Also ${parts.externals} external hook${parts.externals === 1 ? "" : "s"} (handlers Hookwright cannot run), kept as they were.`] : []),
    ...(functions.length > 0
      ? [
          "",
          "Each `.mjs` is self-contained (Node 20 or later, nothing to install): it reads the hook input JSON on stdin, prints the",
          "hook's JSON output, exits 2 with the reason on stderr for a `BlockingError`, and 1 when the hook crashes (Codex then",
          `goes on: a failing hook never blocks). The TypeScript it was built from is in \`${parts.sourceDir}\`; edit it in Hookwright`,
          "(or import this folder) and export again.",
        ]
      : []),
    ...(commands.length > 0 ? ["", "Command hooks are written as they were: each command exactly as Hookwright holds it, each script byte for byte and executable."] : []),
    "",
  ].join("\n");
}

/** The files every export writes around its hooks map: scripts, sources, pipeline.json, the external hooks' files and the command hooks' scripts. */
function commonFiles(pipeline: Pipeline, hooks: readonly ExportedHook[], options: Options, layout: { scripts: string; base: string }) {
  const { functions, commands } = splitByRuntime(hooks);
  const executables = new Set<string>();
  const files = sourceFiles(pipeline, functions, layout.base);
  for (const [file, code] of commandScripts(pipeline, functions, options.bundle, HOST)) files.set(`${layout.scripts}${file}.mjs`, code);
  addExternalFiles(files, pipeline.externalHooks ?? [], executables);
  files.set(`${layout.base}${SOURCE_DIR}/${PIPELINE_META_FILE}`, codexPipelineMeta(pipeline, commandHookMetas(commands)));
  return { files, executables, commands };
}

function prepare(input: Pipeline, options: Options, what: string) {
  const pipeline = claudeCodePipeline(input, options.profile, what);
  const warnings: string[] = [];
  const hooks = codexExportedHooks(pipeline, options.profile, warnings);
  return { pipeline, warnings, hooks };
}

const PROJECT_TARGET: CommandTarget = { root: "project", base: ".codex/", what: "project hooks" };

/** The end of a project-layer export (hooks.json or config.toml): the command hooks' own scripts, the README with `install`, the recorder's section. */
function projectExport(
  pipeline: Pipeline,
  hooks: ReturnType<typeof prepare>["hooks"],
  parts: ReturnType<typeof commonFiles> & { warnings: string[]; recorder: Parameters<typeof codexRecorderReadme>[1] },
  install: string[],
): PluginExport {
  const { files, executables, commands, warnings, recorder } = parts;
  const mirrored = addCommandScripts(files, executables, commands, PROJECT_TARGET, warnings);
  const text = readme(pipeline, hooks, { install, scriptDir: ".codex/hooks/", sourceDir: ".codex/hookwright/", target: PROJECT_TARGET, mirrored, externals: pipeline.externalHooks?.length ?? 0 });
  files.set("README.md", codexRecorderReadme(text, recorder));
  return { pluginName: claudePluginName(pipeline.name), files: sortedFiles(files, executables), warnings };
}

/**
 * `.codex/hooks.json` of a project (Codex's project layer), the function hooks' scripts in
 * `.codex/hooks/`, their TypeScript in `.codex/hookwright/`, and a README on installing and trust.
 */
export function exportCodexProject(input: Pipeline, options: Options): PluginExport {
  const { pipeline, warnings, hooks } = prepare(input, options, "Codex project hooks");
  const { files, executables, commands } = commonFiles(pipeline, hooks, options, { scripts: ".codex/hooks/", base: ".codex/" });
  const recorder = { ...options, files, scripts: ".codex/hooks/", command: codexProjectCommand, config: ".codex/hooks.json" };
  files.set(".codex/hooks.json", json({ hooks: codexRecorderMap(codexHooksMap(hooks, pipeline.externalHooks ?? [], codexProjectCommand), recorder) }));
  return projectExport(pipeline, hooks, { files, executables, commands, warnings, recorder }, [
    "Copy `.codex/` into the top folder of your project (its git repository's top level). If the project already has a",
    "`.codex/hooks.json`, add this file's groups to it: Codex runs the hooks of every matching group.",
    "Function hooks are run as `node \"$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.codex/hooks/<name>.mjs\"`: Codex runs hook",
    "commands in the session's folder, so outside a git repository start Codex in the project's top folder.",
  ]);
}

/** The hooks map as config.toml tables: `[[hooks.<Event>]]` per matcher group, `[[hooks.<Event>.hooks]]` per handler. */
export function codexHooksToml(map: CodexHooksMap): string {
  const lines: string[] = [];
  for (const [event, groups] of Object.entries(map)) {
    for (const group of groups) {
      lines.push(`[[${tomlKeyPath(["hooks", event])}]]`);
      if (group.matcher !== undefined) lines.push(`matcher = ${tomlValue(group.matcher)}`);
      lines.push("");
      for (const handler of group.hooks) {
        lines.push(`[[${tomlKeyPath(["hooks", event, "hooks"])}]]`);
        for (const [key, value] of Object.entries(handler)) {
          if (value !== undefined && value !== null) lines.push(`${tomlKeyPath([key])} = ${tomlValue(value as TomlInput)}`);
        }
        lines.push("");
      }
    }
  }
  return lines.join("\n");
}

/**
 * The same hooks as `[hooks]` tables of `.codex/config.toml` (Codex reads inline hooks from any
 * config.toml layer), with the same scripts as {@link exportCodexProject}.
 */
export function exportCodexConfig(input: Pipeline, options: Options): PluginExport {
  const { pipeline, warnings, hooks } = prepare(input, options, "Codex config.toml hooks");
  const { files, executables, commands } = commonFiles(pipeline, hooks, options, { scripts: ".codex/hooks/", base: ".codex/" });
  const header = [
    `# Codex hooks exported by Hookwright from the pipeline ${JSON.stringify(pipeline.name)}.`,
    "# Only [hooks] tables: merge them into your project's .codex/config.toml (or ~/.codex/config.toml).",
    "",
  ];
  const recorder = { ...options, files, scripts: ".codex/hooks/", command: codexProjectCommand, config: ".codex/config.toml" };
  files.set(".codex/config.toml", [...header, codexHooksToml(codexRecorderMap(codexHooksMap(hooks, pipeline.externalHooks ?? [], codexProjectCommand), recorder))].join("\n"));
  return projectExport(pipeline, hooks, { files, executables, commands, warnings, recorder }, [
    "`.codex/config.toml` holds only the hooks, as `[[hooks.<Event>]]` tables. Copy `.codex/` into the top folder of your",
    "project, or, if it already has a `.codex/config.toml`, append these tables to it (and copy `.codex/hooks/`). In",
    "`~/.codex/config.toml` they run for every project that holds `.codex/hooks/`. Keep either these tables or a",
    "`.codex/hooks.json` for one layer: Codex loads both and warns.",
    "Function hooks are run as `node \"$(git rev-parse --show-toplevel 2>/dev/null || pwd)/.codex/hooks/<name>.mjs\"`: Codex runs hook",
    "commands in the session's folder, so outside a git repository start Codex in the project's top folder.",
  ]);
}

const PLUGIN_TARGET: CommandTarget = { root: "plugin", base: "", what: "a plugin" };

/** A Codex plugin: `.codex-plugin/plugin.json`, `hooks/hooks.json` (found by convention), `hooks/<name>.mjs`, sources under `hookwright/`, a README. */
export function exportCodexPlugin(input: Pipeline, options: Options): PluginExport {
  const { pipeline, warnings, hooks } = prepare(input, options, "a Codex plugin");
  const name = claudePluginName(pipeline.name);
  const { files, executables, commands } = commonFiles(pipeline, hooks, options, { scripts: "hooks/", base: "" });
  files.set(".codex-plugin/plugin.json", json({ name, version: "0.1.0", description: describe(pipeline) }));
  const recorder = { ...options, files, scripts: "hooks/", command: codexPluginCommand, config: "hooks/hooks.json" };
  files.set("hooks/hooks.json", json({ hooks: codexRecorderMap(codexHooksMap(hooks, pipeline.externalHooks ?? [], codexPluginCommand), recorder) }));
  const mirrored = addCommandScripts(files, executables, commands, PLUGIN_TARGET, warnings);
  files.set(
    "README.md",
    readme(pipeline, hooks, {
      install: [
        "A Codex plugin: `.codex-plugin/plugin.json`, and `hooks/hooks.json`, which Codex reads when the manifest names no hooks.",
        "Install it as Codex installs plugins: list the folder in a marketplace (a repository's `.agents/plugins/marketplace.json`),",
        "`codex plugin marketplace add <that repository>`, then install and enable the plugin (this step was not run against the real binary here).",
        'Function hooks are run as `node "${PLUGIN_ROOT}/hooks/<name>.mjs"`; Codex puts the plugin\'s folder in `${PLUGIN_ROOT}`.',
      ],
      scriptDir: "hooks/",
      sourceDir: "hookwright/",
      target: PLUGIN_TARGET,
      mirrored,
      externals: pipeline.externalHooks?.length ?? 0,
    }),
  );
  files.set("README.md", codexRecorderReadme(files.get("README.md"), recorder));
  return { pluginName: name, files: sortedFiles(files, executables), warnings };
}
