import { describeIssues, parsePipeline } from "../pipeline/parsePipeline";
import { PIPELINE_FORMAT, type ExternalHook, type Pipeline, type PipelineInput } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import { BundleError } from "./errors";
import { PIPELINE_META_FILE, SCRIPT_MARK, SOURCE_DIR, type CommandHookMeta, type ScriptMeta } from "./exportClaudeCodeScript";
import { commandLanguage, commandScript, isPlainNodeRun, MIRROR_DIRS, namedFiles, type CommandFolder } from "./importClaudeCodeCommand";
import { kebabCase } from "./names";
import { isCommandRecorder } from "./recorderCommand";
import { resolveRelative } from "./paths";
import type { PluginFiles } from "./types";
import { filesUnder, wrappingFolder } from "./pluginFolder";

/** Claude Code's own top folders: a folder of only these is a project or plugin at the top, not wrapped in one. */
const HOST_FOLDERS = [".claude", "hooks", ".claude-plugin"];

/**
 * Reads Claude Code hooks into a new claude-code pipeline (semantics.md §3d): a plugin (its
 * `hooks/hooks.json`, or the file / object its `.claude-plugin/plugin.json` names) or a project's
 * `.claude/settings.json` (and `settings.local.json`), with the scripts their commands run.
 * - A `command` hook becomes a command hook (runtime `command`): its command line byte for byte,
 *   the one script of the folder it names as its code (importClaudeCodeCommand.ts), or a one-liner
 *   when it names none (a script it names that the folder lacks is a warning).
 * - A script Hookwright exported for a function hook comes back as the TypeScript it was built from.
 * - Every other handler (a prompt / http / agent / mcp_tool hook, options Hookwright does not
 *   model such as `if` or `async`, an event the profile lacks) is kept as an external hook: listed,
 *   not run, and written back unchanged on export.
 */

export interface ClaudeCodeImport {
  pipeline: Pipeline;
  warnings: string[];
}

type Json = Record<string, unknown>;

interface Layout {
  /** The files, relative to the plugin or project root. */
  files: PluginFiles;
  /** Where the hooks come from, for messages. */
  source: string;
  /** The event map (`{ PreToolUse: [{ matcher, hooks }] }`). */
  events: { file: string; map: Json }[];
  name: string;
  description: string;
}

const MODELLED_OPTIONS = new Set(["type", "command", "timeout", "onFailure", "statusMessage"]);

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function readJson(files: PluginFiles, path: string): Json | null {
  const text = files.get(path);
  if (text === undefined) return null;
  if (text === null) throw new BundleError("BAD_MANIFEST", `${path} is not UTF-8 text.`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BundleError("BAD_MANIFEST", `${path} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!isObject(value)) throw new BundleError("BAD_MANIFEST", `${path} must hold a JSON object.`);
  return value;
}

function eventMap(file: string, value: unknown): Json {
  if (!isObject(value)) throw new BundleError("BAD_MANIFEST", `${file}: "hooks" must be an object mapping each event to its matcher groups.`);
  return value;
}

function locate(all: PluginFiles): Layout | null {
  for (const root of [...new Set(["", wrappingFolder(all, HOST_FOLDERS)])]) {
    const files = filesUnder(all, root);
    const manifest = readJson(files, ".claude-plugin/plugin.json");
    if (manifest || files.has("hooks/hooks.json")) {
      const declared = manifest?.hooks;
      let events: Layout["events"];
      if (isObject(declared)) events = [{ file: ".claude-plugin/plugin.json", map: eventMap(".claude-plugin/plugin.json", isObject(declared.hooks) ? declared.hooks : declared) }];
      else {
        const file = typeof declared === "string" ? (resolveRelative("", declared) ?? declared) : "hooks/hooks.json";
        const json = readJson(files, file);
        if (!json) throw new BundleError("NO_HOOKS", `The plugin has no ${file}, so it declares no hooks.`);
        events = [{ file, map: eventMap(file, json.hooks) }];
      }
      const name = typeof manifest?.name === "string" ? manifest.name : root || "claude-code-plugin";
      return { files, source: "plugin", events, name, description: typeof manifest?.description === "string" ? manifest.description : "" };
    }
    const settingsFiles = [".claude/settings.json", ".claude/settings.local.json"].filter((f) => files.has(f));
    if (settingsFiles.length > 0) {
      const events = settingsFiles.flatMap((file) => {
        const json = readJson(files, file);
        return json && json.hooks !== undefined ? [{ file, map: eventMap(file, json.hooks) }] : [];
      });
      return { files, source: "project", events, name: root || "Claude Code project hooks", description: "" };
    }
  }
  // The .claude folder itself: its settings.json, with paths as the project sees them.
  const settings = all.has("settings.json") ? readJson(all, "settings.json") : null;
  if (settings && settings.hooks !== undefined) return locate(new Map([...all].map(([p, c]) => [`.claude/${p}`, c])));
  return null;
}

/** Whether these files hold Claude Code hooks (a plugin's hooks, or a project's / .claude folder's settings). */
export function isClaudeCodeBundle(files: PluginFiles): boolean {
  const tops = [...new Set(["", wrappingFolder(files, HOST_FOLDERS)])].map((r) => filesUnder(files, r));
  if (tops.some((f) => f.has(".claude-plugin/plugin.json") || f.has("hooks/hooks.json") || f.has(".claude/settings.json") || f.has(".claude/settings.local.json"))) return true;
  const text = files.get("settings.json");
  return typeof text === "string" && /"hooks"\s*:/.test(text);
}

function uniqueId(base: string, used: Set<string>): string {
  const root = kebabCase(base) || "hook";
  let id = root;
  for (let n = 2; used.has(id); n++) id = `${root}-${n}`;
  used.add(id);
  return id;
}

function timeoutMsOf(handler: Json, where: string, warnings: string[]): number | undefined {
  const t = handler.timeout;
  if (t === undefined) return undefined;
  if (typeof t !== "number" || !(t > 0)) {
    warnings.push(`${where}: timeout ${JSON.stringify(t)} is not a positive number of seconds; the host's default is used.`);
    return undefined;
  }
  const ms = Math.round(t * 1000);
  if (ms > 600_000) {
    warnings.push(`${where}: timeout ${t} s is more than Hookwright's limit of 600 s; it is kept at 600 s.`);
    return 600_000;
  }
  return Math.max(1, ms);
}

/**
 * @throws {BundleError} when the hooks cannot be read (invalid JSON, a malformed event map), a
 *   script a hook runs is missing, or a script cannot be converted faithfully (naming the file).
 */
export function importClaudeCode(all: PluginFiles, options: { profile: Profile }): ClaudeCodeImport {
  const layout = locate(all);
  if (!layout) throw new BundleError("NO_MANIFEST", "These files hold no Claude Code hooks: expected .claude-plugin/plugin.json or hooks/hooks.json (a plugin), or .claude/settings.json (a project).");
  const { files, profile } = { files: layout.files, profile: options.profile };
  const events = new Set(profile.points.map((p) => p.id));
  const warnings: string[] = [];
  const hooks: NonNullable<PipelineInput["hooks"]> = [];
  const externals: ExternalHook[] = [];
  const ids = new Set<string>();
  let usedSources = false;
  let recorders = 0;
  const base = hooksBase(layout);
  const folder: CommandFolder = { files, kind: layout.source === "plugin" ? "plugin" : "project", base };
  const meta = readJson(files, `${base}${SOURCE_DIR}/${PIPELINE_META_FILE}`);
  // Ids and names of the command hooks a Hookwright export wrote, matched in order by event and command.
  const commandMetas = Array.isArray(meta?.commandHooks) ? meta.commandHooks.filter(isCommandHookMeta) : [];

  const keepExternal = (point: string, matcher: string | null, handler: Json, reason: string) => {
    const command = typeof handler.command === "string" ? handler.command : "";
    const label = command || (typeof handler.prompt === "string" ? handler.prompt : String(handler.type ?? "hook"));
    externals.push({ id: uniqueId(`external ${label.split(/[\s/"']+/).filter(Boolean).pop() ?? "hook"}`, ids), point, matcher, handler: handler as ExternalHook["handler"], reason, ...(command ? { files: namedFiles(command, folder) } : {}) });
  };
  const ownId = (id: string) => (ids.has(id) ? uniqueId(id, ids) : (ids.add(id), id));

  for (const { file, map } of layout.events) {
    for (const [event, groups] of Object.entries(map)) {
      if (!Array.isArray(groups)) throw new BundleError("BAD_MANIFEST", `${file}: hooks.${event} must be a list of matcher groups ({ "matcher": …, "hooks": […] }).`);
      groups.forEach((group: unknown, g) => {
        const at = `${file}: hooks.${event}[${g}]`;
        if (!isObject(group) || !Array.isArray(group.hooks)) throw new BundleError("BAD_MANIFEST", `${at} must be { "matcher"?: string, "hooks": [ … ] }.`);
        if (group.matcher !== undefined && typeof group.matcher !== "string") throw new BundleError("BAD_MANIFEST", `${at}.matcher must be a string.`);
        const matcher = typeof group.matcher === "string" ? group.matcher : null;
        group.hooks.forEach((handler: unknown, h) => {
          const where = `${at}.hooks[${h}]`;
          if (!isObject(handler)) throw new BundleError("BAD_MANIFEST", `${where} must be an object like { "type": "command", "command": "…" }.`);
          if (handler.type !== "command" || typeof handler.command !== "string") {
            keepExternal(event, matcher, handler, `a ${String(handler.type ?? "typeless")} hook: Hookwright runs only command hooks`);
            return;
          }
          const command = handler.command;
          // Hookwright's recorder is an export option, not a hook: export again with "Add a recorder" to get it back.
          if (isCommandRecorder(command)) {
            recorders++;
            return;
          }
          const unmodelled = Object.keys(handler).filter((k) => !MODELLED_OPTIONS.has(k));
          if (!events.has(event) || unmodelled.length > 0) {
            const why = !events.has(event)
              ? `Hookwright's claude-code profile does not model the ${event} event`
              : `its ${unmodelled.map((k) => `"${k}"`).join(", ")} option${unmodelled.length === 1 ? " is" : "s are"} not modelled by Hookwright`;
            keepExternal(event, matcher, handler, why);
            return;
          }
          if (command.trim() === "") {
            keepExternal(event, matcher, handler, "its command is empty");
            return;
          }
          const script = commandScript(command, folder);
          if ("refused" in script) {
            keepExternal(event, matcher, handler, script.refused);
            return;
          }
          const timeoutMs = timeoutMsOf(handler, where, warnings);
          const common = {
            point: event,
            matcher,
            enabled: true,
            ...(timeoutMs !== undefined ? { timeoutMs } : {}),
            ...(handler.onFailure === "continue" ? { onFailure: "continue" as const } : handler.onFailure === "block" ? { onFailure: "block" as const } : {}),
          };
          const found = script.found;
          // A script Hookwright built for a function hook: the hook comes back as the TypeScript it was built from.
          const first = found?.content.split("\n")[0] ?? "";
          if (found && first.startsWith(SCRIPT_MARK)) {
            const built = parseMeta(first.slice(SCRIPT_MARK.length));
            const source = built ? files.get(`${base}${built.source}`) : undefined;
            if (built && typeof source === "string" && isPlainNodeRun(script)) {
              hooks.push({ ...common, id: ownId(built.id), name: built.name, code: source });
              usedSources = true;
              return;
            }
            warnings.push(
              built && typeof source === "string"
                ? `${found.path} was built by Hookwright, but ${where} runs it with another command (${command}); the built script itself is imported as a command hook.`
                : `${found.path} was built by Hookwright, but its source ${built ? `${base}${built.source}` : ""} is missing; the built script itself is imported as a command hook.`,
            );
          }
          if (!found && script.missing.length > 0) {
            warnings.push(`${where} runs ${script.missing.join(", ")}, which the imported ${layout.source} does not hold; the hook is imported as a one-liner (the command alone, no script), so a run finds no such file.`);
          }
          const known = commandMetas.findIndex((m) => m.point === event && m.command === command);
          const mine = known >= 0 ? commandMetas.splice(known, 1)[0] : undefined;
          const fileName = found ? (found.path.split("/").pop() ?? found.path).replace(/\.[^.]*$/, "") : "";
          const name = mine?.name ?? (found ? fileName : oneLinerName(command));
          hooks.push({
            ...common,
            id: mine ? ownId(mine.id) : uniqueId(found ? fileName : (command.trim().split(/[\s/]+/).find((w) => /[A-Za-z0-9]/.test(w)) ?? "command"), ids),
            name: name.slice(0, 120),
            code: found?.content ?? "",
            runtime: { kind: "command", language: commandLanguage(script), command, script: found ? { root: found.root, path: found.path } : null },
          });
        });
      });
    }
  }
  if (hooks.length === 0 && externals.length === 0) throw new BundleError("NO_HOOKS", `The ${layout.source}'s ${layout.events.map((e) => e.file).join(" and ") || "settings"} declare${layout.events.length === 1 ? "s" : ""} no hooks.`);
  if (recorders > 0) warnings.push(`Hookwright's recorder (on ${recorders} event${recorders === 1 ? "" : "s"}) is left out: it is an export option ("Add a recorder"), not a hook.`);
  if (usedSources) warnings.push(`Scripts Hookwright built are read from their TypeScript under ${SOURCE_DIR}/; edits made to the .mjs files themselves are not read.`);
  if (externals.length > 0) warnings.push(`${externals.length} hook${externals.length === 1 ? " is" : "s are"} kept as external (Hookwright lists but cannot run ${externals.length === 1 ? "it" : "them"}): ${externals.map((e) => `${e.point} ${e.id} (${e.reason})`).join("; ")}.`);

  // A Hookwright export's modules (its TypeScript under hookwright/, other than the hooks' sources and mirrored scripts).
  const modules = new Map<string, string>();
  if (usedSources || meta) {
    const sources = `${base}${SOURCE_DIR}/`;
    for (const [path, text] of files) {
      const rel = path.slice(sources.length);
      if (!path.startsWith(sources) || typeof text !== "string" || !path.endsWith(".ts") || rel.startsWith("hooks/") || Object.values(MIRROR_DIRS).some((d) => path.startsWith(`${base}${d}/`))) continue;
      modules.set(rel, text);
    }
  }
  const name = typeof meta?.name === "string" && meta.name !== "" ? meta.name : layout.name;
  const description = typeof meta?.description === "string" ? meta.description : layout.description;
  const parsed = parsePipeline({
    format: PIPELINE_FORMAT,
    name: name.slice(0, 200),
    description,
    profile: profile.id,
    hooks,
    modules: [...modules].map(([path, code]) => ({ path, code })),
    ...(externals.length > 0 ? { externalHooks: externals } : {}),
  } satisfies PipelineInput);
  if (!parsed.ok) throw new BundleError("INVALID_PIPELINE", `The hooks do not make a valid pipeline:\n${describeIssues(parsed.issues)}`);
  return { pipeline: parsed.value, warnings };
}

/** A one-liner's name: its command on one line, cut at 60 characters. */
function oneLinerName(command: string): string {
  const line = command.trim().replace(/\s+/g, " ");
  return line.length > 60 ? `${line.slice(0, 59)}…` : line;
}

function isCommandHookMeta(value: unknown): value is CommandHookMeta {
  return isObject(value) && typeof value.id === "string" && value.id !== "" && typeof value.name === "string" && value.name !== "" && typeof value.point === "string" && typeof value.command === "string";
}

/** Where a Hookwright export keeps hooks/ and hookwright/ (the root of a plugin, .claude/ of a project). */
function hooksBase(layout: Layout): string {
  return layout.source === "project" ? ".claude/" : "";
}

function parseMeta(text: string): ScriptMeta | null {
  try {
    const value: unknown = JSON.parse(text);
    if (isObject(value) && typeof value.id === "string" && typeof value.name === "string" && typeof value.source === "string") return { id: value.id, name: value.name, source: value.source };
  } catch {
    // Not Hookwright's mark after all: the script is converted like any other.
  }
  return null;
}
