import type { ExternalHook, PipelineInput } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { SCRIPT_MARK, type CommandHookMeta, type ScriptMeta } from "./exportClaudeCodeScript";
import { commandLanguage, commandScript, isPlainNodeRun, namedFiles, type CommandFolder } from "./importClaudeCodeCommand";
import { kebabCase } from "./names";
import { isCommandRecorder, RECORDER_LEFT_OUT } from "./recorderCommand";
import { TomlFloat } from "./tomlReader";

/**
 * Codex's event map (`{ PreToolUse: [{ matcher?, hooks: [handler] }] }`, the same in hooks.json,
 * a plugin's hooks.json and config.toml's `[hooks]`, X:codex-rs/config/src/hook_config.rs) as
 * pipeline hooks, in config order:
 * - a `command` handler becomes a command hook: its command byte for byte, the one script of the
 *   imported folder it names as its code, its `timeout` (whole seconds) as timeoutMs;
 * - a script Hookwright built for a function hook comes back as the TypeScript it was built from;
 * - a `prompt` or `agent` handler (Codex skips them with a warning), an `async` one, one with an
 *   option Hookwright does not model, or one on an event the profile lacks (PermissionRequest) is
 *   kept as an external hook: listed, not run, written back unchanged on export.
 * What Codex itself refuses (a handler without a command, a timeout that is not a whole number of
 * seconds, an unknown handler type: Codex then skips the whole file) is an error naming the file,
 * the line and the field.
 */

type Json = Record<string, unknown>;

/** One place hooks are declared: a hooks.json, an inline manifest object, or config.toml's `[hooks]`. */
export interface EventSource {
  file: string;
  /** The value of `hooks`. */
  events: unknown;
  /** The line of a field by its path (`hooks.PreToolUse[0].matcher`), absent for a manifest's inline hooks. */
  lineOf?: (path: string) => number | undefined;
}

export interface ConvertedHooks {
  hooks: NonNullable<PipelineInput["hooks"]>;
  externals: ExternalHook[];
  /** A function hook came back from its TypeScript under hookwright/. */
  usedSources: boolean;
}

export interface ConvertContext {
  profile: Profile;
  folder: CommandFolder;
  /** The command hooks' ids and names a Hookwright export wrote (pipeline.json), taken as they match. */
  commandMetas: CommandHookMeta[];
  warnings: string[];
}

/** Keys of Codex's `[hooks]` table (and requirements.toml's) that are not events. */
const NOT_EVENTS = new Set(["state", "managed_dir", "windows_managed_dir"]);
const MODELLED_OPTIONS = new Set(["type", "command", "timeout", "statusMessage"]);
const SKIPPED_TYPES = new Set(["prompt", "agent"]);

/**
 * How a Codex command finds the project's or the plugin's folder, rewritten (only to look the
 * script up; the command is kept as it is) to the variables the Claude Code lookup knows. Codex
 * runs commands in the session folder and sets no project variable, so hooks find the project
 * through git; a plugin's commands have `${PLUGIN_ROOT}` (and `${CLAUDE_PLUGIN_ROOT}`) substituted.
 */
const ROOT_ALIASES: readonly [RegExp, string][] = [
  [/\$\(\s*git rev-parse --show-toplevel(?:\s+2>\s*\/dev\/null)?(?:\s*\|\|\s*pwd)?\s*\)/g, "$CLAUDE_PROJECT_DIR"],
  [/`git rev-parse --show-toplevel`/g, "$CLAUDE_PROJECT_DIR"],
  [/\$\{PLUGIN_ROOT\}|\$PLUGIN_ROOT\b/g, "${CLAUDE_PLUGIN_ROOT}"],
];

/** `$(git rev-parse --show-toplevel)` with no fallback for a folder outside git. */
const BARE_GIT_ROOT = /\$\(\s*git rev-parse --show-toplevel(?:\s+2>\s*\/dev\/null)?\s*\)|`git rev-parse --show-toplevel`/;

export function lookupForm(command: string): string {
  return ROOT_ALIASES.reduce((text, [pattern, variable]) => text.replace(pattern, variable), command);
}

/** A script path the lookup found missing, as the user reads it: the project's or plugin's path, not the lookup's variable. */
function shownPath(word: string): string {
  const project = /^\$\{?CLAUDE_PROJECT_DIR\}?\//.exec(word);
  if (project) return `${word.slice(project[0].length)} (in the project)`;
  const plugin = /^\$\{?CLAUDE_PLUGIN_ROOT\}?\//.exec(word);
  return plugin ? `${word.slice(plugin[0].length)} (in the plugin)` : word;
}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof TomlFloat);
}

/** TOML floats as plain numbers, so an external hook's handler is JSON again. */
function plain(value: unknown): unknown {
  if (value instanceof TomlFloat) return value.value;
  if (Array.isArray(value)) return value.map(plain);
  if (isObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

function uniqueId(base: string, used: Set<string>): string {
  const root = kebabCase(base) || "hook";
  let id = root;
  for (let n = 2; used.has(id); n++) id = `${root}-${n}`;
  used.add(id);
  return id;
}

function parseMeta(text: string): ScriptMeta | null {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value) && typeof value.id === "string" && typeof value.name === "string" && typeof value.source === "string") return { id: value.id, name: value.name, source: value.source };
  } catch {
    // Not Hookwright's mark after all: the script is read like any other.
  }
  return null;
}

function oneLinerName(command: string): string {
  const line = command.trim().replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

/** Converts every source's events, in order (Codex reads hooks.json before config.toml in a layer). */
export function convertCodexEvents(sources: readonly EventSource[], context: ConvertContext): ConvertedHooks {
  const { profile, folder, warnings } = context;
  const points = new Map(profile.points.map((p) => [p.id, p]));
  const out: ConvertedHooks = { hooks: [], externals: [], usedSources: false };
  const ids = new Set<string>();
  const ownId = (id: string) => (ids.has(id) ? uniqueId(id, ids) : (ids.add(id), id));

  for (const source of sources) {
    /** The line of a field, else of the nearest table holding it (a missing field has no line of its own). */
    const lineNear = (path: string): number | undefined => {
      const parent = /(?:\.[^.[\]]+|\[\d+\])$/;
      for (let p = path; ; p = p.replace(parent, "")) {
        const line = source.lineOf?.(p);
        if (line !== undefined || !parent.test(p)) return line;
      }
    };
    const where = (path: string) => {
      const line = lineNear(path);
      return line !== undefined ? `${source.file} line ${line}: ${path}` : `${source.file}: ${path}`;
    };
    const fail = (path: string, problem: string): never => {
      throw new BundleError("BAD_MANIFEST", `${where(path)} ${problem}`);
    };
    if (!isObject(source.events)) fail("hooks", "must map each event to its matcher groups ({ \"PreToolUse\": [ … ] }).");
    const events = source.events as Json;
    for (const [event, groups] of Object.entries(events)) {
      if (NOT_EVENTS.has(event)) {
        if (event === "state") warnings.push(`${source.file}: the hooks' trust state ([hooks.state]) is not imported; Codex asks to review the hooks again where they are installed.`);
        continue;
      }
      if (!Array.isArray(groups)) fail(`hooks.${event}`, `must be a list of matcher groups ({ "matcher": …, "hooks": [ … ] }).`);
      (groups as unknown[]).forEach((group, g) => {
        const at = `hooks.${event}[${g}]`;
        if (!isObject(group)) fail(at, 'must be a matcher group like { "matcher": "Bash", "hooks": [ … ] }.');
        const { matcher: rawMatcher, hooks: handlers = [] } = group as Json;
        if (rawMatcher !== undefined && typeof rawMatcher !== "string") fail(`${at}.matcher`, "must be a string (a tool name, Bash|apply_patch, a regex or *).");
        if (!Array.isArray(handlers)) fail(`${at}.hooks`, 'must be a list of handlers like { "type": "command", "command": "…" }.');
        const matcher = typeof rawMatcher === "string" ? rawMatcher : null;
        const point = points.get(event);
        if (matcher !== null && point && !point.hasMatcher) warnings.push(`${where(`${at}.matcher`)}: Codex ignores a matcher on ${event}; it is kept, and every ${event} hook runs.`);
        (handlers as unknown[]).forEach((handler, h) => {
          const path = `${at}.hooks[${h}]`;
          if (!isObject(handler)) fail(path, 'must be a handler like { "type": "command", "command": "…" }.');
          convertHandler({ event, matcher, handler: handler as Json, path, where, fail });
        });
      });
    }
  }
  return out;

  function keepExternal(event: string, matcher: string | null, handler: Json, reason: string): void {
    const command = typeof handler.command === "string" ? handler.command : "";
    const label = command || String(handler.type ?? "hook");
    const files = command ? namedFiles(lookupForm(command), folder) : [];
    out.externals.push({ id: uniqueId(`external ${label.split(/[\s/"']+/).filter(Boolean).pop() ?? "hook"}`, ids), point: event, matcher, handler: plain(handler) as ExternalHook["handler"], reason, ...(files.length > 0 ? { files } : {}) });
  }

  function convertHandler(h: { event: string; matcher: string | null; handler: Json; path: string; where: (path: string) => string; fail: (path: string, problem: string) => never }): void {
    const { event, matcher, handler, path, where, fail } = h;
    const type = handler.type;
    if (typeof type !== "string") fail(`${path}.type`, 'is missing: Codex needs "type": "command".');
    if (SKIPPED_TYPES.has(type as string)) {
      keepExternal(event, matcher, handler, `a ${String(type)} hook: Codex skips it ("not supported yet") and Hookwright runs only command hooks`);
      return;
    }
    if (type !== "command") fail(`${path}.type`, `is "${String(type)}", which Codex does not know (it skips the whole file); use "command".`);
    if (typeof handler.command !== "string") fail(`${path}.command`, "is missing or not a string: a command handler needs the command line Codex runs.");
    const command = handler.command as string;
    // Hookwright's recorder is an export option, not a hook (core/bundles/recorderCodex.ts).
    if (isCommandRecorder(command)) {
      if (!warnings.includes(RECORDER_LEFT_OUT)) warnings.push(RECORDER_LEFT_OUT);
      return;
    }
    const timeout = handler.timeout;
    if (timeout !== undefined && !(typeof timeout === "number" && Number.isSafeInteger(timeout) && timeout >= 0)) {
      fail(`${path}.timeout`, `is ${timeout instanceof TomlFloat ? String(timeout.value) : JSON.stringify(timeout)}; Codex reads a whole number of seconds (it skips the whole file otherwise).`);
    }
    if (handler.async !== undefined && typeof handler.async !== "boolean") fail(`${path}.async`, "must be true or false.");
    if (handler.statusMessage !== undefined && typeof handler.statusMessage !== "string") fail(`${path}.statusMessage`, "must be a string.");
    const unmodelled = Object.keys(handler).filter((k) => !MODELLED_OPTIONS.has(k) && !(k === "async" && handler.async === false));
    if (!points.has(event)) {
      keepExternal(event, matcher, handler, `Hookwright's codex profile does not model the ${event} event`);
      return;
    }
    if (unmodelled.length > 0) {
      keepExternal(event, matcher, handler, `its ${unmodelled.map((k) => `"${k}"`).join(", ")} option${unmodelled.length === 1 ? " is" : "s are"} not modelled by Hookwright`);
      return;
    }
    if (command.trim() === "") {
      keepExternal(event, matcher, handler, "its command is empty (Codex skips it)");
      return;
    }
    if (typeof handler.statusMessage === "string") warnings.push(`${where(`${path}.statusMessage`)}: Hookwright does not keep a hook's status message ("${handler.statusMessage}"); it is dropped.`);
    const script = commandScript(lookupForm(command), folder);
    if ("refused" in script) {
      keepExternal(event, matcher, handler, script.refused);
      return;
    }
    if (BARE_GIT_ROOT.test(command)) {
      warnings.push(`${where(`${path}.command`)} finds the project through $(git rev-parse --show-toplevel), which is empty outside a git repository, and Hookwright's sandbox runs hooks in a project folder that is not one: add a fallback, "$(git rev-parse --show-toplevel 2>/dev/null || pwd)", for the hook to find its script there too.`);
    }
    const seconds = timeout as number | undefined;
    let timeoutMs = seconds === undefined ? undefined : Math.max(1, seconds) * 1000;
    if (timeoutMs !== undefined && timeoutMs > 600_000) {
      warnings.push(`${where(`${path}.timeout`)}: ${seconds} s is more than Hookwright's limit of 600 s (Codex's default); it is kept at 600 s.`);
      timeoutMs = 600_000;
    }
    const common = { point: event, matcher, enabled: true, ...(timeoutMs !== undefined ? { timeoutMs } : {}) };
    const found = script.found;
    const first = found?.content.split("\n")[0] ?? "";
    if (found && first.startsWith(SCRIPT_MARK)) {
      const built = parseMeta(first.slice(SCRIPT_MARK.length));
      const source = built ? folder.files.get(`${folder.base}${built.source}`) : undefined;
      if (built && typeof source === "string" && isPlainNodeRun(script)) {
        out.hooks.push({ ...common, id: ownId(built.id), name: built.name, code: source });
        out.usedSources = true;
        return;
      }
      warnings.push(
        built && typeof source === "string"
          ? `${found.path} was built by Hookwright, but ${where(path)} runs it with another command (${command}); the built script itself is imported as a command hook.`
          : `${found.path} was built by Hookwright, but its source ${built ? `${folder.base}${built.source}` : ""} is missing; the built script itself is imported as a command hook.`,
      );
    }
    if (!found && script.missing.length > 0) {
      warnings.push(`${where(path)} runs ${script.missing.map(shownPath).join(", ")}, which the imported files do not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.`);
    }
    const known = context.commandMetas.findIndex((m) => m.point === event && m.command === command);
    const mine = known >= 0 ? context.commandMetas.splice(known, 1)[0] : undefined;
    const fileName = found ? (found.path.split("/").pop() ?? found.path).replace(/\.[^.]*$/, "") : "";
    const name = mine?.name ?? (found ? fileName : oneLinerName(command));
    out.hooks.push({
      ...common,
      id: mine ? ownId(mine.id) : uniqueId(found ? fileName : (command.trim().split(/[\s/]+/).find((w) => /[A-Za-z0-9]/.test(w)) ?? "command"), ids),
      name: name.slice(0, 120),
      code: found?.content ?? "",
      runtime: { kind: "command", language: commandLanguage(script), command, script: found ? { root: found.root, path: found.path } : null },
    });
  }
}
