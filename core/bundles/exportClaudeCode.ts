import type { Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { addCommandScripts, commandHookMetas, scriptPathIn, type CommandTarget, type MirroredScript } from "./exportClaudeCodeCommand";
import { addExternalFiles, claudeCodePipeline, claudePluginName, exportedHooks, hooksMapOf, json, pluginHookCommand, sortedFiles, splitByRuntime, type ExportedCommand, type ExportedHook } from "./exportClaudeCodeLayout";
import { commandScripts, PIPELINE_META_FILE, pipelineMeta, SOURCE_DIR, sourceFiles } from "./exportClaudeCodeScript";
import { addCommandRecorderScript, COMMAND_RECORDER_FILE, commandRecorderReadme, withCommandRecorder, type CommandRecorderHost } from "./recorderCommand";
import type { PluginExport, ScriptBundler } from "./registry";

/** Claude Code's recorder: the project folder is `$CLAUDE_PROJECT_DIR` (semantics.md §3b). */
const CLAUDE_CODE_RECORDER: CommandRecorderHost = { host: "claude-code", name: "Claude Code", projectEnv: "CLAUDE_PROJECT_DIR" };

/**
 * A claude-code pipeline as a Claude Code plugin (semantics.md §3d, loaded by Claude Code 2.1.330
 * with `--plugin-dir`, §3f), or as a project's `.claude/` folder for users who do not use
 * plugins. Both hold the same command scripts (exportClaudeCodeScript.ts) for function hooks, and
 * command hooks as they are (exportClaudeCodeCommand.ts); they differ in where the scripts live
 * and how the command finds them.
 */

function describe(pipeline: Pipeline): string {
  return pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`;
}

function matcherOf(hook: ExportedHook["hook"]): string {
  return hook.matcher !== null ? ` (matcher \`${String(hook.matcher)}\`)` : "";
}

function hookList(hooks: readonly ExportedHook[], scriptDir: string, target: CommandTarget): string[] {
  return hooks.map(({ hook, file }) => {
    const runtime = hook.runtime;
    if (runtime?.kind !== "command") return `- \`${hook.point}\`${matcherOf(hook)}: **${hook.name}**, \`${scriptDir}${file}.mjs\``;
    return `- \`${hook.point}\`${matcherOf(hook)}: **${hook.name}**, the command \`${runtime.command}\`${runtime.script ? ` (script \`${scriptPathIn(target, runtime.script)}\`)` : ""}`;
  });
}

interface ReadmeParts {
  install: string[];
  scriptDir: string;
  sourceDir: string;
  target: CommandTarget;
  mirrored: readonly MirroredScript[];
  /** The recorder's README section, when the export has one. */
  recorder?: string[];
}

function readme(pipeline: Pipeline, hooks: readonly ExportedHook[], externals: number, parts: ReadmeParts): string {
  const { functions, commands } = splitByRuntime(hooks);
  return [
    `# ${pipeline.name}`,
    "",
    describe(pipeline),
    "",
    "Claude Code hooks exported by Hookwright.",
    "",
    "## Install",
    "",
    ...parts.install,
    ...(parts.mirrored.length > 0
      ? ["", "Some command hooks run scripts that belong elsewhere; copy each where its command finds it:", "", ...parts.mirrored.map((m) => `- \`${m.at}\` → \`${m.belongs}\` (hook **${m.hook}**)`)]
      : []),
    "",
    "## Hooks",
    "",
    ...hookList(hooks, parts.scriptDir, parts.target),
    ...(externals > 0 ? ["", `Also ${externals} external hook${externals === 1 ? "" : "s"} (commands Hookwright cannot run), kept as they were.`] : []),
    ...(functions.length > 0
      ? [
          "",
          "Each script is self-contained (Node 20 or later; npm packages the hooks import are bundled in, nothing to install): it reads the hook input JSON",
          "on stdin, prints the hook's JSON output, exits 2 with the reason on stderr for a",
          "`BlockingError`, and 1 when the hook crashes. The TypeScript it was built from is in",
          `\`${parts.sourceDir}\`; edit it in Hookwright (or import this folder) and export again.`,
        ]
      : []),
    ...(commands.length > 0 ? ["", "Command hooks are written as they were: each command exactly as Hookwright holds it, each script byte for byte and executable."] : []),
    "",
    ...(parts.recorder ?? []),
  ].join("\n");
}

/** `.claude-plugin/plugin.json`, `hooks/hooks.json`, `hooks/<name>.mjs`, the sources under `hookwright/`, a README. */
export function exportClaudeCodePlugin(input: Pipeline, options: { profile: Profile; bundle: ScriptBundler; recorder?: boolean }): PluginExport {
  const pipeline = claudeCodePipeline(input, options.profile, "a Claude Code plugin");
  const warnings: string[] = [];
  const hooks = exportedHooks(pipeline, options.profile, warnings);
  const externals = pipeline.externalHooks ?? [];
  const name = claudePluginName(pipeline.name);
  const { functions, commands } = splitByRuntime(hooks);
  const target: CommandTarget = { root: "plugin", base: "", what: "a plugin" };
  const executables = new Set<string>();
  const files = sourceFiles(pipeline, functions, "");
  for (const [file, code] of commandScripts(pipeline, functions, options.bundle)) files.set(`hooks/${file}.mjs`, code);
  addExternalFiles(files, externals, executables);
  files.set(`${SOURCE_DIR}/${PIPELINE_META_FILE}`, pipelineMeta(pipeline, commandHookMetas(commands)));
  files.set(".claude-plugin/plugin.json", json({ name, version: "0.1.0", description: describe(pipeline) }));
  const hooksMap = hooksMapOf(options.profile, hooks, externals, pluginHookCommand);
  if (options.recorder) addCommandRecorderScript(files, `hooks/${COMMAND_RECORDER_FILE}`, CLAUDE_CODE_RECORDER);
  files.set("hooks/hooks.json", json({ description: describe(pipeline), hooks: options.recorder ? withCommandRecorder(hooksMap, options.profile, `node "\${CLAUDE_PLUGIN_ROOT}/hooks/${COMMAND_RECORDER_FILE}"`) : hooksMap }));
  const mirrored = addCommandScripts(files, executables, commands, target, warnings);
  files.set(
    "README.md",
    readme(pipeline, hooks, externals.length, {
      install: ["```sh", `claude --plugin-dir <path to this folder>`, "```", "", "or add the folder to a plugin marketplace and `/plugin install` it."],
      scriptDir: "hooks/",
      sourceDir: "hookwright/",
      target,
      mirrored,
      ...(options.recorder ? { recorder: commandRecorderReadme({ recorder: CLAUDE_CODE_RECORDER, profile: options.profile, file: `hooks/${COMMAND_RECORDER_FILE}`, config: "hooks/hooks.json" }) } : {}),
    }),
  );
  return { pluginName: name, files: sortedFiles(files, executables), warnings };
}

/**
 * The same hooks for a project without plugins: `.claude/settings.json` with only the `hooks`
 * section (merge it into an existing one), the scripts in `.claude/hooks/`, found through
 * `$CLAUDE_PROJECT_DIR` as Claude Code documents for settings hooks.
 */
export function exportClaudeCodeSettings(input: Pipeline, options: { profile: Profile; bundle: ScriptBundler; recorder?: boolean }): PluginExport {
  const pipeline = claudeCodePipeline(input, options.profile, "Claude Code settings");
  const warnings: string[] = [];
  const hooks = exportedHooks(pipeline, options.profile, warnings);
  const externals = pipeline.externalHooks ?? [];
  for (const e of externals) {
    if (JSON.stringify(e.handler).includes("CLAUDE_PLUGIN_ROOT")) warnings.push(`The external hook "${e.id}" uses \${CLAUDE_PLUGIN_ROOT}, which settings hooks do not have; export as a plugin to keep it working.`);
  }
  const { functions, commands } = splitByRuntime(hooks);
  const target: CommandTarget = { root: "project", base: ".claude/", what: "settings" };
  const executables = new Set<string>();
  const files = sourceFiles(pipeline, functions, ".claude/");
  for (const [file, code] of commandScripts(pipeline, functions, options.bundle)) files.set(`.claude/hooks/${file}.mjs`, code);
  addExternalFiles(files, externals, executables);
  files.set(`.claude/${SOURCE_DIR}/${PIPELINE_META_FILE}`, pipelineMeta(pipeline, commandHookMetas(commands)));
  const hooksMap = hooksMapOf(options.profile, hooks, externals, (file) => `node "$CLAUDE_PROJECT_DIR/.claude/hooks/${file}.mjs"`);
  if (options.recorder) addCommandRecorderScript(files, `.claude/hooks/${COMMAND_RECORDER_FILE}`, CLAUDE_CODE_RECORDER);
  files.set(".claude/settings.json", json({ hooks: options.recorder ? withCommandRecorder(hooksMap, options.profile, `node "$CLAUDE_PROJECT_DIR/.claude/hooks/${COMMAND_RECORDER_FILE}"`) : hooksMap }));
  const mirrored = addCommandScripts(files, executables, commands, target, warnings);
  const outside = projectScriptsOutsideClaude(commands);
  files.set(
    "README.md",
    readme(pipeline, hooks, externals.length, {
      install: [
        `Copy \`.claude/\`${outside.length > 0 ? ` (and ${outside.map((p) => `\`${p}\``).join(", ")})` : ""} into your project. If the project already has a \`.claude/settings.json\`,`,
        "add this file's `hooks` entries to it (hooks of every matching group run in parallel).",
      ],
      scriptDir: ".claude/hooks/",
      sourceDir: ".claude/hookwright/",
      target,
      mirrored,
      ...(options.recorder ? { recorder: commandRecorderReadme({ recorder: CLAUDE_CODE_RECORDER, profile: options.profile, file: `.claude/hooks/${COMMAND_RECORDER_FILE}`, config: ".claude/settings.json" }) } : {}),
    }),
  );
  return { pluginName: claudePluginName(pipeline.name), files: sortedFiles(files, executables), warnings };
}

/** Project scripts of command hooks outside `.claude/` (`scripts/check.sh`), which the README names to copy too. */
function projectScriptsOutsideClaude(commands: readonly ExportedCommand[]): string[] {
  const paths = commands.flatMap(({ runtime }) => (runtime.script?.root === "project" && !runtime.script.path.startsWith(".claude/") ? [runtime.script.path] : []));
  return [...new Set(paths)];
}
