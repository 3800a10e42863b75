/**
 * deputy's hook API as Hookwright describes it (D:R/hooks.R:156-289 at c474452). deputy hooks are
 * written in R; these declarations only document the arguments, the `context` list and the
 * results for the editor's hovers and completions.
 */
export const deputySharedTypes = `/** deputy's hook context: a named list (R). */
export interface DeputyContext {
  working_dir: string;
  agent_id: string;
  agent_name?: string;
  session_id: string;
  run_id: string;
  /** PreToolUse, PostToolUse: ellmer's tool annotations (read_only_hint, destructive_hint, open_world_hint) or NULL. */
  tool_annotations?: Record<string, boolean> | null;
  tool_call_id?: string;
  /** standard, plan, readonly or full. */
  permission_mode?: string;
  usage?: { requests: number; tool_calls: number };
  usage_limits?: Record<string, number>;
  /** Stop, SessionEnd, PreCompact. */
  total_turns?: number;
  /** Stop, SessionEnd: input, output, cached are token counts; total is USD. */
  cost?: { input: number; output: number; cached: number; total: number };
  /** PreCompact: the number of turns to compact. */
  compact_count?: number;
  /** SessionStart. */
  permissions?: Record<string, unknown>;
  provider?: { name: string; model: string | null };
  tools_count?: number;
  /** SubagentStop: completed or failed. */
  status?: string;
  error?: string;
}
export interface Turn { role: string; text: string }
/** HookResultPreToolUse(permission = c("allow", "deny"), reason = NULL, continue = TRUE, additional_context = NULL, stop_reason = NULL) */
export interface HookResultPreToolUse { permission: "allow" | "deny"; reason: string | null; continue: boolean; additional_context: string | null; stop_reason: string | null }
/** HookResultPostToolUse(continue = TRUE, suppress_output = FALSE, updated_tool_output = NULL, additional_context = NULL, stop_reason = NULL) */
export interface HookResultPostToolUse { continue: boolean; suppress_output: boolean; updated_tool_output: unknown; additional_context: string | null; stop_reason: string | null }
/** HookResultPreCompact(continue = TRUE, summary = NULL) */
export interface HookResultPreCompact { continue: boolean; summary: string | null }
export type NULL = null;
`;
