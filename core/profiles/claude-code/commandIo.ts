import type { CommandIo, CommandIoField } from "../types";
import { typeBase, typeMembers } from "../typeMembers";
import { claudeCodeSharedTypes } from "./sharedTypes";

/**
 * What a Claude Code command hook reads on stdin and may answer on stdout, per event, for the
 * editor's stdin / stdout panels. Names and types come from the profile's shared types (the
 * declarations function hooks' IntelliSense shows, `<Event>HookInput` and
 * `<Event>HookSpecificOutput`); the docs are here, one per field name (semantics.md §3b–3c).
 */

const stdinDocs: Record<string, string> = {
  session_id: "The session's id.",
  transcript_path: "Path of the session's transcript (JSON Lines).",
  cwd: "The working directory when the hook is called (the project folder).",
  prompt_id: "The id of the prompt this turn answers.",
  permission_mode: "The permission mode: default, acceptEdits, bypassPermissions, plan, …",
  agent_id: "Present only inside a subagent: its id.",
  agent_type: "The subagent's type (inside a subagent, or the one starting/stopping).",
  effort: "The reasoning effort level, when set.",
  hook_event_name: "The event's name, as settings.json keys it.",
  source: "What started the session (SessionStart) or the prompt (UserPromptSubmit); a SessionStart matcher tests it.",
  model: "The model the session uses.",
  prompt: "The prompt the user submitted.",
  session_title: "The session's title, when it has one.",
  tool_name: "The tool's name (Bash, Edit, mcp__server__tool, …); the matcher tests it.",
  tool_input: "The tool call's input, as the model wrote it (Bash: { command, description? }).",
  tool_use_id: "The tool call's id.",
  mcp_server: "For an MCP tool: the server it belongs to.",
  permission_suggestions: "The \"always allow\" updates the dialog would offer; return them as updatedPermissions to apply them.",
  tool_response: "What the tool returned (its own shape; Bash: { stdout, stderr, interrupted, isImage }).",
  duration_ms: "How long the tool ran.",
  error: "The error text.",
  is_interrupt: "Whether the tool was interrupted by the user.",
  tool_calls: "Every tool call of the batch, with its input and response.",
  message: "The notification's text.",
  title: "The notification's title.",
  notification_type: "Which notification (idle_prompt, permission_prompt, …); the matcher tests it.",
  stop_hook_active: "true when a Stop hook already sent Claude back this turn: let it stop now, or the loop runs to the host's cap.",
  last_assistant_message: "The text of Claude's last answer.",
  error_details: "More about the API error, when there is any.",
  agent_transcript_path: "Path of the subagent's own transcript.",
  trigger: "manual (/compact) or auto (the context was full); the matcher tests it.",
  custom_instructions: "What the user typed after /compact (null for auto).",
  compact_summary: "The summary the history was compacted into.",
  reason: "Why the session ended (clear, resume, logout, prompt_input_exit, other); the matcher tests it.",
};

const stdoutDocs: Record<string, string> = {
  continue: "false stops Claude after this event (stopReason says why to the user).",
  suppressOutput: "Hide the hook's stdout from the transcript.",
  stopReason: "Shown to the user when continue is false.",
  decision: '"block" blocks with `reason` (a Stop/SubagentStop block sends Claude back; a PostToolUse block feeds the reason to Claude); "approve" allows (legacy).',
  systemMessage: "A warning shown to the user.",
  reason: "Why: the text Claude gets with a block.",
  terminalSequence: "Terminal escape sequence to emit (ignored by Hookwright).",
  hookSpecificOutput: "This event's own answer; its hookEventName must name this event, or the host ignores it.",
  "hookSpecificOutput.hookEventName": "This event's name, exactly.",
  "hookSpecificOutput.permissionDecision": "allow (skip the prompt), deny (block with the reason), ask (a person decides) or defer; the strictest of all hooks wins.",
  "hookSpecificOutput.permissionDecisionReason": "Why: sent to Claude with a deny, shown to the person with an ask.",
  "hookSpecificOutput.updatedInput": "Replaces the tool's input (the last hook to complete wins).",
  "hookSpecificOutput.additionalContext": "Text added for Claude (every hook's is delivered).",
  "hookSpecificOutput.sessionTitle": "Sets the session's title (recorded, not acted on).",
  "hookSpecificOutput.suppressOriginalPrompt": "Drops the user's prompt from the transcript (recorded, not acted on).",
  "hookSpecificOutput.initialUserMessage": "A first user message for the session.",
  "hookSpecificOutput.watchPaths": "Paths the host watches for the session.",
  "hookSpecificOutput.reloadSkills": "Reload the skills.",
  "hookSpecificOutput.updatedToolOutput": "Replaces the tool's output Claude sees, in the tool's own shape (a bare string is ignored for Bash).",
  "hookSpecificOutput.updatedMCPToolOutput": "Replaces an MCP tool's output.",
  "hookSpecificOutput.classifierContext": "Context for the host's permission classifier.",
  "hookSpecificOutput.decision": '{ behavior: "allow", updatedInput?, updatedPermissions? } answers the permission prompt; { behavior: "deny", message?, interrupt? } refuses it.',
};

/** What exit 2 (stderr as the reason) does on each event; events not named: stderr is shown to the user only. */
const exitTwo: Record<string, string> = {
  PreToolUse: "blocks the tool call; stderr is the reason Claude gets.",
  PermissionRequest: "denies the permission; stderr is the reason Claude gets.",
  UserPromptSubmit: "blocks the prompt (no model call); stderr is shown to the user.",
  PostToolUse: "the tool already ran: stderr is fed to Claude as a blocking error.",
  PostToolUseFailure: "stderr is fed to Claude.",
  PostToolBatch: "stderr is fed to Claude.",
  Stop: "Claude does not stop: stderr is fed back as the reason to go on (stop_hook_active is true next time).",
  SubagentStop: "the subagent does not stop: stderr is fed back to it.",
  PreCompact: "blocks the compaction.",
};

const field = (docs: Record<string, string>, prefix = "") => (m: { name: string; type: string; optional: boolean }): CommandIoField => ({
  name: `${prefix}${m.name}`,
  type: m.type,
  optional: m.optional,
  doc: docs[`${prefix}${m.name}`] ?? "",
});

/**
 * @returns the stdin fields, stdout fields and exit codes of a command hook on `event`; null for
 *   an event the profile does not declare.
 */
export function claudeCodeCommandIo(event: string): CommandIo | null {
  const types = claudeCodeSharedTypes;
  const own = typeMembers(types, `${event}HookInput`);
  if (!own) return null;
  const base = typeBase(types, `${event}HookInput`);
  const stdin = [...(base ? (typeMembers(types, base) ?? []) : []), ...own].map(field(stdinDocs));
  const common = (typeMembers(types, "HookJSONOutput") ?? []).map(field(stdoutDocs));
  const specific = typeMembers(types, `${event}HookSpecificOutput`);
  const stdout = specific
    ? common.flatMap((f) => (f.name === "hookSpecificOutput" ? [{ ...f, type: `${event}HookSpecificOutput` }, ...specific.map(field(stdoutDocs, "hookSpecificOutput."))] : [f]))
    : common.filter((f) => f.name !== "hookSpecificOutput");
  return {
    stdin,
    stdout,
    exitCodes: [
      { code: "0", meaning: "stdout is read as the JSON answer (plain text: added as context on UserPromptSubmit and SessionStart, else only shown in the transcript)." },
      { code: "2", meaning: exitTwo[event] ?? "stderr is shown to the user; nothing is blocked." },
      { code: "other", meaning: "a non-blocking error: reported, the action goes on (unless the hook's onFailure is block)." },
    ],
  };
}
