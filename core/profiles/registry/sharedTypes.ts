/** Declarations shared by the registry's contexts, emitted inside `declare module "hook-registry"`. */
export const registrySharedTypes = `export interface TextBlock { type: "text"; text: string }
export interface ToolUseBlock { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
export interface ToolResultBlock { type: "tool_result"; tool_use_id: string; content: string | TextBlock[]; is_error?: boolean }
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultBlock;
export interface Message { role: "user" | "assistant"; content: ContentBlock[] }

/** How a turn ended. */
export type ExitReason = "no_tool_calls" | "max_tokens_reached" | "error" | "max_model_calls" | "max_tool_calls" | "script_exhausted";

/** What a before_prompt_build handler may return; the first non-null value per key wins. */
export interface BeforePromptBuildResult {
  systemPrompt?: string | null;
  additionalContext?: string | null;
}

/** What a before_tool_call handler returns; the first { handled: true } wins. */
export type ClaimResult =
  | { handled: false }
  | { handled: true; error: string }
  | { handled: true; result?: string };
`;
