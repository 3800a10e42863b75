import { getBinding } from "../profiles/bindings";
import type { Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { exportClaudeCodePlugin, exportClaudeCodeSettings } from "./exportClaudeCode";
import { exportClaudeCodeSdkModule } from "./exportClaudeCodeSdk";
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
  export(pipeline: Pipeline, profile: Profile, tools: ExportTools): PluginExport;
}

const EXPORTERS: readonly PluginExporter[] = [
  {
    target: "vellum",
    profileId: "vellum",
    host: "the Vellum assistant",
    title: "Export as a Vellum plugin",
    installHint: "Unzip it into <workspace>/plugins/ (by default ~/.vellum/workspace/plugins/); the README inside explains each hook.",
    export: (pipeline, profile) => exportVellumPlugin(pipeline, { profile }),
  },
  {
    target: "openclaw",
    profileId: "openclaw",
    host: "OpenClaw",
    title: "Export as an OpenClaw plugin",
    installHint: "Unzip it, then `openclaw plugins install --link <folder>` and `openclaw plugins enable <id>`; the README says which settings its hooks need.",
    export: (pipeline, profile) => exportOpenClawPlugin(pipeline, { profile, pluginId: getBinding(profile.id)?.pluginId ?? pluginNameOf }),
  },
  {
    target: "registry",
    profileId: "registry",
    host: "the agent's hook registry",
    title: "Export as a hook registry module",
    installHint: "Unzip it next to your agent's code and call register(hookRegistry); it returns the cleanup function.",
    export: (pipeline, profile) => exportHookRegistryModule(pipeline, { profile }),
  },
  {
    target: "claude-code",
    profileId: "claude-code",
    host: "Claude Code",
    title: "Export as a Claude Code plugin",
    installHint: "Unzip it, then `claude --plugin-dir <folder>` (or add it to a plugin marketplace); each hook is a self-contained node script in hooks/.",
    bundlesDependencies: true,
    export: (pipeline, profile, tools) => exportClaudeCodePlugin(pipeline, { profile, bundle: tools.bundleScript }),
  },
  {
    target: "claude-code-settings",
    profileId: "claude-code",
    host: "Claude Code project settings (no plugin)",
    title: "Export as .claude/settings.json hooks",
    installHint: "Unzip it and copy .claude/ into your project; merge its settings.json hooks into an existing one.",
    bundlesDependencies: true,
    export: (pipeline, profile, tools) => exportClaudeCodeSettings(pipeline, { profile, bundle: tools.bundleScript }),
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
    export: (pipeline, profile) => exportFimOnePipeline(pipeline, profile),
  },
  {
    target: "deputy",
    profileId: "deputy",
    host: "deputy (R)",
    title: "Export as deputy hooks (hooks.R)",
    installHint: 'Put hooks.R in your R project, then source("hooks.R") and add_hookwright_hooks(agent); the README lists each hook with its pattern and timeout.',
    export: (pipeline, profile) => exportDeputyHooks(pipeline, profile),
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
