import type { ModelProvider, ModelReply, ModelRequest } from "../../core/engine/ports";
import type { ProviderModel } from "../../core/pipeline/schema";
import { callAnthropic } from "./anthropic";
import { callOpenAI } from "./openai";
import { resolveRoute } from "./route";
import type { ProviderCall, ProviderConfig, ProviderKind, ProviderReply } from "./types";

const adapters: Record<ProviderKind, (call: ProviderCall) => Promise<ProviderReply>> = {
  anthropic: callAnthropic,
  openai: callOpenAI,
};

const CANCELLED: ModelReply = { error: "the turn was cancelled before this model call", code: "cancelled", meta: { cancelled: "before_call" } };

/**
 * The ModelProvider of a scenario whose model is a real provider: each call goes where the
 * scenario and the hooks' route say (./route.ts), streams its text to `onText(call, piece)`, and
 * comes back with what the trace records (provider and model used, usage, stream timing, or a
 * rejection). `recorded` answers the first calls from an earlier trace instead (a parked run that
 * resumes replays its turn up to where it stopped, without calling the model again).
 * `signal` cancels the turn: the call in flight is aborted and the run ends as cancelled.
 */
export function createLiveModelProvider(options: {
  model: ProviderModel;
  providers: readonly ProviderConfig[];
  signal?: AbortSignal;
  onText?: (call: number, text: string) => void;
  recorded?: ModelProvider & { calls: number };
}): ModelProvider {
  const { model, providers } = options;
  const signal = options.signal ?? new AbortController().signal;
  return {
    async respond(request: ModelRequest): Promise<ModelReply> {
      if (signal.aborted) return CANCELLED;
      if (options.recorded && request.call <= options.recorded.calls) return options.recorded.respond(request);
      const target = resolveRoute(model, request.route, providers);
      if ("error" in target) return { error: target.error, meta: { rejection: { kind: "not_configured", status: null, retryAfterSeconds: null } } };
      const reply = await adapters[target.config.kind]({
        config: target.config,
        model: target.model,
        maxTokens: model.maxTokens,
        temperature: model.temperature,
        timeoutMs: model.timeoutMs,
        retries: model.retries,
        request,
        signal,
        onText: (text) => options.onText?.(request.call, text),
      });
      if (target.routing === null || !reply.meta?.provider) return reply;
      return { ...reply, meta: { ...reply.meta, provider: { ...reply.meta.provider, routing: target.routing } } };
    },
  };
}

/** A model that answers every call "cancelled" once `signal` aborts, else as `model` does (scripted and recorded runs). */
export function cancellable(model: ModelProvider, signal: AbortSignal | undefined): ModelProvider {
  if (!signal) return model;
  return {
    respond: (request) => (signal.aborted ? Promise.resolve(CANCELLED) : model.respond(request)),
  };
}
