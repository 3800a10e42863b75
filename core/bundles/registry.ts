import { getBinding } from "../profiles/bindings";
import { getProfile } from "../profiles";
import type { Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { exportClaudeCodePlugin, exportClaudeCodeSettings } from "./exportClaudeCode";
import { exportClaudeCodeModsPlugin } from "./exportClaudeCodeMods";
import { exportClaudeCodeSdkModule } from "./exportClaudeCodeSdk";
import { exportCodexConfig, exportCodexPlugin, exportCodexProject } from "./exportCodex";
import { exportDeputyHooks } from "./exportDeputy";
import { exportFimOnePipeline } from "./exportFimOne";
import { exportHookRegistryModule } from "./exportHookRegistry";
import { exportOpenClawPlugin } from "./exportOpenClaw";
import { exportVellumPlugin } from "./exportVellum";
import { pluginNameOf } from "./names";
import type { BundleFile } from "./types";

/** What an exporter writes: the folder's name and files (sorted by path), and notes for the user. */
export interface PluginExport {
  pluginName: string;
  files: BundleFile[];
  warnings: string[];
}

/**
 * Bundles an ES module `entry` and the files it imports (`files`: path → TypeScript or JavaScript)
 * into one self-contained Node script, returning its text; throws an Error saying what failed.
 * `dependencies` names the npm packages the pipeline declares: the only bare imports bundled in.
 * Core cannot bundle, so the server hands exporters one (server/bundles/scriptBundler.ts).
 */
export type ScriptBundler = (request: { files: ReadonlyMap<string, string>; entry: string; dependencies?: readonly string[] }) => string;

/** What the server lends an exporter that needs more than pure code. */
export interface ExportTools {
  bundleScript: ScriptBundler;
}

/**
 * One way a pipeline leaves Hookwright for its host. Exporters are registered by profile id:
 * the Export dialog, the download route and `hookwright export --target` offer exactly the ones
 * of the pipeline's profile, and a profile without one says so instead of showing a button that fails.
 */
export interface PluginExporter {
  /** `--target` of the CLI. */
  target: string;
  profileId: string;
  /** The host, as the Export dialog names it ("the Vellum assistant"). */
  host: string;
  /** The dialog's title ("Export as a Vellum plugin"). */
  title: string;
  /** Where the files go, one sentence. */
  installHint: string;
  /**
   * The export bundles the pipeline's npm dependencies into its scripts (the host installs
   * nothing), so the server installs them first; other exporters declare them in a package.json.
   */
  bundlesDependencies?: boolean;
  /**
   * The export can add Hookwright's recorder (core/bundles/recorder.ts): a hook at every point that
   * appends what it sees to a JSONL file, read back by `hookwright import-session`. `where`: where
   * the recordings go, for the Export dialog. Absent: this format cannot record.
   */
  recorder?: { where: string };
  export(pipeline: Pipeline, profile: Profile, tools: ExportTools, options?: ExportOptions): PluginExport;
}

/** What the user chose in the Export dialog (`hookwright export` flags). */
export interface ExportOptions {
  /** Add the recorder (only honoured by exporters that declare {@link PluginExporter.recorder}). */
  recorder?: boolean;
}

const EXPORTERS: readonly PluginExporter[] = [
  {
    target: "vellum",
    profileId: "vellum",
    host: "the Vellum assistant",
    title: "Export as a Vellum plugin",
    installHint: "Unzip it into <workspace>/plugins/ (by default ~/.vellum/workspace/plugins/); the README inside explains each hook.",
    recorder: { where: "<workspace>/.hookwright/recordings/<conversation id>.jsonl" },
    export: (pipeline, profile, _tools, options) => exportVellumPlugin(pipeline, { profile, recorder: options?.recorder === true }),
  },
  {
    target: "openclaw",
    profileId: "openclaw",
    host: "OpenClaw",
    title: "Export as an OpenClaw plugin",
    installHint: "Unzip it, then `openclaw plugins install --link <folder>` and `openclaw plugins enable <id>`; the README says which settings its hooks need.",
    recorder: { where: "<workspace>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, _tools, options) => exportOpenClawPlugin(pipeline, { profile, pluginId: getBinding(profile.id)?.pluginId ?? pluginNameOf, recorder: options?.recorder === true }),
  },
  {
    target: "registry",
    profileId: "registry",
    host: "the agent's hook registry",
    title: "Export as a hook registry module",
    installHint: "Unzip it next to your agent's code and call register(hookRegistry); it returns the cleanup function.",
    recorder: { where: "<working folder>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, _tools, options) => exportHookRegistryModule(pipeline, { profile, recorder: options?.recorder === true }),
  },
  {
    target: "claude-code",
    profileId: "claude-code",
    host: "Claude Code",
    title: "Export as a Claude Code plugin",
    installHint: "Unzip it, then `claude --plugin-dir <folder>` (or add it to a plugin marketplace); each hook is a self-contained node script in hooks/.",
    bundlesDependencies: true,
    recorder: { where: "<project>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, tools, options) => exportClaudeCodePlugin(pipeline, { profile, bundle: tools.bundleScript, recorder: options?.recorder === true }),
  },
  {
    target: "claude-code-settings",
    profileId: "claude-code",
    host: "Claude Code project settings (no plugin)",
    title: "Export as .claude/settings.json hooks",
    installHint: "Unzip it and copy .claude/ into your project; merge its settings.json hooks into an existing one.",
    bundlesDependencies: true,
    recorder: { where: "<project>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, tools, options) => exportClaudeCodeSettings(pipeline, { profile, bundle: tools.bundleScript, recorder: options?.recorder === true }),
  },
  {
    target: "claude-code-sdk",
    profileId: "claude-code",
    host: "the Claude Agent SDK",
    title: "Export as an Agent SDK hooks module",
    installHint: "Unzip it next to your code, `npm install` there (its package.json lists the pipeline's npm dependencies), and pass its hooks to query({ prompt, options: { hooks } }) of @anthropic-ai/claude-agent-sdk.",
    export: (pipeline, profile) => exportClaudeCodeSdkModule(pipeline, { profile }),
  },
  {
    target: "fim-one",
    profileId: "fim-one",
    host: "FIM One (Python hooks as a package; TypeScript hooks listed for porting by hand)",
    title: "Export for FIM One",
    installHint:
      "Python hooks become the package hookwright_hooks/: copy it beside fim_one and call register(registry) in build_hook_registry_for_agent (the README says where). TypeScript hooks have no faithful export for FIM One (a Python host): port each one the README lists to a Python class, with the same point, priority and trigger.",
    recorder: { where: "<working folder>/.hookwright/recordings/<session>.jsonl" },
    export: (pipeline, profile, _tools, options) => exportFimOnePipeline(pipeline, profile, { recorder: options?.recorder === true }),
  },
  {
    target: "deputy",
    profileId: "deputy",
    host: "deputy (R)",
    title: "Export as deputy hooks (hooks.R)",
    installHint: 'Put hooks.R in your R project, then source("hooks.R") and add_hookwright_hooks(agent); the README lists each hook with its pattern and timeout.',
    recorder: { where: "<working_dir>/.hookwright/recordings/<session_id>.jsonl" },
    export: (pipeline, profile, _tools, options) => exportDeputyHooks(pipeline, profile, { recorder: options?.recorder === true }),
  },
  {
    target: "codex",
    profileId: "codex",
    host: "Codex CLI (project .codex/hooks.json)",
    title: "Export as .codex/hooks.json",
    installHint: "Unzip it and copy .codex/ into your project's top folder; Codex runs project hooks only in a trusted project, once each hook is reviewed (/hooks) or with codex exec --dangerously-bypass-hook-trust.",
    bundlesDependencies: true,
    recorder: { where: "<session folder>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, tools, options) => exportCodexProject(pipeline, { profile, bundle: tools.bundleScript, recorder: options?.recorder === true }),
  },
  {
    target: "codex-config",
    profileId: "codex",
    host: "Codex CLI ([hooks] tables of config.toml)",
    title: "Export as [hooks] tables for config.toml",
    installHint: "Unzip it; .codex/config.toml holds only [[hooks.<Event>]] tables: merge them into your config.toml and copy .codex/hooks/ into the project.",
    bundlesDependencies: true,
    recorder: { where: "<session folder>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, tools, options) => exportCodexConfig(pipeline, { profile, bundle: tools.bundleScript, recorder: options?.recorder === true }),
  },
  {
    target: "codex-plugin",
    profileId: "codex",
    host: "Codex CLI (a plugin's hooks/hooks.json)",
    title: "Export as a Codex plugin",
    installHint: "Unzip it: a Codex plugin (.codex-plugin/plugin.json, hooks/hooks.json); install it from a plugin marketplace. Plugin hooks need the same review as project hooks.",
    bundlesDependencies: true,
    recorder: { where: "<session folder>/.hookwright/recordings/<session id>.jsonl" },
    export: (pipeline, profile, tools, options) => exportCodexPlugin(pipeline, { profile, bundle: tools.bundleScript, recorder: options?.recorder === true }),
  },
  {
    target: "claude-code-mods",
    profileId: "claude-code-mods",
    host: "Claude Code (a plugin holding a mod)",
    title: "Export as a Claude Code mod plugin",
    installHint: "Unzip it: a plugin folder (.claude-plugin/plugin.json, hooks/hooks.json {\"modules\": [\"./register.ts\"]}); load it with claude --plugin-dir <folder>, or install it from a marketplace. The hooks nest in the order of register.ts's on() calls, first outermost.",
    bundlesDependencies: true,
    export: (pipeline, profile, tools) => {
      const settingsProfile = getProfile("claude-code");
      return exportClaudeCodeModsPlugin(pipeline, { modsProfile: profile, ...(settingsProfile ? { settings: { profile: settingsProfile, bundle: tools.bundleScript } } : {}) });
    },
  },
];

/** Every exporter (the CLI lists their targets). */
export function listExporters(): readonly PluginExporter[] {
  return EXPORTERS;
}

/** The exporters of a profile, in the order the dialog offers them (none: no faithful export yet). */
export function exportersFor(profileId: string): PluginExporter[] {
  return EXPORTERS.filter((e) => e.profileId === profileId);
}

export function exporterByTarget(target: string): PluginExporter | undefined {
  return EXPORTERS.find((e) => e.target === target);
}
