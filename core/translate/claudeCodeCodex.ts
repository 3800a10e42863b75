import type { HostTranslation, ModelToolMapping } from "./types";

/*
 * Claude Code ↔ Codex CLI. Facts from ../shared/reference/codex.md §7 (the real Codex 0.169.0 and
 * Claude Code 2.1.330, both run offline), docs/codex.md and docs/claude-code.md; the notes say them
 * the way a hook author needs them.
 */

const CC = "Claude Code";
const CODEX = "Codex";

/** Claude Code's Bash tool is Codex's exec_command; hooks on both see `Bash {command}`. */
const bashToExec: ModelToolMapping = {
  name: "exec_command",
  input: ({ command, description: _description, timeout: _timeout, ...rest }) => ({ cmd: command ?? "", ...rest }),
  inputSchema: { type: "object", properties: { cmd: { type: "string" }, workdir: { type: "string" } }, required: ["cmd"] },
};
const execToBash: ModelToolMapping = {
  name: "Bash",
  input: ({ cmd, workdir: _workdir, ...rest }) => ({ command: cmd ?? "", ...rest }),
  inputSchema: { type: "object", properties: { command: { type: "string" }, description: { type: "string" } }, required: ["command"] },
};

/** Claude Code's project folder variable: Codex sets none, and runs hooks in the project (codex.md §4). */
const PROJECT_DIR = /"?\$\{?CLAUDE_PROJECT_DIR\}?"?/g;
const CODEX_PROJECT_DIR = '"$(git rev-parse --show-toplevel 2>/dev/null || pwd)"';

/** A deny that says why: a permissionDecisionReason or reason field, or exit 2 with a message on stderr. */
const REASON = /permissionDecisionReason|\breason["']?\s*:|>&2|stderr|sys\.stderr|console\.error/;

const NO_EVENT = (event: string) => ({ none: `${CODEX} 0.169.0 has no ${event} event: the hook would never run there` });

export const claudeCodeToCodex: HostTranslation = {
  from: "claude-code",
  to: "codex",
  fromName: CC,
  toName: CODEX,
  events: {
    SessionStart: "SessionStart",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    PreCompact: "PreCompact",
    PostCompact: "PostCompact",
    Stop: "Stop",
    PermissionRequest: { none: `${CODEX} has a PermissionRequest event, but it fires only when Codex asks for approval, which Hookwright does not model for Codex (codex.md §5): not exported` },
    PostToolUseFailure: NO_EVENT("PostToolUseFailure"),
    PostToolBatch: NO_EVENT("PostToolBatch"),
    Notification: NO_EVENT("Notification"),
    StopFailure: NO_EVENT("StopFailure"),
    SubagentStart: NO_EVENT("SubagentStart"),
    SubagentStop: NO_EVENT("SubagentStop"),
    SessionEnd: NO_EVENT("SessionEnd"),
  },
  hookTools: {
    Bash: ["Bash"],
    Edit: ["apply_patch"],
    Write: ["apply_patch"],
    MultiEdit: ["apply_patch"],
    NotebookEdit: [],
    Read: [],
    Glob: [],
    Grep: [],
    LS: [],
    WebFetch: [],
    WebSearch: [],
    Task: [],
    Agent: [],
    TodoWrite: [],
  },
  toolNameNotes: [{ pattern: /mcp__/, text: `an MCP tool; ${CODEX} 0.169.0 was not observed running hooks for MCP tools (codex.md verifies its shell only): check the name ${CODEX} reports before relying on it` }],
  modelTools: { Bash: bashToExec },
  command: (command) => {
    if (!PROJECT_DIR.test(command)) return null;
    return { command: command.replace(PROJECT_DIR, CODEX_PROJECT_DIR), note: `$CLAUDE_PROJECT_DIR (which ${CODEX} does not set) became the repository's top folder, where ${CODEX} runs hooks` };
  },
  behaviours: [
    { event: "PreToolUse", when: /deny|block|exit\s*2|exit\(2\)/, text: `a deny reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <command>" (${CC}: "PreToolUse:Bash hook error: <reason>")` },
    { event: "PreToolUse", when: /deny|block|exit\s*2|exit\(2\)/, unless: REASON, text: `a deny without a reason: ${CODEX} lets the command run (${CC} blocks it)` },
    { event: "PreToolUse", when: /deny|block|exit\s*2|exit\(2\)/, several: true, text: `beside another hook's deny, ${CODEX} gives the model the reason of the first hook in config order (${CC}: the last to finish)` },
    { event: "PreToolUse", when: /["']ask["']/, text: `"ask": ${CODEX} does not support it and runs the command (${CC} asks, and without anyone to ask, denies)` },
    { event: "PreToolUse", when: /updatedInput/, unless: /permissionDecision["']?\s*:\s*["']allow["']/, text: `updatedInput applies only with permissionDecision "allow" in ${CODEX}: without it the command runs unchanged` },
    { event: "PreToolUse", when: /continue["']?\s*:\s*false/, text: `continue: false is ignored by ${CODEX} on PreToolUse (${CC} ends the run after the tool)` },
    { event: "PreToolUse", when: /additionalContext/, text: `each hook's additionalContext reaches the model as its own message, in config order (${CC}: one message, in finishing order)` },
    { event: "PostToolUse", when: /block|exit\s*2|exit\(2\)/, text: `a block replaces the tool's output with the reason in ${CODEX} (${CC} keeps the output and adds the reason)` },
    { event: "PostToolUse", when: /continue["']?\s*:\s*false/, text: `continue: false replaces the output with stopReason and the run goes on in ${CODEX} (${CC} ends the run)` },
    { event: "Stop", when: /block|exit\s*2|exit\(2\)/, text: `Stop hook: ${CODEX} has no cap on re-prompts (${CC} stops after 9 blocks in a row); the reason reaches the model inside <hook_prompt> instead of "Stop hook feedback:"` },
    { event: "UserPromptSubmit", when: /block|exit\s*2|exit\(2\)/, text: `a blocked prompt ends the turn silently in ${CODEX} (${CC} shows the reason)` },
    { event: "PreToolUse", when: null, beyondTools: ["Bash"], text: `${CODEX} runs hooks for its shell (exec_command, seen as Bash); hooks on its other tools were not verified against ${CODEX} 0.169.0` },
  ],
};

export const codexToClaudeCode: HostTranslation = {
  from: "codex",
  to: "claude-code",
  fromName: CODEX,
  toName: CC,
  events: {
    SessionStart: "SessionStart",
    UserPromptSubmit: "UserPromptSubmit",
    PreToolUse: "PreToolUse",
    PostToolUse: "PostToolUse",
    PreCompact: "PreCompact",
    PostCompact: "PostCompact",
    Stop: "Stop",
  },
  hookTools: { Bash: ["Bash"], apply_patch: ["Edit", "Write", "MultiEdit"] },
  toolNameNotes: [{ pattern: /mcp__/, text: `an MCP tool: ${CC} names them mcp__<server>__<tool>; check that the name matches` }],
  modelTools: { exec_command: execToBash },
  behaviours: [
    { event: "PreToolUse", when: /deny|block|exit\s*2|exit\(2\)/, text: `a deny reaches the model as "PreToolUse:Bash hook error: <reason>" (${CODEX}: "Command blocked by PreToolUse hook: …")` },
    { event: "PreToolUse", when: /deny|block|exit\s*2|exit\(2\)/, unless: REASON, text: `a deny without a reason blocks in ${CC} (${CODEX} let the command run)` },
    { event: "PreToolUse", when: /deny|block|exit\s*2|exit\(2\)/, several: true, text: `beside another hook's deny, ${CC} gives the reason of the last hook to finish (${CODEX}: the first in config order)` },
    { event: "PreToolUse", when: /["']ask["']/, text: `"ask" asks a person in ${CC}, and denies when no one can answer (${CODEX} ran the command)` },
    { event: "PreToolUse", when: /updatedInput/, text: `updatedInput applies in ${CC} without permissionDecision "allow" too` },
    { event: "PreToolUse", when: /continue["']?\s*:\s*false/, text: `continue: false ends the run after the tool in ${CC} (${CODEX} ignored it)` },
    { event: "PostToolUse", when: /block|exit\s*2|exit\(2\)/, text: `a block keeps the tool's output and adds the reason in ${CC} (${CODEX} replaced the output)` },
    { event: "Stop", when: /block|exit\s*2|exit\(2\)/, text: `Stop hook: ${CC} stops re-prompting after 9 blocks in a row (${CODEX} has no cap)` },
    { event: "UserPromptSubmit", when: /block|exit\s*2|exit\(2\)/, text: `a blocked prompt's reason is shown in ${CC} (${CODEX} ended the turn silently)` },
  ],
};
