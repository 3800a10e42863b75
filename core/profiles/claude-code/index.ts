import { exportedHooks, pluginHookCommand } from "../../bundles/exportClaudeCodeLayout";
import { checkPattern } from "../../engine/matchPattern";
import type { Profile } from "../types";
import { claudeCodeEdges, claudeCodeGroups, claudeCodeNodes } from "./graph";
import { claudeCodeHostPayload } from "./hostPayload";
import { claudeCodeCommandIo } from "./commandIo";
import { claudeCodeCommandLine, claudeCodeCommandTemplate, claudeCodeScriptLocation } from "./commandTemplates";
import { CLAUDE_PLUGIN_ROOT, CLAUDE_PROJECT_DIR } from "./binding";
import { CLAUDE_CODE_TYPES_MODULE, claudeCodePoints } from "./points";
import { claudeCodeSharedTypes } from "./sharedTypes";

export { CLAUDE_CODE_EDGES } from "./graph";

/** Claude Code / Agent SDK hooks (seed 004, @anthropic-ai/claude-agent-sdk 0.3.330): parallel hooks whose JSON outputs the CLI folds. */
export const claudeCodeProfile: Profile = {
  id: "claude-code",
  name: "Claude Code hooks",
  description:
    "Claude Code / Agent SDK hooks: callbacks `async (input) => output` on snake_case JSON inputs, selected by a matcher (tool name, source, trigger …), all matching hooks run in parallel on the original input; PreToolUse folds to the strictest decision (deny > defer > ask > allow), every additionalContext is delivered, the last hook to complete wins a rewrite; Stop can keep the loop going.",
  source: "seed 004 (an R mirror of Claude Code's hook events); semantics.md §3 (@anthropic-ai/claude-agent-sdk 0.3.330, Claude Code 2.1.330)",
  nodes: claudeCodeNodes,
  edges: claudeCodeEdges,
  points: claudeCodePoints,
  sharedTypes: claudeCodeSharedTypes,
  typesModule: CLAUDE_CODE_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "prompt_blocked", "stopped_by_hook", "tool_deferred", "stop_hook_cap", "error", "max_model_calls", "max_tool_calls", "script_exhausted", "hook_error"],
  groups: claudeCodeGroups,
  matcherShape: "pattern",
  matcherGroups: { doc: "As in settings.json and a plugin's hooks/hooks.json: one { matcher, hooks } group per matcher; every hook of every group that matches runs, in parallel." },
  // A command hook is named by its own command; a function hook by the one its plugin export runs (semantics.md §3d).
  hookCommands: (pipeline) => new Map(exportedHooks(pipeline, claudeCodeProfile, []).map(({ hook, file }) => [hook.id, hook.runtime?.kind === "command" ? hook.runtime.command : pluginHookCommand(file)])),
  runtimes: ["function", "command"],
  commandProtocol: {
    stdinField: "input",
    projectDir: CLAUDE_PROJECT_DIR,
    pluginRoot: CLAUDE_PLUGIN_ROOT,
    env: { CLAUDE_PROJECT_DIR, CLAUDE_PLUGIN_ROOT, CLAUDE_CODE_ENTRYPOINT: "sdk-ts" },
    blockingExitCode: 2,
    // "stdout is added as context" for these two events; elsewhere plain stdout only reaches the transcript (semantics.md §3c).
    plainStdoutIsContext: ["UserPromptSubmit", "SessionStart"],
    // This CLI build passes 600 000 ms when a hook sets no timeout (semantics.md §3c "Timeouts").
    defaultTimeoutMs: 600_000,
    dedupeIdenticalCommands: true,
  },
  commandAuthoring: {
    template: claudeCodeCommandTemplate,
    scriptLocation: claudeCodeScriptLocation,
    commandLine: claudeCodeCommandLine,
    io: claudeCodeCommandIo,
  },
  checkMatcher: (matcher) => (Array.isArray(matcher) ? "a Claude Code matcher is one string: a tool name, Edit|Write, a regex or *" : checkPattern(matcher)),
  hostPayload: claudeCodeHostPayload,
};
