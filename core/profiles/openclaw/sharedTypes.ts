/**
 * Declarations of `openclaw/plugin-sdk/plugin-entry` as Hookwright's editor sees them: the event,
 * context and result types of the profile's hook points, from the published package's
 * `dist/cli-backend.types-B-oosdMB.d.ts` (openclaw 2026.9.6; trimmed to the fields these points
 * carry; host objects such as `AbortSignal` and `config` kept as the package types them), plus
 * `definePluginEntry` and the `api.on` options, so an exported plugin's `index.ts` type-checks too.
 */
export const openclawSharedTypes = `/** The host's AbortSignal (the editor has no DOM types; handlers only read it). */
export type AbortSignal = { readonly aborted: boolean; readonly reason?: unknown };
export type DiagnosticTraceContext = { traceId?: string; spanId?: string; parentSpanId?: string };
export type PluginApprovalResolution = "allow-once" | "allow-always" | "deny" | "timeout" | "cancelled";

/** The context every agent-turn hook receives (every field optional). */
export type PluginHookAgentContext = {
  runId?: string; jobId?: string; trace?: DiagnosticTraceContext; agentId?: string; sessionKey?: string; sessionId?: string;
  workspaceDir?: string; activeProjectKeys?: string[]; modelProviderId?: string; modelId?: string; messageProvider?: string;
  channel?: string; accountId?: string; chatId?: string; senderId?: string; trigger?: string; channelId?: string;
  contextTokenBudget?: number; senderExternalId?: string;
  readonly hookInvocation?: Readonly<{ assertActive(): void }>;
};
export type PluginHookToolRequesterContext = { readonly channel?: string; readonly accountId?: string; readonly senderId?: string; readonly senderIsOwner?: boolean; readonly roleIds?: readonly string[] };
export type PluginHookToolContext = {
  agentId?: string; sessionKey?: string; sessionId?: string; runId?: string; abortSignal?: AbortSignal; trace?: DiagnosticTraceContext;
  toolName: string; toolKind?: string; toolInputKind?: string; toolCallId?: string; channelId?: string; requester?: PluginHookToolRequesterContext;
};
export type PluginHookMessageContext = {
  channelId: string; accountId?: string; conversationId?: string; sessionKey?: string; runId?: string; messageId?: string; senderId?: string;
  replyToId?: string; trace?: DiagnosticTraceContext; traceId?: string; spanId?: string; parentSpanId?: string; callDepth?: number;
};
export type PluginHookSessionContext = { agentId?: string; sessionId: string; sessionKey?: string };
export type PluginHookGatewayContext = { port?: number; config?: Record<string, unknown>; workspaceDir?: string; abortSignal?: AbortSignal };
export type PluginHookToolResultPersistContext = { agentId?: string; sessionKey?: string; toolName?: string; toolCallId?: string };
export type PluginHookBeforeMessageWriteContext = { agentId?: string; sessionKey?: string };

/** A transcript message (OpenClaw's AgentMessage: user / assistant / toolResult). */
export type AgentMessage = { role: "user" | "assistant" | "toolResult"; content: Array<{ type: string; text?: string; [key: string]: unknown }>; toolCallId?: string; toolName?: string; isError?: boolean; [key: string]: unknown };

export type PluginHookGatewayStartEvent = { port: number };
export type PluginHookGatewayStopEvent = { reason?: string };
export type PluginHookSessionStartEvent = { sessionId: string; sessionKey?: string; resumedFrom?: string };
export type PluginHookSessionEndEvent = { sessionId: string; sessionKey?: string; messageCount: number; durationMs?: number; reason?: "new" | "reset" | "idle" | "daily" | "compaction" | "deleted" | "shutdown" | "restart" | "unknown" };
export type PluginHookMessageReceivedEvent = { from: string; content: string; timestamp?: number; threadId?: string | number; messageId?: string; senderId?: string; sessionKey?: string; runId?: string; metadata?: Record<string, unknown> };
export type PluginHookBeforeModelResolveEvent = { prompt: string; attachments?: Array<{ kind?: string; mimeType?: string; name?: string }> };
export type PluginHookBeforeModelResolveResult = { modelOverride?: string; providerOverride?: string };
export type PluginHookBeforeAgentReplyEvent = { cleanedBody: string };
export type PluginHookBeforeAgentReplyResult = { handled: boolean; reply?: { text?: string; [key: string]: unknown }; reason?: string };
export type PluginHookBeforePromptBuildEvent = { prompt: string; currentUserMessage?: string; currentUserMessageId?: string; messages: unknown[] };
export type PluginHookBeforePromptBuildResult = { systemPrompt?: string; prependContext?: string; appendContext?: string; toolsAllow?: string[]; prependSystemContext?: string; appendSystemContext?: string };
export type PluginHookBeforeAgentRunEvent = { prompt: string; messages: unknown[]; systemPrompt?: string; accountId?: string; channelId?: string; senderId?: string; senderIsOwner?: boolean };
export type InputGateDecision = { outcome: "pass" } | { outcome: "block"; reason: string; message?: string; category?: string; metadata?: Record<string, unknown> };
export type PluginHookBeforeAgentRunResult = InputGateDecision | void;
export type PluginHookLlmInputEvent = { runId: string; sessionId: string; provider: string; model: string; systemPrompt?: string; prompt: string; historyMessages: unknown[]; imagesCount: number; tools?: unknown[] };
export type PluginHookModelCallStartedEvent = { runId: string; callId: string; sessionKey?: string; sessionId?: string; provider: string; model: string; api?: string; transport?: string; contextTokenBudget?: number };
export type PluginHookModelCallEndedEvent = PluginHookModelCallStartedEvent & { durationMs: number; outcome: "completed" | "error"; errorCategory?: string; failureKind?: "aborted" | "connection_closed" | "connection_reset" | "terminated" | "timeout" };
export type PluginHookBeforeToolCallEvent = { toolName: string; params: Record<string, unknown>; toolKind?: string; toolInputKind?: string; runId?: string; toolCallId?: string; derivedPaths?: readonly string[] };
export type PluginHookBeforeToolCallResult = {
  params?: Record<string, unknown>;
  block?: boolean;
  blockReason?: string;
  requireApproval?: {
    title: string;
    description: string;
    scope?: string;
    severity?: "info" | "warning" | "critical";
    timeoutMs?: number;
    /** @deprecated Unresolved approvals always deny; an "allow" here is ignored with a warning. */
    timeoutBehavior?: "allow" | "deny";
    /** Override timeout text and return the timeout as a blocked tool result. */
    timeoutReason?: string;
    allowedDecisions?: Array<"allow-once" | "allow-always" | "deny">;
    pluginId?: string;
    onResolution?: (decision: PluginApprovalResolution) => Promise<void> | void;
  };
};
export type PluginHookAfterToolCallEvent = { toolName: string; params: Record<string, unknown>; runId?: string; toolCallId?: string; result?: unknown; error?: string; durationMs?: number };
export type PluginHookToolResultPersistEvent = { toolName?: string; toolCallId?: string; message: AgentMessage; isSynthetic?: boolean };
export type PluginHookToolResultPersistResult = { message?: AgentMessage };
export type PluginHookBeforeMessageWriteEvent = { message: AgentMessage; sessionKey?: string; agentId?: string };
export type PluginHookBeforeMessageWriteResult = { block?: boolean; message?: AgentMessage };
export type PluginHookBeforeAgentFinalizeEvent = { runId?: string; sessionId: string; sessionKey?: string; turnId?: string; provider?: string; model?: string; cwd?: string; transcriptPath?: string; stopHookActive: boolean; lastAssistantMessage?: string; messages?: unknown[] };
export type PluginHookBeforeAgentFinalizeResult = { action?: "continue" | "revise" | "finalize"; reason?: string; retry?: { instruction: string; idempotencyKey?: string; maxAttempts?: number } };
export type PluginHookLlmOutputEvent = { runId: string; sessionId: string; provider: string; model: string; prompt?: string; assistantTexts: string[]; lastAssistant?: unknown; usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number; total?: number } };
export type PluginHookAgentEndEvent = { runId?: string; messages: unknown[]; success: boolean; error?: string; durationMs?: number };
export type PluginHookBeforeCompactionEvent = { messageCount: number; compactingCount?: number; tokenCount?: number; messages?: unknown[]; sessionFile?: string };
export type PluginHookAfterCompactionEvent = { messageCount: number; tokenCount?: number; compactedCount: number; sessionFile?: string; previousSessionId?: string };
export type PluginHookMessageSendingEvent = { to: string; content: string; replyToId?: string | number; threadId?: string | number; metadata?: Record<string, unknown> };
export type PluginHookMessageSendingResult = { content?: string; cancel?: boolean; cancelReason?: string; metadata?: Record<string, unknown> };
export type PluginHookMessageSentEvent = { to: string; content: string; success: boolean; messageId?: string; sessionKey?: string; runId?: string; error?: string };

export type PluginHookHandlerMap = {
  gateway_start: (event: PluginHookGatewayStartEvent, ctx: PluginHookGatewayContext) => Promise<void> | void;
  gateway_stop: (event: PluginHookGatewayStopEvent, ctx: PluginHookGatewayContext) => Promise<void> | void;
  session_start: (event: PluginHookSessionStartEvent, ctx: PluginHookSessionContext) => Promise<void> | void;
  session_end: (event: PluginHookSessionEndEvent, ctx: PluginHookSessionContext) => Promise<void> | void;
  message_received: (event: PluginHookMessageReceivedEvent, ctx: PluginHookMessageContext) => Promise<void> | void;
  before_model_resolve: (event: PluginHookBeforeModelResolveEvent, ctx: PluginHookAgentContext) => Promise<PluginHookBeforeModelResolveResult | void> | PluginHookBeforeModelResolveResult | void;
  before_agent_reply: (event: PluginHookBeforeAgentReplyEvent, ctx: PluginHookAgentContext) => Promise<PluginHookBeforeAgentReplyResult | void> | PluginHookBeforeAgentReplyResult | void;
  before_prompt_build: (event: PluginHookBeforePromptBuildEvent, ctx: PluginHookAgentContext) => Promise<PluginHookBeforePromptBuildResult | void> | PluginHookBeforePromptBuildResult | void;
  before_agent_run: (event: PluginHookBeforeAgentRunEvent, ctx: PluginHookAgentContext) => Promise<PluginHookBeforeAgentRunResult> | PluginHookBeforeAgentRunResult;
  llm_input: (event: PluginHookLlmInputEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  model_call_started: (event: PluginHookModelCallStartedEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  model_call_ended: (event: PluginHookModelCallEndedEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  before_tool_call: (event: PluginHookBeforeToolCallEvent, ctx: PluginHookToolContext) => Promise<PluginHookBeforeToolCallResult | void> | PluginHookBeforeToolCallResult | void;
  after_tool_call: (event: PluginHookAfterToolCallEvent, ctx: PluginHookToolContext) => Promise<void> | void;
  tool_result_persist: (event: PluginHookToolResultPersistEvent, ctx: PluginHookToolResultPersistContext) => PluginHookToolResultPersistResult | void;
  before_message_write: (event: PluginHookBeforeMessageWriteEvent, ctx: PluginHookBeforeMessageWriteContext) => PluginHookBeforeMessageWriteResult | void;
  before_agent_finalize: (event: PluginHookBeforeAgentFinalizeEvent, ctx: PluginHookAgentContext) => Promise<PluginHookBeforeAgentFinalizeResult | void> | PluginHookBeforeAgentFinalizeResult | void;
  llm_output: (event: PluginHookLlmOutputEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  agent_end: (event: PluginHookAgentEndEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  before_compaction: (event: PluginHookBeforeCompactionEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  after_compaction: (event: PluginHookAfterCompactionEvent, ctx: PluginHookAgentContext) => Promise<void> | void;
  message_sending: (event: PluginHookMessageSendingEvent, ctx: PluginHookMessageContext) => Promise<PluginHookMessageSendingResult | void> | PluginHookMessageSendingResult | void;
  message_sent: (event: PluginHookMessageSentEvent, ctx: PluginHookMessageContext) => Promise<void> | void;
};
export type PluginHookName = keyof PluginHookHandlerMap;

/** api.on options (registration options of the published package). */
export type PluginHookOptions = { priority?: number; timeoutMs?: number; matcher?: string[]; registrationId?: string; eligibleTriggers?: Array<"cron" | "heartbeat" | "user">; requiresToolAuthority?: true };

export type OpenClawPluginApi = {
  id: string;
  name: string;
  pluginConfig?: Record<string, unknown>;
  on<K extends PluginHookName>(hookName: K, handler: PluginHookHandlerMap[K], opts?: PluginHookOptions): void;
};
export type OpenClawPluginDefinition = { id: string; name: string; description?: string; configSchema?: Record<string, unknown>; register(api: OpenClawPluginApi): void };
export function definePluginEntry<T extends OpenClawPluginDefinition>(entry: T): T;
`;
