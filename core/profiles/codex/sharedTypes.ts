/**
 * Declarations of Codex CLI's hook payloads as Hookwright's editor sees them: the stdin JSON of
 * each event as observed from Codex 0.169.0 (../shared/reference/codex.md §5), checked against
 * Codex's generated schemas (X:codex-rs/hooks/schema/generated/<event>.command.input.schema.json,
 * stored snapshot of main), and the outputs its parser reads (§6;
 * X:codex-rs/hooks/src/engine/output_parser.rs). Each event's output names its own `hookEventName`.
 */
export const codexSharedTypes = `export type BaseHookInput = {
  session_id: string; transcript_path: string | null; cwd: string; model: string;
  /** "bypassPermissions" under approval never + danger-full-access. */
  permission_mode: "default" | "acceptEdits" | "plan" | "dontAsk" | "bypassPermissions";
};
export type TurnHookInput = BaseHookInput & { turn_id: string };
export type SessionStartHookInput = BaseHookInput & { hook_event_name: "SessionStart"; source: "startup" | "resume" | "clear" };
export type UserPromptSubmitHookInput = TurnHookInput & { hook_event_name: "UserPromptSubmit"; prompt: string };
/** The shell tool (exec_command) is seen as tool_name "Bash" with tool_input { command }. */
export type PreToolUseHookInput = TurnHookInput & { hook_event_name: "PreToolUse"; tool_name: string; tool_input: unknown; tool_use_id: string };
export type PostToolUseHookInput = TurnHookInput & { hook_event_name: "PostToolUse"; tool_name: string; tool_input: unknown; tool_use_id: string; tool_response: unknown };
export type StopHookInput = TurnHookInput & { hook_event_name: "Stop"; stop_hook_active: boolean; last_assistant_message: string | null };
export type PreCompactHookInput = BaseHookInput & { hook_event_name: "PreCompact"; trigger: "manual" | "auto" };
export type PostCompactHookInput = BaseHookInput & { hook_event_name: "PostCompact"; trigger: "manual" | "auto" };

/** "deny" blocks only with a permissionDecisionReason; "allow" counts only with updatedInput; "ask" is unsupported (fails open). */
export type PreToolUseHookSpecificOutput = { hookEventName: "PreToolUse"; permissionDecision?: "allow" | "deny" | "ask"; permissionDecisionReason?: string; updatedInput?: Record<string, unknown>; additionalContext?: string };
export type PostToolUseHookSpecificOutput = { hookEventName: "PostToolUse"; additionalContext?: string };
export type UserPromptSubmitHookSpecificOutput = { hookEventName: "UserPromptSubmit"; additionalContext?: string };
export type SessionStartHookSpecificOutput = { hookEventName: "SessionStart"; additionalContext?: string };

export type HookJSONOutput<S = never> = {
  /** PostToolUse: false replaces the tool output with stopReason; ignored on PreToolUse and Stop. */
  continue?: boolean; stopReason?: string; suppressOutput?: boolean; systemMessage?: string;
  /** "block" with a reason blocks (PreToolUse, PostToolUse: replaces the output, Stop: goes on, UserPromptSubmit: silent); without a reason nothing. */
  decision?: "block"; reason?: string;
  hookSpecificOutput?: S;
};
`;
