import { pieces, startFakeServer, type FakeServer, type Protocol } from "./fakeHttp";

/**
 * OpenAI Chat Completions as the SDK documents it (POST /v1/chat/completions with
 * `stream: true`: `chat.completion.chunk` deltas, tool_calls split across chunks by `index`,
 * a last chunk with `usage` and empty `choices` when `stream_options.include_usage`, then
 * `[DONE]`; GET /v1/models; error bodies `{error: {message, type, code}}`), on a real local server.
 * The base URL to give the SDK is `${url}/v1`, as for Ollama, vLLM or LM Studio.
 */

export type FakeOpenAIToolCall = { id: string; name: string; arguments: string };
export interface FakeOpenAIReply {
  text?: string;
  toolCalls?: FakeOpenAIToolCall[];
  finishReason?: string;
  usage?: { prompt: number; completion: number };
  chunkChars?: number;
  /** A `{"error": …}` chunk after the text instead of the end (what OpenAI-compatible servers send when a stream fails). */
  streamError?: { message: string; type: string };
}

export const openaiProtocol: Protocol<FakeOpenAIReply> = {
  modelPath: "/v1/chat/completions",
  modelsPath: "/v1/models",
  models: (ids) => ({ object: "list", data: ids.map((id) => ({ id, object: "model", created: 1767225600, owned_by: "local" })) }),
  errorBody: (status, message) => ({ error: { message, type: status === 429 ? "rate_limit_exceeded" : status === 401 ? "invalid_request_error" : "server_error", param: null, code: status === 401 ? "invalid_api_key" : null } }),
  authorized: (headers, key) => key === null || headers.authorization === `Bearer ${key}`,
  events(reply, request) {
    const body = (typeof request === "object" && request !== null ? request : {}) as { model?: string; stream_options?: { include_usage?: boolean } };
    const size = reply.chunkChars ?? 4;
    const base = { id: "chatcmpl-fake-1", object: "chat.completion.chunk", created: 1767225600, model: body.model ?? "unknown" };
    const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({ data: { ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] } });
    const events: { data: unknown }[] = [chunk({ role: "assistant", content: "" })];
    for (const content of reply.text ? pieces(reply.text, size) : []) events.push(chunk({ content }));
    if (reply.streamError) return [...events, { data: { error: reply.streamError } }];
    (reply.toolCalls ?? []).forEach((call, index) => {
      events.push(chunk({ tool_calls: [{ index, id: call.id, type: "function", function: { name: call.name, arguments: "" } }] }));
      for (const args of pieces(call.arguments, size)) events.push(chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
    });
    events.push(chunk({}, reply.finishReason ?? (reply.toolCalls?.length ? "tool_calls" : "stop")));
    if (body.stream_options?.include_usage) {
      const usage = reply.usage ?? { prompt: 10, completion: 5 };
      events.push({ data: { ...base, choices: [], usage: { prompt_tokens: usage.prompt, completion_tokens: usage.completion, total_tokens: usage.prompt + usage.completion } } });
    }
    events.push({ data: "[DONE]" });
    return events;
  },
};

export type FakeOpenAIServer = FakeServer<FakeOpenAIReply>;

export function startFakeOpenAI(options: { key?: string | null; models?: readonly string[] } = {}): Promise<FakeOpenAIServer> {
  return startFakeServer(openaiProtocol, options);
}
