import OpenAI from "openai";
import type { ChatCompletionContentPart, ChatCompletionMessageParam, ChatCompletionTool } from "openai/resources/chat/completions";
import type { ContentBlock, Message } from "../../core/pipeline/schema";
import { MalformedReplyError, rejectionOf } from "./rejection";
import { streamClock } from "./streamClock";
import type { ProviderCall, ProviderConfig, ProviderReply } from "./types";

/**
 * OpenAI-compatible Chat Completions through the official SDK (OpenAI, Ollama, vLLM, LM Studio,
 * llama.cpp's server, OpenRouter: only the base URL differs), streamed with usage. The loop's
 * content blocks map to chat messages: tool_use blocks become the assistant's `tool_calls`
 * (input as JSON `arguments`), tool_result blocks become `tool` messages, which the API wants
 * right after the assistant message, so they go before the user's text of the same message.
 * A user message with images becomes content parts, in block order: text parts and `image_url`
 * parts whose URL is a data URL of the base64 image (tool results carry text only, in the
 * schema and in the API's tool messages).
 */

/** Servers that need no key (Ollama, LM Studio) still get one: the SDK refuses to send none. */
const NO_KEY = "no-key";

function client(config: ProviderConfig, options: { timeoutMs: number; retries: number }): OpenAI {
  // The SDK's own logging (OPENAI_LOG=debug prints requests) stays off: every failure reaches the trace in words instead.
  return new OpenAI({ apiKey: config.apiKey ?? NO_KEY, baseURL: config.baseURL ?? "https://api.openai.com/v1", timeout: options.timeoutMs, maxRetries: options.retries, logLevel: "off" });
}

export async function callOpenAI(call: ProviderCall): Promise<ProviderReply> {
  const { config } = call;
  const clock = streamClock();
  const meta = () => ({ provider: { name: config.name, kind: config.kind, model: call.model }, stream: clock.summary() });
  try {
    const messages: ChatCompletionMessageParam[] = [
      ...(call.request.system !== null ? [{ role: "system" as const, content: call.request.system }] : []),
      ...call.request.messages.flatMap(toChatMessages),
    ];
    const tools: ChatCompletionTool[] = call.request.tools.map((t) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
    const stream = client(config, call).chat.completions.stream(
      {
        model: call.model,
        messages,
        max_completion_tokens: call.maxTokens,
        stream_options: { include_usage: true },
        ...(tools.length > 0 ? { tools } : {}),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
      },
      { signal: call.signal },
    );
    stream.on("chunk", () => clock.chunk());
    stream.on("content.delta", ({ delta }) => {
      clock.text(delta);
      call.onText(delta);
    });
    const completion = await stream.finalChatCompletion();
    const choice = completion.choices[0];
    if (!choice) throw new MalformedReplyError("the completion has no choices");
    const content: ContentBlock[] = [];
    if (typeof choice.message.content === "string" && choice.message.content !== "") content.push({ type: "text", text: choice.message.content });
    for (const toolCall of choice.message.tool_calls ?? []) {
      if (toolCall.type !== "function") continue;
      content.push({ type: "tool_use", id: toolCall.id, name: toolCall.function.name, input: parseArguments(toolCall.function.arguments, toolCall.function.name) });
    }
    return {
      content,
      stopReason: stopReasonOf(choice.finish_reason),
      meta: { ...meta(), ...(completion.usage ? { usage: { inputTokens: completion.usage.prompt_tokens, outputTokens: completion.usage.completion_tokens } } : {}) },
    };
  } catch (error) {
    return rejectionOf(error, { config, model: call.model, timeoutMs: call.timeoutMs, signal: call.signal, classes: OpenAI, meta: meta() });
  }
}

function toChatMessages(message: Message): ChatCompletionMessageParam[] {
  const text = message.content.flatMap((b) => (b.type === "text" ? [b.text] : [])).join("\n\n");
  if (message.role === "assistant") {
    const toolCalls = message.content.flatMap((b) => (b.type === "tool_use" ? [{ id: b.id, type: "function" as const, function: { name: b.name, arguments: JSON.stringify(b.input) } }] : []));
    return [{ role: "assistant", content: text === "" ? null : text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) }];
  }
  const results: ChatCompletionMessageParam[] = message.content.flatMap((b) =>
    b.type === "tool_result" ? [{ role: "tool" as const, tool_call_id: b.tool_use_id, content: typeof b.content === "string" ? b.content : b.content.map((t) => t.text).join("\n") }] : [],
  );
  if (!message.content.some((b) => b.type === "image")) return text === "" && results.length > 0 ? results : [...results, { role: "user", content: text }];
  const parts = message.content.flatMap((b): ChatCompletionContentPart[] => {
    if (b.type === "text") return [{ type: "text", text: b.text }];
    if (b.type === "image") return [{ type: "image_url", image_url: { url: `data:${b.source.media_type};base64,${b.source.data}` } }];
    return [];
  });
  return [...results, { role: "user", content: parts }];
}

function parseArguments(raw: string, name: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = raw.trim() === "" ? {} : JSON.parse(raw);
  } catch {
    throw new MalformedReplyError(`the arguments of tool call ${name} are not JSON: ${raw.length > 120 ? `${raw.slice(0, 120)}…` : raw}`);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new MalformedReplyError(`the arguments of tool call ${name} are not a JSON object`);
  return value as Record<string, unknown>;
}

/** Chat Completions' finish reasons in the loop's (Anthropic's) words. */
function stopReasonOf(finish: string | null): string {
  switch (finish) {
    case "stop":
      return "end_turn";
    case "tool_calls":
    case "function_call":
      return "tool_use";
    case "length":
      return "max_tokens";
    case null:
      throw new MalformedReplyError("the stream ended without a finish_reason");
    default:
      return finish;
  }
}

export async function listOpenAIModels(config: ProviderConfig, timeoutMs: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client(config, { timeoutMs, retries: 0 }).models.list()) {
    ids.push(model.id);
    if (ids.length >= 500) break;
  }
  return ids;
}
