import { checkPattern } from "../../engine/matchPattern";
import { claudeCodeCommandIo } from "../claude-code/commandIo";
import { claudeCodeCommandTemplate, commandLineWith, scriptLocationIn } from "../claude-code/commandTemplates";
import type { Profile } from "../types";
import { CODEX_HOME, CODEX_PROJECT_DIR } from "./binding";
import { codexEdges, codexGroups, codexNodes } from "./graph";
import { codexHostPayload } from "./hostPayload";
import { CODEX_DEFAULT_TIMEOUT_MS, CODEX_TYPES_MODULE, codexPoints } from "./points";
import { codexSharedTypes } from "./sharedTypes";

export { CODEX_EDGES } from "./graph";

/** Codex CLI 0.169.0 hooks (../shared/reference/codex.md): Claude Code's shape, Codex's fold. */
export const codexProfile: Profile = {
  id: "codex",
  name: "Codex CLI hooks",
  description:
    "Codex CLI hooks (hooks.json / [hooks] in config.toml): commands reading snake_case JSON on stdin, grouped by matcher, all matching hooks started together. A block needs a reason (without one the command runs); two blocks give the first hook's reason in config order; a rewrite needs permissionDecision \"allow\" and the last to complete wins; PostToolUse block replaces the output; Stop blocks have no cap; a UserPromptSubmit block is silent.",
  source: "../shared/reference/codex.md (Codex CLI 0.169.0 run offline; X:openai/codex codex-rs/hooks)",
  nodes: codexNodes,
  edges: codexEdges,
  points: codexPoints,
  sharedTypes: codexSharedTypes,
  typesModule: CODEX_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "prompt_blocked", "error", "max_model_calls", "max_tool_calls", "script_exhausted", "hook_error"],
  groups: codexGroups,
  matcherShape: "pattern",
  matcherGroups: { doc: "As in .codex/hooks.json and [hooks] tables: one { matcher, hooks } group per matcher; every hook of every group that matches starts at once." },
  runtimes: ["function", "command"],
  commandProtocol: {
    stdinField: "input",
    projectDir: CODEX_PROJECT_DIR,
    // Plugins' hooks/hooks.json; Codex sets no plugin-root variable that codex.md verified.
    pluginRoot: `${CODEX_HOME}/plugins/hookwright`,
    // Codex sets no project-folder variable; it writes a plugin's root into its hook commands as ${PLUGIN_ROOT} (core/bundles/exportCodex.ts), which the variable reproduces under sh.
    env: { CODEX_HOME, PLUGIN_ROOT: `${CODEX_HOME}/plugins/hookwright` },
    blockingExitCode: 2,
    // Plain stdout becomes a developer message on UserPromptSubmit (fact 26) and is ignored on Pre/PostToolUse (fact 36).
    plainStdoutIsContext: ["UserPromptSubmit"],
    // `timeout` in seconds, default 600 (codex.md §4).
    defaultTimeoutMs: CODEX_DEFAULT_TIMEOUT_MS,
    dedupeIdenticalCommands: false,
  },
  commandAuthoring: {
    template: claudeCodeCommandTemplate,
    scriptLocation: scriptLocationIn(".codex/hooks"),
    // Codex sets no project-folder variable and runs hooks in the session's folder (the exporter's reading, core/bundles/exportCodex.ts).
    commandLine: commandLineWith({ project: "$(git rev-parse --show-toplevel 2>/dev/null || pwd)", plugin: "${PLUGIN_ROOT}" }),
    io: claudeCodeCommandIo,
  },
  checkMatcher: (matcher) => (Array.isArray(matcher) ? "a Codex matcher is one string: a tool name, Bash|apply_patch, a regex or *" : checkPattern(matcher)),
  hostPayload: codexHostPayload,
};
