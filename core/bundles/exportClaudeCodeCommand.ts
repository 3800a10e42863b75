import type { ScriptLocation } from "../pipeline/runtimeSchema";
import { BundleError } from "./errors";
import type { ExportedCommand } from "./exportClaudeCodeLayout";
import type { CommandHookMeta } from "./exportClaudeCodeScript";
import { MIRROR_DIRS } from "./importClaudeCodeCommand";

/**
 * Command hooks (runtime `command`) as Claude Code runs them: the command exactly as it was, the
 * script byte for byte at the path the command finds it, executable. A plugin can ship only files
 * of its own root and settings only files of the project, so a script of the other root (a
 * project's `.claude/hooks/x.py` in a plugin, a plugin's `hooks/fmt.sh` in settings) is written
 * under `hookwright/project/` or `hookwright/plugin/` with a warning, the command unchanged: the
 * export stays faithful, import finds the script there, and the user copies it where it belongs.
 */

/** What an export target ships: its own root, and where it keeps hookwright/ (its mirror of the other root). */
export interface CommandTarget {
  root: ScriptLocation["root"];
  /** "" for a plugin, ".claude/" for settings. */
  base: string;
  /** The export, in the warnings' words ("a plugin", "settings"). */
  what: string;
}

/** A script written outside its root: the hook, where it is in the export, and where it belongs. */
export interface MirroredScript {
  hook: string;
  at: string;
  belongs: string;
}

/** Where the export holds a command hook's script. */
export function scriptPathIn(target: CommandTarget, script: ScriptLocation): string {
  return script.root === target.root ? script.path : `${target.base}${MIRROR_DIRS[script.root]}/${script.path}`;
}

/**
 * Writes each command hook's script into `files` (marked in `executables`), after every file the
 * export generates, and returns the scripts written outside their root, after warning about them.
 *
 * @throws {BundleError} PATH_COLLISION when a script would overwrite another file with other content
 *   (a generated file, or another hook's script at the same path), naming both.
 */
export function addCommandScripts(files: Map<string, string>, executables: Set<string>, commands: readonly ExportedCommand[], target: CommandTarget, warnings: string[]): MirroredScript[] {
  const owners = new Map<string, string>();
  const mirrored: MirroredScript[] = [];
  for (const { hook, runtime } of commands) {
    const variable = target.root === "project" && /\$\{?CLAUDE_PLUGIN_ROOT\b/.test(runtime.command);
    if (!runtime.script) {
      if (variable) warnings.push(`Hook "${hook.name}" uses \${CLAUDE_PLUGIN_ROOT}, which ${target.what} hooks do not have; export as a plugin to keep it working.`);
      continue;
    }
    const at = scriptPathIn(target, runtime.script);
    const existing = files.get(at);
    if (existing !== undefined && existing !== hook.code) {
      const other = owners.get(at);
      throw new BundleError("PATH_COLLISION", `Hook "${hook.name}" runs ${at}, which ${other ? `hook "${other}" also runs with other content` : "Hookwright also writes for the export"}; give one of them another path.`);
    }
    files.set(at, hook.code);
    executables.add(at);
    if (!owners.has(at)) owners.set(at, hook.name);
    if (runtime.script.root === target.root || mirrored.some((m) => m.at === at)) continue;
    mirrored.push({ hook: hook.name, at, belongs: runtime.script.path });
    warnings.push(
      runtime.script.root === "project"
        ? `Hook "${hook.name}" runs ${runtime.script.path} of the user's project, which ${target.what} cannot install; it is written to ${at}, the command kept as it is: copy it to ${runtime.script.path} in the project (or export as settings).`
        : `Hook "${hook.name}" runs ${runtime.script.path} of its plugin through \${CLAUDE_PLUGIN_ROOT}, which ${target.what} hooks do not have; it is written to ${at}, the command kept as it is: export as a plugin to keep it working.`,
    );
  }
  return mirrored;
}

/** The command hooks' ids and names, for pipeline.json (import gives them back). */
export function commandHookMetas(commands: readonly ExportedCommand[]): CommandHookMeta[] {
  return commands.map(({ hook, runtime }) => ({ id: hook.id, name: hook.name, point: hook.point, command: runtime.command }));
}
