import type { ModelCallMeta, ModelReply, ModelRequest } from "../../core/engine/ports";

export const PROVIDER_KINDS = ["anthropic", "openai"] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** What each kind speaks, for the settings page and messages. */
export const PROVIDER_KIND_LABELS: Record<ProviderKind, string> = {
  anthropic: "Anthropic Messages API",
  openai: "OpenAI-compatible Chat Completions",
};

/**
 * A provider as the server calls it: where, with which key. Holds the key in plain text, so it
 * lives only in server memory (and a run worker's job); never in a trace, a log or an API answer.
 */
export interface ProviderConfig {
  name: string;
  kind: ProviderKind;
  /** null: the SDK's default endpoint. */
  baseURL: string | null;
  defaultModel: string;
  apiKey: string | null;
  source: "env" | "settings";
}

/** One call as a provider adapter makes it. */
export interface ProviderCall {
  config: ProviderConfig;
  model: string;
  maxTokens: number;
  temperature: number | undefined;
  timeoutMs: number;
  retries: number;
  request: Pick<ModelRequest, "system" | "messages" | "tools">;
  signal: AbortSignal;
  /** Each piece of reply text as it streams in. */
  onText: (text: string) => void;
}

/** A provider adapter's answer: the reply, with its usage and coalesced stream timing in `meta`. */
export type ProviderReply = ModelReply & { meta?: ModelCallMeta };
