/**
 * Declarations shared by every Vellum context, as `@vellumai/plugin-api` 0.10.5 names them
 * (semantics.md §1b). Emitted inside `declare module "@vellumai/plugin-api"` by core/profiles/dts.ts.
 */
export const vellumSharedTypes = `/** A text block of a message. */
export interface TextBlock { type: "text"; text: string }
/** A tool call the model asked for. */
export interface ToolUseBlock { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
/** A tool's result, sent back to the model in a user message. */
export interface ToolResultContent {
  type: "tool_result";
  tool_use_id: string;
  content: string | TextBlock[];
  is_error?: boolean;
  contentBlocks?: ContentBlock[];
}
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultContent;
export interface Message { role: "user" | "assistant"; content: ContentBlock[] }

/** Pino-compatible logger; Hookwright captures its output into the trace. */
export interface PluginLogger {
  info(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  debug(...args: unknown[]): void;
}

/** Which call site a model call serves; "mainAgent" is the user-facing reply. */
export type LLMCallSite = "mainAgent" | (string & {});
export type PostModelCallDecision = "continue" | "stop";
/**
 * Terminal states of a turn. The simulator produces no_tool_calls, max_tokens_reached and error
 * like the host, plus its own bounds: max_model_calls, max_tool_calls and script_exhausted
 * (the scripted model has no response left).
 */
export type AgentLoopExitReason =
  | "no_tool_calls"
  | "max_tokens_reached"
  | "error"
  | "yield_to_user"
  | "checkpoint_handoff"
  | "aborted_pre_call"
  | "aborted_post_response"
  | "aborted_during_tools"
  | "max_model_calls"
  | "max_tool_calls"
  | "script_exhausted";

/** A hook: mutate the context in place and return nothing, or return a partial to merge. */
export type HookFunction<T> = (ctx: T) => Promise<Partial<T> | void>;
export type PluginHookFn<T> = HookFunction<T>;
`;

/** Names the 0.10.5 host exports for the same types (the seed uses the Plugin* names). */
export const vellumTypeAliases = `export type InitContext = PluginInitContext;
export type ShutdownContext = PluginShutdownContext;
`;
