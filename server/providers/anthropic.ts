import Anthropic from "@anthropic-ai/sdk";
import type { ContentBlock, Message } from "../../core/pipeline/schema";
import { MalformedReplyError, rejectionOf } from "./rejection";
import { streamClock } from "./streamClock";
import type { ProviderCall, ProviderConfig, ProviderReply } from "./types";

/**
 * Anthropic Messages API through the official SDK, streamed (`messages.stream`): the loop's
 * content blocks are the API's own (text, tool_use, tool_result), tools go with their input
 * schemas, text pieces reach `onText` as they arrive, and the SDK assembles the final message
 * (tool input JSON split across chunks included).
 */

function client(config: ProviderConfig, options: { timeoutMs: number; retries: number }): Anthropic {
  return new Anthropic({
    // Always explicit: without a key the SDK would look for credentials on disk and in the environment.
    apiKey: config.apiKey ?? "",
    baseURL: config.baseURL ?? "https://api.anthropic.com",
    timeout: options.timeoutMs,
    maxRetries: options.retries,
    // The SDK's own logging (ANTHROPIC_LOG=debug prints requests) stays off: every failure reaches the trace in words instead.
    logLevel: "off",
  });
}

export async function callAnthropic(call: ProviderCall): Promise<ProviderReply> {
  const { config } = call;
  const clock = streamClock();
  const meta = () => ({ provider: { name: config.name, kind: config.kind, model: call.model }, stream: clock.summary() });
  if (!config.apiKey) {
    return { error: `provider "${config.name}" has no API key: add it in Settings → Model providers or set ANTHROPIC_API_KEY`, meta: { ...meta(), rejection: { kind: "auth", status: null, retryAfterSeconds: null } } };
  }
  try {
    const stream = client(config, call).messages.stream(
      {
        model: call.model,
        max_tokens: call.maxTokens,
        messages: call.request.messages.map(toAnthropicMessage),
        ...(call.request.system !== null ? { system: call.request.system } : {}),
        ...(call.request.tools.length > 0 ? { tools: call.request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: { ...t.inputSchema, type: "object" as const } })) } : {}),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
      },
      { signal: call.signal },
    );
    // The tool input as sent: the SDK parses it leniently (a cut-off object still parses), the host's contract is whole JSON.
    const inputJson = new Map<number, string>();
    stream.on("streamEvent", (event) => {
      clock.chunk();
      if (event.type === "content_block_delta" && event.delta.type === "input_json_delta") inputJson.set(event.index, (inputJson.get(event.index) ?? "") + event.delta.partial_json);
    });
    stream.on("text", (piece) => {
      clock.text(piece);
      call.onText(piece);
    });
    const message = await stream.finalMessage();
    for (const [index, json] of inputJson) {
      const block = message.content[index];
      if (json.trim() === "" || block?.type !== "tool_use") continue;
      try {
        JSON.parse(json);
      } catch {
        throw new MalformedReplyError(`the input of tool call ${block.id} (${block.name}) is not complete JSON: ${json.length > 120 ? `${json.slice(0, 120)}…` : json}`);
      }
    }
    const content = fromAnthropicContent(message.content);
    if (typeof message.stop_reason !== "string") throw new MalformedReplyError("the message ended without a stop_reason");
    return {
      content,
      stopReason: message.stop_reason,
      meta: { ...meta(), usage: { inputTokens: message.usage.input_tokens, outputTokens: message.usage.output_tokens } },
    };
  } catch (error) {
    return rejectionOf(error, { config, model: call.model, timeoutMs: call.timeoutMs, signal: call.signal, classes: Anthropic, meta: meta() });
  }
}

function toAnthropicMessage(message: Message): Anthropic.MessageParam {
  return {
    role: message.role,
    content: message.content.map((b): Anthropic.ContentBlockParam => {
      switch (b.type) {
        case "text":
          return { type: "text", text: b.text };
        case "tool_use":
          return { type: "tool_use", id: b.id, name: b.name, input: b.input };
        case "tool_result":
          return {
            type: "tool_result",
            tool_use_id: b.tool_use_id,
            content: typeof b.content === "string" ? b.content : b.content.map((t) => ({ type: "text", text: t.text })),
            ...(b.is_error !== undefined ? { is_error: b.is_error } : {}),
          };
        case "image":
          // The schema keeps any media type; Anthropic names the four it takes and refuses others itself.
          return { type: "image", source: { type: "base64", media_type: b.source.media_type as Anthropic.Base64ImageSource["media_type"], data: b.source.data } };
      }
    }),
  };
}

/** The blocks the loop knows; others (thinking, server tools) are not part of a Hookwright turn. */
function fromAnthropicContent(blocks: readonly Anthropic.ContentBlock[]): ContentBlock[] {
  const out: ContentBlock[] = [];
  for (const b of blocks) {
    if (b.type === "text") out.push({ type: "text", text: b.text });
    else if (b.type === "tool_use") {
      if (typeof b.input !== "object" || b.input === null || Array.isArray(b.input)) throw new MalformedReplyError(`the input of tool call ${b.id} (${b.name}) is not a JSON object`);
      out.push({ type: "tool_use", id: b.id, name: b.name, input: b.input as Record<string, unknown> });
    }
  }
  return out;
}

/** The model ids the server lists (Test connection). */
export async function listAnthropicModels(config: ProviderConfig, timeoutMs: number): Promise<string[]> {
  const ids: string[] = [];
  for await (const model of client(config, { timeoutMs, retries: 0 }).models.list({ limit: 100 })) {
    ids.push(model.id);
    if (ids.length >= 500) break;
  }
  return ids;
}

export { Anthropic };
