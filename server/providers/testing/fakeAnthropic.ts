import { pieces, startFakeServer, type FakeServer, type Protocol } from "./fakeHttp";

/**
 * The Anthropic Messages API as the SDK documents it (POST /v1/messages with `stream: true`:
 * message_start, content_block_start/delta/stop with text_delta and input_json_delta, ping,
 * message_delta with stop_reason and usage, message_stop; GET /v1/models; error bodies
 * `{type: "error", error: {type, message}}`), on a real local server.
 */

export type FakeAnthropicBlock =
  | { type: "text"; text: string }
  /** `rawInput`: the input_json_delta text to send instead of the input's JSON (a malformed answer). */
  | { type: "tool_use"; id: string; name: string; input: Record<string, unknown>; rawInput?: string };
export interface FakeAnthropicReply {
  content: FakeAnthropicBlock[];
  stopReason?: string;
  usage?: { input: number; output: number };
  /** Characters per delta (text and tool JSON are split across chunks). */
  chunkChars?: number;
  /** An `error` event in the middle of the stream instead of the end. */
  streamError?: { type: string; message: string };
}

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

export const anthropicProtocol: Protocol<FakeAnthropicReply> = {
  modelPath: "/v1/messages",
  modelsPath: "/v1/models",
  models: (ids) => ({
    data: ids.map((id) => ({ type: "model", id, display_name: id, created_at: "2026-01-01T00:00:00Z" })),
    has_more: false,
    first_id: ids[0] ?? null,
    last_id: ids.at(-1) ?? null,
  }),
  errorBody: (status, message) => ({ type: "error", error: { type: ERROR_TYPES[status] ?? "api_error", message } }),
  authorized: (headers, key) => key === null || headers["x-api-key"] === key || headers.authorization === `Bearer ${key}`,
  events(reply, request) {
    const model = typeof request === "object" && request !== null && "model" in request ? String(request.model) : "unknown";
    const size = reply.chunkChars ?? 4;
    const usage = reply.usage ?? { input: 10, output: 5 };
    const events: { event?: string; data: unknown }[] = [
      {
        event: "message_start",
        data: { type: "message_start", message: { id: "msg_fake_1", type: "message", role: "assistant", model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: usage.input, output_tokens: 1 } } },
      },
      { event: "ping", data: { type: "ping" } },
    ];
    reply.content.forEach((block, index) => {
      if (block.type === "text") {
        events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: { type: "text", text: "" } } });
        for (const text of pieces(block.text, size)) events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta: { type: "text_delta", text } } });
      } else {
        events.push({ event: "content_block_start", data: { type: "content_block_start", index, content_block: { type: "tool_use", id: block.id, name: block.name, input: {} } } });
        for (const partial_json of pieces(block.rawInput ?? JSON.stringify(block.input), size)) {
          events.push({ event: "content_block_delta", data: { type: "content_block_delta", index, delta: { type: "input_json_delta", partial_json } } });
        }
      }
      events.push({ event: "content_block_stop", data: { type: "content_block_stop", index } });
      if (reply.streamError && index === 0) events.push({ event: "error", data: { type: "error", error: reply.streamError } });
    });
    events.push(
      { event: "message_delta", data: { type: "message_delta", delta: { stop_reason: reply.stopReason ?? (reply.content.some((b) => b.type === "tool_use") ? "tool_use" : "end_turn"), stop_sequence: null }, usage: { output_tokens: usage.output } } },
      { event: "message_stop", data: { type: "message_stop" } },
    );
    return events;
  },
};

export type FakeAnthropicServer = FakeServer<FakeAnthropicReply>;

export function startFakeAnthropic(options: { key?: string | null; models?: readonly string[] } = {}): Promise<FakeAnthropicServer> {
  return startFakeServer(anthropicProtocol, options);
}
