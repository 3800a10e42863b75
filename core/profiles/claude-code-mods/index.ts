import { claudeCodeProfile } from "../claude-code";
import type { Profile } from "../types";
import { FilterSyntaxError, matchesFilter, parseFilterSource } from "./filter";
import { modsEdges, modsGroups, modsNodes } from "./graph";
import { MODS_TYPES_MODULE, modsPoints } from "./points";
import { modsSharedTypes } from "./sharedTypes";

export { MODS_EDGES } from "./graph";

/** A filter's source as the engine reads it; a filter that cannot be read matches nothing. */
function matchHook(matcher: string, context: Parameters<typeof matchesFilter>[1]): boolean {
  try {
    return matchesFilter(parseFilterSource(matcher), context);
  } catch {
    return false;
  }
}

/** Claude Code mods (2.1.330): in-process middleware hooks, docs/claude-code-mods.md. */
export const claudeCodeModsProfile: Profile = {
  id: "claude-code-mods",
  name: "Claude Code mods",
  description:
    "Claude Code mods (plugins → mods): in-process TypeScript middleware registered with on(event, filter, async ($, e, next) => …). Each hook gets a frozen event and passes it on with next(e), rewrites it, or answers without next; mods nest first outermost, classic.PreToolUse runs inside tool.call's next, and the tool inside both. A hook that throws is skipped (fail-open).",
  source: "docs/claude-code-mods.md (the engine 2.1.330 run offline with --plugin-dir; code.claude.com/docs/en/plugins/mods)",
  nodes: modsNodes,
  edges: modsEdges,
  points: modsPoints,
  sharedTypes: modsSharedTypes,
  typesModule: MODS_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "error", "max_model_calls", "max_tool_calls", "script_exhausted", "prompt_blocked", "stop_hook_cap", "stopped_by_hook", "tool_deferred"],
  groups: modsGroups,
  matcherShape: "filter",
  matchHook,
  checkMatcher: (matcher) => {
    if (Array.isArray(matcher)) return "a mod's filter is one object: { tool: \"Bash\", command: /rm -rf/ }";
    if (matcher.trim() === "") return null;
    try {
      parseFilterSource(matcher);
      return null;
    } catch (error) {
      return error instanceof FilterSyntaxError ? error.message : String(error);
    }
  },
  // Mods are functions (their points say so); the settings.json hooks beside them are commands or functions, run as Claude Code runs them.
  runtimes: ["function", "command"],
  commandProtocol: claudeCodeProfile.commandProtocol,
  commandAuthoring: claudeCodeProfile.commandAuthoring,
  hookCommands: (pipeline) => claudeCodeProfile.hookCommands?.(pipeline) ?? new Map(),
};
