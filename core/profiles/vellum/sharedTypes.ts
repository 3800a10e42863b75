/**
 * Declarations shared by every Vellum context, as `@vellumai/plugin-api` 0.10.5 names them
 * (semantics.md §1b). Emitted inside `declare module "@vellumai/plugin-api"` by core/profiles/dts.ts.
 */
/** LLMCallSiteEnum of `src/config/schemas/llm.ts`. */
const CALL_SITES = ["mainAgent", "subagentSpawn", "heartbeatAgent", "filingAgent", "compactionAgent", "analyzeConversation", "callAgent", "memoryExtraction", "memoryConsolidation", "memoryRetrieval", "memoryV2Migration", "memoryV2Sweep", "memoryRouter", "memoryV3SelectL2", "memoryV2Consolidation", "memoryRetrospective", "recall", "narrativeRefinement", "patternScan", "conversationSummarization", "conversationStarters", "replySuggestion", "conversationTitle", "commitMessage", "identityIntro", "emptyStateGreeting", "notificationDecision", "preferenceExtraction", "guardianQuestionCopy", "approvalCopy", "approvalConversation", "interactionClassifier", "styleAnalyzer", "inviteInstructionGenerator", "skillCategoryInference", "inference", "vision", "trustRuleSuggestion", "homeGreeting", "homeSuggestedPrompts", "workflowLeaf"];

/** AgentLoopExitReason of `src/plugin-api/types.ts`. */
const EXIT_REASONS = ["aborted_pre_call", "no_tool_calls", "aborted_post_response", "aborted_during_tools", "yield_to_user", "checkpoint_handoff", "context_too_large", "budget_yield_unrecovered", "max_tokens_reached", "aborted_after_checkpoint", "aborted_via_error", "error"];

export const vellumSharedTypes = `/** A text block of a message. */
export interface TextBlock { type: "text"; text: string }
/** A tool call the model asked for. */
export interface ToolUseBlock { type: "tool_use"; id: string; name: string; input: Record<string, unknown> }
/** A tool's result, sent back to the model in a user message. */
export interface ToolResultContent {
  type: "tool_result";
  tool_use_id: string;
  content: string;
  is_error?: boolean;
  contentBlocks?: ContentBlock[];
}
export type ContentBlock = TextBlock | ToolUseBlock | ToolResultContent | ImageContent;
export interface Message { role: "user" | "assistant"; content: ContentBlock[] }

/** Pino-style logger: an object of fields, then an optional message. Hookwright captures it into the trace. */
export interface PluginLogger {
  info(obj: Record<string, unknown>, msg?: string): void;
  warn(obj: Record<string, unknown>, msg?: string): void;
  error(obj: Record<string, unknown>, msg?: string): void;
  debug(obj: Record<string, unknown>, msg?: string): void;
}

/** Which call site a model call serves; "mainAgent" is the user-facing reply (the simulator always uses it). */
export type LLMCallSite =
${CALL_SITES.map((s) => `  | "${s}"`).join("\n")};
export type PostModelCallDecision = "continue" | "stop";
/**
 * Terminal states of a turn (the host's values). The simulator produces no_tool_calls,
 * max_tokens_reached and error like the host, plus its own bounds: max_model_calls,
 * max_tool_calls and script_exhausted (the scripted model has no response left).
 */
export type AgentLoopExitReason =
${[...EXIT_REASONS, "max_model_calls", "max_tool_calls", "script_exhausted"].map((r) => `  | "${r}"`).join("\n")};

/** A hook: mutate the context in place and return nothing, or return a partial to merge. */
export type HookFunction<T> = (ctx: T) => Promise<Partial<T> | void>;
export type PluginHookFn<T> = HookFunction<T>;
`;

/**
 * The seed's docs call two context types `PluginInitContext` and `PluginShutdownContext`; the
 * published 0.10.5 API (`V:src/plugin-api/index.ts:66-162`) exports `InitContext` and
 * `ShutdownContext`. The profile follows the real host; the seed's names stay as aliases so
 * code written from the docs still type-checks here.
 */
export const vellumTypeAliases = `export type PluginInitContext = InitContext;
export type PluginShutdownContext = ShutdownContext;
`;
