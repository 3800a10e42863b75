/**
 * Declarations of `@anthropic-ai/claude-agent-sdk` as Hookwright's editor sees them: the hook input
 * and output types of the profile's events, from the published package's `sdk.d.ts`
 * (0.3.330; line numbers in semantics.md §3b), trimmed to the fields these events carry. Each
 * event's output names its own `hookEventName`, so a hook answering for another event, or with a
 * decision the host does not know, is a type error in the editor.
 */
export const claudeCodeSharedTypes = `export type BaseHookInput = {
  session_id: string; transcript_path: string; cwd: string; prompt_id?: string; permission_mode?: string;
  /** Present only inside a subagent. */
  agent_id?: string; agent_type?: string; effort?: { level: string };
};
export type SessionStartHookInput = BaseHookInput & { hook_event_name: "SessionStart"; source: "startup" | "resume" | "clear" | "compact" | "fork"; model?: string };
export type UserPromptSubmitHookInput = BaseHookInput & { hook_event_name: "UserPromptSubmit"; prompt: string; source?: string; session_title?: string };
export type PreToolUseHookInput = BaseHookInput & { hook_event_name: "PreToolUse"; tool_name: string; tool_input: unknown; tool_use_id: string; mcp_server?: { name: string; source: string } };
export type PermissionRequestHookInput = BaseHookInput & { hook_event_name: "PermissionRequest"; tool_name: string; tool_input: unknown; permission_suggestions?: PermissionUpdate[] };
export type PostToolUseHookInput = BaseHookInput & { hook_event_name: "PostToolUse"; tool_name: string; tool_input: unknown; tool_response: unknown; tool_use_id: string; duration_ms?: number };
export type PostToolUseFailureHookInput = BaseHookInput & { hook_event_name: "PostToolUseFailure"; tool_name: string; tool_input: unknown; tool_use_id: string; error: string; is_interrupt?: boolean };
export type PostToolBatchHookInput = BaseHookInput & { hook_event_name: "PostToolBatch"; tool_calls: { tool_name: string; tool_input: unknown; tool_use_id: string; tool_response?: unknown }[] };
export type NotificationHookInput = BaseHookInput & { hook_event_name: "Notification"; message: string; title?: string; notification_type: string };
export type StopHookInput = BaseHookInput & { hook_event_name: "Stop"; stop_hook_active: boolean; last_assistant_message?: string };
export type StopFailureHookInput = BaseHookInput & { hook_event_name: "StopFailure"; error: string; error_details?: string; last_assistant_message?: string };
export type SubagentStartHookInput = BaseHookInput & { hook_event_name: "SubagentStart"; agent_id: string; agent_type: string };
export type SubagentStopHookInput = BaseHookInput & { hook_event_name: "SubagentStop"; stop_hook_active: boolean; agent_id: string; agent_transcript_path: string; agent_type: string; last_assistant_message?: string };
export type PreCompactHookInput = BaseHookInput & { hook_event_name: "PreCompact"; trigger: "manual" | "auto"; custom_instructions: string | null };
export type PostCompactHookInput = BaseHookInput & { hook_event_name: "PostCompact"; trigger: "manual" | "auto"; compact_summary: string };
export type SessionEndHookInput = BaseHookInput & { hook_event_name: "SessionEnd"; reason: "clear" | "resume" | "logout" | "prompt_input_exit" | "other" };

export type PermissionUpdateDestination = "userSettings" | "projectSettings" | "localSettings" | "session" | "cliArg";
export type PermissionUpdate =
  | { type: "addRules" | "replaceRules" | "removeRules"; rules: { toolName: string; ruleContent?: string }[]; behavior: "allow" | "deny" | "ask"; destination: PermissionUpdateDestination }
  | { type: "setMode"; mode: "default" | "acceptEdits" | "bypassPermissions" | "plan" | "dontAsk" | "auto"; destination: PermissionUpdateDestination }
  | { type: "addDirectories" | "removeDirectories"; directories: string[]; destination: PermissionUpdateDestination };

export type PreToolUseHookSpecificOutput = { hookEventName: "PreToolUse"; permissionDecision?: "allow" | "deny" | "ask" | "defer"; permissionDecisionReason?: string; updatedInput?: Record<string, unknown>; additionalContext?: string };
export type UserPromptSubmitHookSpecificOutput = { hookEventName: "UserPromptSubmit"; additionalContext?: string; sessionTitle?: string; suppressOriginalPrompt?: boolean };
export type SessionStartHookSpecificOutput = { hookEventName: "SessionStart"; additionalContext?: string; initialUserMessage?: string; sessionTitle?: string; watchPaths?: string[]; reloadSkills?: boolean };
export type SubagentStartHookSpecificOutput = { hookEventName: "SubagentStart"; additionalContext?: string };
export type PostToolUseHookSpecificOutput = { hookEventName: "PostToolUse"; additionalContext?: string; updatedToolOutput?: unknown; updatedMCPToolOutput?: unknown; classifierContext?: string };
export type PostToolUseFailureHookSpecificOutput = { hookEventName: "PostToolUseFailure"; additionalContext?: string };
export type PostToolBatchHookSpecificOutput = { hookEventName: "PostToolBatch"; additionalContext?: string };
export type StopHookSpecificOutput = { hookEventName: "Stop"; additionalContext?: string };
export type SubagentStopHookSpecificOutput = { hookEventName: "SubagentStop"; additionalContext?: string };
export type NotificationHookSpecificOutput = { hookEventName: "Notification"; additionalContext?: string };
export type PermissionRequestHookSpecificOutput = {
  hookEventName: "PermissionRequest";
  decision: { behavior: "allow"; updatedInput?: Record<string, unknown>; updatedPermissions?: PermissionUpdate[] } | { behavior: "deny"; message?: string; interrupt?: boolean };
};

/** SyncHookJSONOutput (sdk.d.ts:10577-10591), narrowed to one event's hookSpecificOutput. */
export type HookJSONOutput<S = never> = {
  continue?: boolean; suppressOutput?: boolean; stopReason?: string;
  /** Legacy: "approve" allows, "block" blocks with \`reason\` (default "Blocked by hook"). */
  decision?: "approve" | "block";
  systemMessage?: string; reason?: string; terminalSequence?: string;
  hookSpecificOutput?: S;
};
export type SyncHookJSONOutput = HookJSONOutput<PreToolUseHookSpecificOutput | UserPromptSubmitHookSpecificOutput | SessionStartHookSpecificOutput | SubagentStartHookSpecificOutput | PostToolUseHookSpecificOutput | PostToolUseFailureHookSpecificOutput | PostToolBatchHookSpecificOutput | StopHookSpecificOutput | SubagentStopHookSpecificOutput | NotificationHookSpecificOutput | PermissionRequestHookSpecificOutput>;
`;
