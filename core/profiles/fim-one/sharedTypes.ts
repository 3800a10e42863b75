/**
 * FIM One's hook API as Hookwright's editor sees it (F:src/fim_one/core/agent/hooks.py and
 * core/hooks/base.py, semantics.md §6b), in TypeScript with the seed's snake_case fields.
 */
export const fimOneSharedTypes = `export type HookPoint = "SessionStart" | "PreToolUse" | "PostToolUse";
export interface HookContext {
  hook_point: HookPoint;
  tool_name: string;
  tool_args: Record<string, unknown>;
  /** PostToolUse only: the observation (after earlier hooks' rewrites). */
  tool_result?: string | null;
  agent_id: string | null;
  user_id: string | null;
  /** FIM One never sets it (always null); use metadata.conversation_id. */
  conversation_id: string | null;
  /** Per-request facts: org_id, conversation_id, tool_call_id, requires_confirmation (the tool's flag), and what the scenario adds. */
  metadata: Record<string, unknown> & { requires_confirmation: boolean; org_id?: string; conversation_id?: string; tool_call_id?: string };
}
export interface HookResult {
  /** PreToolUse: false blocks the call (default true). */
  allow?: boolean;
  /** PreToolUse: why it was blocked; the model sees "Error: <error>". */
  error?: string | null;
  /** PreToolUse: replaces the tool args (carried to later hooks). */
  modified_args?: Record<string, unknown> | null;
  /** PostToolUse: replaces the observation; SessionStart: text added to the initial prompt. */
  modified_result?: unknown;
  /** Audit trail of what the hook did (on the hook's card and in the trace). */
  side_effects?: string[];
  /** PreToolUse (Hookwright's form of FeishuGateHook's suspension): ask a person before the call runs. */
  requestApproval?: { title?: string; description?: string; timeoutMs?: number };
}
interface BaseHook {
  name: string;
  /** Lower runs earlier (FIM One's class default is 50). */
  priority: number;
  /** Synchronous; false skips the hook (a default HookResult). */
  shouldTrigger?(ctx: HookContext): boolean;
  execute(ctx: HookContext): Promise<HookResult> | HookResult;
}
export interface SessionStartHook extends BaseHook {}
export interface PreToolUseHook extends BaseHook {}
export interface PostToolUseHook extends BaseHook {}
`;
