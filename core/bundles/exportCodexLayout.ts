import type { ExternalHook, Hook, Pipeline } from "../pipeline/schema";
import type { Profile } from "../profiles/types";
import type { ExportedHook } from "./exportClaudeCodeLayout";
import { kebabCase } from "./names";

/**
 * What every Codex export shares (../shared/reference/codex.md §4; X:codex-rs/config/src/hook_config.rs):
 * which hooks leave Hookwright, the file name each function hook's script gets, and the event →
 * matcher groups map that `hooks.json`, a plugin's `hooks/hooks.json` and the `[hooks]` tables of
 * config.toml all hold. Pure and deterministic.
 */

/**
 * Codex's own event order (`HookEventsToml::into_matcher_groups`): Codex numbers handlers in this
 * order (fact 32), so the files list events in it too. PermissionRequest is not a point of the
 * profile; external hooks may still carry it.
 */
export const CODEX_EVENT_ORDER: readonly string[] = ["PreToolUse", "PermissionRequest", "PostToolUse", "PreCompact", "PostCompact", "SessionStart", "UserPromptSubmit", "Stop"];

/** A handler as Codex's files hold it: `{ type: "command", command, timeout? }` (or an external hook's, unchanged). */
export type CodexHandler = Record<string, unknown>;

/** One matcher group: `{ matcher?, hooks: [handler, …] }`. */
export interface CodexGroup {
  matcher?: string;
  hooks: CodexHandler[];
}

export type CodexHooksMap = Record<string, CodexGroup[]>;

/**
 * The enabled hooks on the profile's events, in pipeline order, each function hook with a distinct
 * file name from its name (its id when the name has no letters or digits; `-2`, `-3` … on a clash).
 * Disabled hooks are left out: Codex's files have no "disabled" flag of their own (only the trust
 * state in config.toml, which the user writes), so a disabled hook is simply not there.
 */
export function codexExportedHooks(pipeline: Pipeline, profile: Profile, warnings: string[]): ExportedHook[] {
  const points = new Map(profile.points.map((p) => [p.id, p]));
  const used = new Set<string>();
  const out: ExportedHook[] = [];
  for (const hook of pipeline.hooks) {
    if (!hook.enabled) continue;
    const point = points.get(hook.point);
    if (!point) {
      warnings.push(`Hook "${hook.name}" is on "${hook.point}", which is not a Codex event of this profile; it is left out.`);
      continue;
    }
    if (hook.matcher !== null && !point.hasMatcher) warnings.push(`Hook "${hook.name}": Codex ignores a matcher on ${hook.point} (every ${hook.point} hook runs); it is written as it is.`);
    // A list of names is written as Codex's own `A|B`, so the joined text is what Codex reads.
    const matcher = matcherText(hook.matcher);
    const problem = matcher !== null && point.hasMatcher ? profile.checkMatcher?.(matcher) : null;
    if (problem) warnings.push(`Hook "${hook.name}": Codex will not match its matcher as written: ${problem}`);
    if (hook.onFailure !== undefined) warnings.push(`Hook "${hook.name}" sets onFailure "${hook.onFailure}", which Codex does not have: a Codex hook that crashes or times out never blocks.`);
    if (hook.timeoutMs !== undefined && hook.timeoutMs % 1000 !== 0) {
      warnings.push(`Hook "${hook.name}": Codex's timeout is whole seconds; ${hook.timeoutMs / 1000} s is written as ${timeoutSeconds(hook.timeoutMs)}.`);
    }
    if (hook.runtime?.kind === "command") {
      if (/\$\{?CLAUDE_PROJECT_DIR\b/.test(hook.runtime.command)) {
        warnings.push(`Hook "${hook.name}" uses $CLAUDE_PROJECT_DIR, which Codex does not set (it runs hook commands in the session's folder); write the path relative to the project, or as "$(git rev-parse --show-toplevel)/…".`);
      }
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

/** Codex reads `timeout` as whole seconds (a u64, at least 1): a part of a second is rounded up. */
export function timeoutSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

function handlerOf(hook: Hook, command: string): CodexHandler {
  return { type: "command", command, ...(hook.timeoutMs !== undefined ? { timeout: timeoutSeconds(hook.timeoutMs) } : {}) };
}

function matcherText(matcher: Hook["matcher"]): string | null {
  return matcher === null ? null : Array.isArray(matcher) ? matcher.join("|") : matcher;
}

/**
 * Each event's matcher groups: events in Codex's order (then events only external hooks use, as
 * they come); within an event the hooks in pipeline order, a new group each time the matcher
 * changes. Codex folds blocks and contexts in config order (facts 10, 16), so merging two groups
 * of the same matcher that another group separates would reorder the hooks; consecutive hooks of
 * one matcher share a group. External hooks follow the pipeline's hooks of their event, unchanged.
 */
export function codexHooksMap(hooks: readonly ExportedHook[], externals: readonly ExternalHook[], command: (file: string) => string): CodexHooksMap {
  const entries = [
    ...hooks.map(({ hook, file }) => ({ point: hook.point, matcher: matcherText(hook.matcher), handler: handlerOf(hook, hook.runtime?.kind === "command" ? hook.runtime.command : command(file)) })),
    ...externals.map((e) => ({ point: e.point, matcher: e.matcher, handler: e.handler as CodexHandler })),
  ];
  const map: CodexHooksMap = {};
  for (const point of [...CODEX_EVENT_ORDER, ...entries.map((e) => e.point)]) {
    if (map[point] !== undefined) continue;
    const groups: CodexGroup[] = [];
    let last: { matcher: string | null; group: CodexGroup } | null = null;
    for (const e of entries) {
      if (e.point !== point) continue;
      if (!last || last.matcher !== e.matcher) {
        const group: CodexGroup = e.matcher === null ? { hooks: [] } : { matcher: e.matcher, hooks: [] };
        groups.push(group);
        last = { matcher: e.matcher, group };
      }
      last.group.hooks.push(e.handler);
    }
    if (groups.length > 0) map[point] = groups;
  }
  return map;
}

/** Under the hook sources' folder: the pipeline's name and description, and the command hooks' ids and names. */
export function codexPipelineMeta(pipeline: Pipeline, commandHooks: readonly { id: string; name: string; point: string; command: string }[]): string {
  const meta = { format: "hookwright.codex/v1", name: pipeline.name, description: pipeline.description, ...(commandHooks.length > 0 ? { commandHooks } : {}) };
  return `${JSON.stringify(meta, null, 2)}\n`;
}
