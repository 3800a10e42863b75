import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import type { CommandRuntime } from "../pipeline/runtimeSchema";
import type { ExternalHook, Hook, Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { kebabCase, pluginNameOf } from "./names";
import type { BundleFile } from "./types";

/**
 * What every Claude Code export shares (semantics.md §3d): which hooks leave Hookwright, the file
 * name each one gets, and the event → matcher groups map of hooks.json / settings.json. Pure and
 * deterministic: the same pipeline always gives the same layout.
 */

/**
 * An enabled hook on one of the profile's events, with the file name (no extension) a function
 * hook's script is written under; "" for a command hook, whose script keeps its own path.
 */
export interface ExportedHook {
  hook: Hook;
  file: string;
}

/** A command hook (runtime `command`), with its runtime at hand. */
export interface ExportedCommand {
  hook: Hook;
  runtime: CommandRuntime;
}

/** The function hooks (built into scripts) and the command hooks (written as they are) of an export. */
export function splitByRuntime(hooks: readonly ExportedHook[]): { functions: ExportedHook[]; commands: ExportedCommand[] } {
  const functions: ExportedHook[] = [];
  const commands: ExportedCommand[] = [];
  for (const exported of hooks) {
    const runtime = exported.hook.runtime;
    if (runtime?.kind === "command") commands.push({ hook: exported.hook, runtime });
    else functions.push(exported);
  }
  return { functions, commands };
}

/** A `command` (or any other) handler object as hooks.json holds it. */
export type HandlerJson = Record<string, unknown>;

/** One matcher group of an event: `{ matcher?, hooks: [handler, …] }`. */
export interface MatcherGroup {
  matcher?: string;
  hooks: HandlerJson[];
}

export type HooksMap = Record<string, MatcherGroup[]>;

const CLAUDE_PLUGIN_NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** The pipeline, parsed, and checked to be on `profile`. */
export function claudeCodePipeline(input: Pipeline, profile: Profile, what: string): Pipeline {
  const parsed = parsePipeline(input);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The pipeline is not valid:\n${describeIssues(parsed.issues)}`);
  const pipeline = parsed.value;
  if (pipeline.profile !== profile.id) throw new BundleError("WRONG_PROFILE", `Only pipelines on the ${profile.id} profile can be exported as ${what}; "${pipeline.name}" is on "${pipeline.profile}".`);
  return pipeline;
}

/** The plugin's manifest name: kebab-case and starting with a letter, as Claude Code requires (§3d). */
export function claudePluginName(pipelineName: string): string {
  const name = pluginNameOf(pipelineName);
  return CLAUDE_PLUGIN_NAME.test(name) ? name : `hooks-${name}`.replace(/-+/g, "-");
}

/**
 * The enabled hooks on the profile's events, in pipeline order, each with a distinct file name
 * made from its name (its id when the name has no letters or digits; `-2`, `-3` … on a clash).
 * Disabled hooks are left out: Claude Code cannot disable one hook, so it is simply not there.
 */
export function exportedHooks(pipeline: Pipeline, profile: Profile, warnings: string[]): ExportedHook[] {
  const events = new Set(profile.points.map((p) => p.id));
  const used = new Set<string>();
  const out: ExportedHook[] = [];
  for (const hook of pipeline.hooks) {
    if (!hook.enabled) continue;
    if (!events.has(hook.point)) {
      warnings.push(`Hook "${hook.name}" is on "${hook.point}", which is not a Claude Code event of this profile; it is left out.`);
      continue;
    }
    const problem = hook.matcher !== null ? profile.checkMatcher?.(hook.matcher) : null;
    if (problem) warnings.push(`Hook "${hook.name}": Claude Code will not match its matcher as written: ${problem}`);
    // A command keeps its own script path, so it takes no file name from the function hooks.
    if (hook.runtime?.kind === "command") {
      out.push({ hook, file: "" });
      continue;
    }
    const base = kebabCase(hook.name) || kebabCase(hook.id) || "hook";
    let file = base;
    for (let n = 2; used.has(file); n++) file = `${base}-${n}`;
    used.add(file);
    out.push({ hook, file });
  }
  return out;
}

/** The command a plugin's hooks.json runs for a hook written under `hooks/<file>.mjs`. */
export function pluginHookCommand(file: string): string {
  return `node "\${CLAUDE_PLUGIN_ROOT}/hooks/${file}.mjs"`;
}

/** A command hook's JSON: the command, then `timeout` (seconds) and `onFailure` only when the hook sets them. */
export function commandHandler(hook: Hook, command: string): HandlerJson {
  return {
    type: "command",
    command,
    ...(hook.timeoutMs !== undefined ? { timeout: hook.timeoutMs / 1000 } : {}),
    ...(hook.onFailure !== undefined ? { onFailure: hook.onFailure } : {}),
  };
}

/**
 * Each event's matcher groups, as settings.json and hooks.json hold them: events in the profile's
 * order (then events only external hooks use, as they come), one group per distinct matcher in
 * order of first use, the pipeline's hooks first (a command hook with its own command, a function
 * hook with `command(file)`) and the external hooks after them, unchanged.
 */
export function hooksMapOf(profile: Profile, hooks: readonly ExportedHook[], externals: readonly ExternalHook[], command: (file: string) => string): HooksMap {
  const entries: { point: string; matcher: string | null; handler: HandlerJson }[] = [
    ...hooks.map(({ hook, file }) => ({
      point: hook.point,
      matcher: hook.matcher === null ? null : Array.isArray(hook.matcher) ? hook.matcher.join("|") : hook.matcher,
      handler: commandHandler(hook, hook.runtime?.kind === "command" ? hook.runtime.command : command(file)),
    })),
    ...externals.map((e) => ({ point: e.point, matcher: e.matcher, handler: e.handler as HandlerJson })),
  ];
  const order = [...profile.points.map((p) => p.id), ...entries.map((e) => e.point)];
  const map: HooksMap = {};
  for (const point of order) {
    if (map[point] !== undefined) continue;
    const mine = entries.filter((e) => e.point === point);
    if (mine.length === 0) continue;
    const groups = new Map<string | null, MatcherGroup>();
    for (const e of mine) {
      let group = groups.get(e.matcher);
      if (!group) {
        group = e.matcher === null ? { hooks: [] } : { matcher: e.matcher, hooks: [] };
        groups.set(e.matcher, group);
      }
      group.hooks.push(e.handler);
    }
    map[point] = [...groups.values()];
  }
  return map;
}

/** Files sorted by path, as every exporter returns them; those in `executables` marked executable. */
export function sortedFiles(files: ReadonlyMap<string, string>, executables: ReadonlySet<string> = new Set()): BundleFile[] {
  return [...files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, content]) => (executables.has(path) ? { path, content, executable: true } : { path, content }));
}

/** The external hooks' own scripts, at their paths (refusing a clash with a generated file), executable as scripts are. */
export function addExternalFiles(files: Map<string, string>, externals: readonly ExternalHook[], executables?: Set<string>): void {
  for (const external of externals) {
    for (const file of external.files ?? []) {
      executables?.add(file.path);
      const existing = files.get(file.path);
      if (existing !== undefined && existing !== file.content) {
        throw new BundleError("PATH_COLLISION", `The external hook "${external.id}" needs ${file.path}, which Hookwright also writes for another hook; rename one of them.`);
      }
      files.set(file.path, file.content);
    }
  }
}

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}
