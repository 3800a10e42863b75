/**
 * The runtime values of `@vellumai/plugin-api` 0.10.5 (`V:src/plugin-api/index.ts:66-162`) and
 * the types they name, as declarations for the editor: emitted inside
 * `declare module "@vellumai/plugin-api"` with the profile's shared types (core/profiles/dts.ts),
 * so a hook's `import { doesSupportVision } from "@vellumai/plugin-api"` type-checks in Monaco.
 * Reduced to what a plugin reads; the sandbox provides the values (server/sandbox/hostModules).
 */
export const vellumRuntimeDeclarations = `/** An image block (a prompt's attachment, a tool's screenshot). */
export interface ImageContent { type: "image"; source: { type: "base64"; media_type: string; data: string } }
/** The hook names (\`V:src/plugin-api/constants.ts\`). */
export const HOOKS: {
  readonly INIT: "init";
  readonly SHUTDOWN: "shutdown";
  readonly USER_PROMPT_SUBMIT: "user-prompt-submit";
  readonly PRE_MODEL_CALL: "pre-model-call";
  readonly POST_TOOL_USE: "post-tool-use";
  readonly STOP: "stop";
  readonly POST_MODEL_CALL: "post-model-call";
  readonly POST_COMPACT: "post-compact";
};
export type HookName = (typeof HOOKS)[keyof typeof HOOKS];
export enum RiskLevel { Low = "low", Medium = "medium", High = "high" }
/** Whether a provider stop reason means the reply was cut at the output token cap. */
export function isMaxTokensStopReason(stopReason: string | null | undefined): boolean;
/** A workspace inference profile (Hookwright: the scenario's inference.profiles). */
export interface ModelProfileInfo {
  readonly key: string;
  readonly label: string;
  readonly description: string | null;
  readonly isActive: boolean;
  readonly isDisabled: boolean;
  readonly isMix: boolean;
}
/** The routable inference profiles, in the /model picker's order. */
export function getModelProfiles(): ModelProfileInfo[];
/** Whether a model id, profile key or profile can take image input (the host's model catalog). */
export function doesSupportVision(modelOrProfile: ModelProfileInfo | string): boolean;
export interface SendMessageConfig { callSite?: LLMCallSite; overrideProfile?: string; forceOverrideProfile?: boolean; [key: string]: unknown }
export interface SendMessageOptions { tools?: unknown[]; systemPrompt?: string; config?: SendMessageConfig; /** An AbortSignal (the profile's declarations stand alone, so only what is read). */ signal?: { readonly aborted: boolean } }
export interface ProviderResponse {
  content: ContentBlock[];
  model: string;
  usage: { inputTokens: number; outputTokens: number };
  stopReason: string;
}
export interface Provider {
  name: string;
  sendMessage(messages: Message[], options?: SendMessageOptions): Promise<ProviderResponse>;
}
/** A provider for a call site through the workspace's profiles (Hookwright: answered by the scenario's inference replies). */
export function getConfiguredProvider(callSite: LLMCallSite, opts?: { overrideProfile?: string; forceOverrideProfile?: boolean }): Promise<Provider | null>;
export interface AssistantEvent { id?: string; assistantId?: string; conversationId?: string; emittedAt?: string; message: { type: string; [key: string]: unknown } }
export interface AssistantEventFilter { conversationId?: string }
export type AssistantEventCallback = (event: AssistantEvent) => void | Promise<void>;
export interface AssistantEventSubscription { readonly active: boolean; dispose(): void }
export interface PluginEventHub {
  subscribe(subscriber: { filter?: AssistantEventFilter; callback: AssistantEventCallback }): AssistantEventSubscription;
  publish(event: AssistantEvent): Promise<void>;
  hasSubscribersForEvent(event: AssistantEvent): boolean;
}
/** The host's event hub, as plugins get it (Hookwright: publishes are recorded on the hook's card). */
export const assistantEventHub: PluginEventHub;
`;
