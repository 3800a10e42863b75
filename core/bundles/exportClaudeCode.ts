import type { Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { addExternalFiles, claudeCodePipeline, claudePluginName, exportedHooks, hooksMapOf, json, sortedFiles, type ExportedHook } from "./exportClaudeCodeLayout";
import { commandScripts, PIPELINE_META_FILE, pipelineMeta, SOURCE_DIR, sourceFiles } from "./exportClaudeCodeScript";
import type { PluginExport, ScriptBundler } from "./registry";

/**
 * A claude-code pipeline as a Claude Code plugin (semantics.md §3d, loaded by Claude Code 2.1.330
 * with `--plugin-dir`, §3f), or as a project's `.claude/` folder for users who do not use
 * plugins. Both hold the same command scripts (exportClaudeCodeScript.ts); they differ in where
 * the scripts live and how the command finds them.
 */

function describe(pipeline: Pipeline): string {
  return pipeline.description.trim() || `Hooks exported from the Hookwright pipeline "${pipeline.name}".`;
}

function hookList(hooks: readonly ExportedHook[], scriptDir: string): string[] {
  return hooks.map(({ hook, file }) => `- \`${hook.point}\`${hook.matcher !== null ? ` (matcher \`${String(hook.matcher)}\`)` : ""}: **${hook.name}**, \`${scriptDir}${file}.mjs\``);
}

function readme(pipeline: Pipeline, hooks: readonly ExportedHook[], externals: number, install: string[], scriptDir: string, sourceDir: string): string {
  return [
    `# ${pipeline.name}`,
    "",
    describe(pipeline),
    "",
    "Claude Code hooks exported by Hookwright.",
    "",
    "## Install",
    "",
    ...install,
    "",
    "## Hooks",
    "",
    ...hookList(hooks, scriptDir),
    ...(externals > 0 ? ["", `Also ${externals} external hook${externals === 1 ? "" : "s"} (commands Hookwright cannot run), kept as they were.`] : []),
    "",
    "Each script is self-contained (Node 20 or later; npm packages the hooks import are bundled in, nothing to install): it reads the hook input JSON",
    "on stdin, prints the hook's JSON output, exits 2 with the reason on stderr for a",
    "`BlockingError`, and 1 when the hook crashes. The TypeScript it was built from is in",
    `\`${sourceDir}\`; edit it in Hookwright (or import this folder) and export again.`,
    "",
  ].join("\n");
}

/** `.claude-plugin/plugin.json`, `hooks/hooks.json`, `hooks/<name>.mjs`, the sources under `hookwright/`, a README. */
export function exportClaudeCodePlugin(input: Pipeline, options: { profile: Profile; bundle: ScriptBundler }): PluginExport {
  const pipeline = claudeCodePipeline(input, options.profile, "a Claude Code plugin");
  const warnings: string[] = [];
  const hooks = exportedHooks(pipeline, options.profile, warnings);
  const externals = pipeline.externalHooks ?? [];
  const name = claudePluginName(pipeline.name);
  const files = sourceFiles(pipeline, hooks, "");
  for (const [file, code] of commandScripts(pipeline, hooks, options.bundle)) files.set(`hooks/${file}.mjs`, code);
  addExternalFiles(files, externals);
  files.set(`${SOURCE_DIR}/${PIPELINE_META_FILE}`, pipelineMeta(pipeline));
  files.set(".claude-plugin/plugin.json", json({ name, version: "0.1.0", description: describe(pipeline) }));
  files.set("hooks/hooks.json", json({ description: describe(pipeline), hooks: hooksMapOf(options.profile, hooks, externals, (file) => `node "\${CLAUDE_PLUGIN_ROOT}/hooks/${file}.mjs"`) }));
  files.set(
    "README.md",
    readme(pipeline, hooks, externals.length, ["```sh", `claude --plugin-dir <path to this folder>`, "```", "", "or add the folder to a plugin marketplace and `/plugin install` it."], "hooks/", "hookwright/"),
  );
  return { pluginName: name, files: sortedFiles(files), warnings };
}

/**
 * The same hooks for a project without plugins: `.claude/settings.json` with only the `hooks`
 * section (merge it into an existing one), the scripts in `.claude/hooks/`, found through
 * `$CLAUDE_PROJECT_DIR` as Claude Code documents for settings hooks.
 */
export function exportClaudeCodeSettings(input: Pipeline, options: { profile: Profile; bundle: ScriptBundler }): PluginExport {
  const pipeline = claudeCodePipeline(input, options.profile, "Claude Code settings");
  const warnings: string[] = [];
  const hooks = exportedHooks(pipeline, options.profile, warnings);
  const externals = pipeline.externalHooks ?? [];
  for (const e of externals) {
    if (JSON.stringify(e.handler).includes("CLAUDE_PLUGIN_ROOT")) warnings.push(`The external hook "${e.id}" uses \${CLAUDE_PLUGIN_ROOT}, which settings hooks do not have; export as a plugin to keep it working.`);
  }
  const files = sourceFiles(pipeline, hooks, ".claude/");
  for (const [file, code] of commandScripts(pipeline, hooks, options.bundle)) files.set(`.claude/hooks/${file}.mjs`, code);
  addExternalFiles(files, externals);
  files.set(`.claude/${SOURCE_DIR}/${PIPELINE_META_FILE}`, pipelineMeta(pipeline));
  files.set(".claude/settings.json", json({ hooks: hooksMapOf(options.profile, hooks, externals, (file) => `node "$CLAUDE_PROJECT_DIR/.claude/hooks/${file}.mjs"`) }));
  files.set(
    "README.md",
    readme(
      pipeline,
      hooks,
      externals.length,
      [
        "Copy `.claude/` into your project. If the project already has a `.claude/settings.json`,",
        "add this file's `hooks` entries to it (hooks of every matching group run in parallel).",
      ],
      ".claude/hooks/",
      ".claude/hookwright/",
    ),
  );
  return { pluginName: claudePluginName(pipeline.name), files: sortedFiles(files), warnings };
}
