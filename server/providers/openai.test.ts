import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelRequest } from "../../core/engine/ports";
import { providerModelSchema } from "../../core/pipeline/schema";
import { createLiveModelProvider } from "./live";
import { listOpenAIModels } from "./openai";
import { startFakeOpenAI, type FakeOpenAIServer } from "./testing/fakeOpenAI";
import type { ProviderConfig } from "./types";

const KEY = "sk-proj-test-abcdefghijkl";
let server: FakeOpenAIServer;
let config: ProviderConfig;

beforeAll(async () => {
  server = await startFakeOpenAI({ key: KEY, models: ["llama3.2", "qwen3"] });
  config = { name: "local", kind: "openai", baseURL: `${server.url}/v1`, defaultModel: "llama3.2", apiKey: KEY, source: "settings" };
});
afterAll(() => server.close());

const tools: ModelRequest["tools"] = [{ name: "search", description: "Searches the web.", inputSchema: { type: "object", properties: { q: { type: "string" } } } }];
const request = (call: number, extra: Partial<ModelRequest> = {}): ModelRequest => ({ call, system: "Be brief.", messages: [{ role: "user", content: [{ type: "text", text: "Find hooks" }] }], tools, ...extra });
const model = (extra: Record<string, unknown> = {}) => providerModelSchema.parse({ kind: "provider", provider: "local", maxTokens: 200, ...extra });

describe("OpenAI-compatible provider through the official SDK against a local Chat Completions server", () => {
  it("streams text and tool calls whose arguments are split across chunks, with usage", async () => {
    server.script([
      {
        kind: "stream",
        reply: {
          text: "Searching now.",
          toolCalls: [
            { id: "call_a", name: "search", arguments: JSON.stringify({ q: "hooks" }) },
            { id: "call_b", name: "search", arguments: JSON.stringify({ q: "agents", page: 2 }) },
          ],
          usage: { prompt: 31, completion: 12 },
          chunkChars: 3,
        },
      },
    ]);
    const pieces: string[] = [];
    const reply = await createLiveModelProvider({ model: model(), providers: [config], onText: (_c, t) => pieces.push(t) }).respond(request(1));
    expect(reply).toMatchObject({
      content: [
        { type: "text", text: "Searching now." },
        { type: "tool_use", id: "call_a", name: "search", input: { q: "hooks" } },
        { type: "tool_use", id: "call_b", name: "search", input: { q: "agents", page: 2 } },
      ],
      stopReason: "tool_use",
      meta: { provider: { name: "local", kind: "openai", model: "llama3.2" }, usage: { inputTokens: 31, outputTokens: 12 } },
    });
    expect(pieces.join("")).toBe("Searching now.");
    expect(pieces).toEqual(["Sea", "rch", "ing", " no", "w."]);
    const sent = server.modelCalls().at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toEqual({
      model: "llama3.2",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Find hooks" },
      ],
      max_completion_tokens: 200,
      stream_options: { include_usage: true },
      tools: [{ type: "function", function: { name: "search", description: "Searches the web.", parameters: { type: "object", properties: { q: { type: "string" } } } } }],
      stream: true,
    });
  });

  it("maps tool_use to tool_calls and tool_result to tool messages placed before the user's text", async () => {
    server.script([{ kind: "stream", reply: { text: "Done.", finishReason: "stop" } }]);
    const reply = await createLiveModelProvider({ model: model({ model: "qwen3", temperature: 0 }), providers: [config] }).respond(
      request(2, {
        system: null,
        messages: [
          { role: "user", content: [{ type: "text", text: "Find hooks" }] },
          { role: "assistant", content: [{ type: "text", text: "Looking." }, { type: "tool_use", id: "call_a", name: "search", input: { q: "hooks" } }] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "call_a", content: [{ type: "text", text: "r1" }], is_error: false }, { type: "text", text: "Be quick." }] },
        ],
      }),
    );
    expect(reply).toMatchObject({ content: [{ type: "text", text: "Done." }], stopReason: "end_turn", meta: { provider: { model: "qwen3" } } });
    expect(server.modelCalls().at(-1)?.body).toMatchObject({
      model: "qwen3",
      temperature: 0,
      messages: [
        { role: "user", content: "Find hooks" },
        { role: "assistant", content: "Looking.", tool_calls: [{ id: "call_a", type: "function", function: { name: "search", arguments: '{"q":"hooks"}' } }] },
        { role: "tool", tool_call_id: "call_a", content: "r1" },
        { role: "user", content: "Be quick." },
      ],
    });
  });

  it("sends a user message's images as image_url parts with a data URL, in block order, after its tool results", async () => {
    server.script([{ kind: "stream", reply: { text: "A red pixel.", finishReason: "stop" } }]);
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
    const reply = await createLiveModelProvider({ model: model(), providers: [config] }).respond(
      request(3, {
        system: null,
        tools: [],
        messages: [
          { role: "assistant", content: [{ type: "tool_use", id: "call_s", name: "shot", input: {} }] },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "call_s", content: "saved" },
              { type: "text", text: "What is in this image?" },
              { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
              { type: "text", text: "And this one?" },
              { type: "image", source: { type: "base64", media_type: "image/jpeg", data: "/9j/4AAQ" } },
            ],
          },
        ],
      }),
    );
    expect(reply).toMatchObject({ content: [{ type: "text", text: "A red pixel." }], stopReason: "end_turn" });
    expect(server.modelCalls().at(-1)?.body).toEqual({
      model: "llama3.2",
      messages: [
        { role: "assistant", content: null, tool_calls: [{ id: "call_s", type: "function", function: { name: "shot", arguments: "{}" } }] },
        { role: "tool", tool_call_id: "call_s", content: "saved" },
        {
          role: "user",
          content: [
            { type: "text", text: "What is in this image?" },
            { type: "image_url", image_url: { url: `data:image/png;base64,${png}` } },
            { type: "text", text: "And this one?" },
            { type: "image_url", image_url: { url: "data:image/jpeg;base64,/9j/4AAQ" } },
          ],
        },
      ],
      max_completion_tokens: 200,
      stream_options: { include_usage: true },
      stream: true,
    });
  });

  it("finish_reason length is max_tokens", async () => {
    server.script([{ kind: "stream", reply: { text: "cut", finishReason: "length" } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1))).toMatchObject({ stopReason: "max_tokens" });
  });

  it("arguments that are not JSON are a malformed answer", async () => {
    server.script([{ kind: "stream", reply: { toolCalls: [{ id: "call_x", name: "search", arguments: '{"q": "unterminated' }] } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "local" (${server.url}/v1) sent a malformed answer: the arguments of tool call search are not JSON: {"q": "unterminated`,
      meta: { rejection: { kind: "malformed" } },
    });
  });

  it("401, 403, 429 with retry-after, 529 and 500 become rejections in plain words", async () => {
    const provider = createLiveModelProvider({ model: model(), providers: [{ ...config, apiKey: "sk-wrong-000000000000" }] });
    expect(await provider.respond(request(1))).toMatchObject({ meta: { rejection: { kind: "auth", status: 401 } } });
    server.script([
      { kind: "status", status: 403, body: { error: { message: "not allowed", type: "permission_error" } } },
      { kind: "status", status: 429, body: { error: { message: "Rate limit reached", type: "requests" } }, headers: { "retry-after": "12" } },
      { kind: "status", status: 529, body: { error: { message: "overloaded", type: "server_error" } } },
      { kind: "status", status: 500, body: { error: { message: "boom", type: "server_error" } } },
    ]);
    const ok = createLiveModelProvider({ model: model(), providers: [config] });
    expect(await ok.respond(request(1))).toMatchObject({ meta: { rejection: { kind: "permission", status: 403 } } });
    expect(await ok.respond(request(1))).toMatchObject({
      error: `provider "local" (${server.url}/v1) is rate limiting this key (429 Too Many Requests); retry after 12 s. It said: "Rate limit reached"`,
      meta: { rejection: { kind: "rate_limit", status: 429, retryAfterSeconds: 12 } },
    });
    expect(await ok.respond(request(1))).toMatchObject({ error: `provider "local" (${server.url}/v1) is overloaded (529). It said: "overloaded"`, meta: { rejection: { kind: "overloaded", status: 529, retryAfterSeconds: null } } });
    expect(await ok.respond(request(1))).toMatchObject({ error: `provider "local" (${server.url}/v1) answered 500. It said: "boom"`, meta: { rejection: { kind: "http", status: 500 } } });
  });

  it("an error chunk inside the stream is a rejection with the server's words", async () => {
    server.script([{ kind: "stream", reply: { text: "partial answer", streamError: { message: "model crashed", type: "server_error" } } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "local" (${server.url}/v1) stopped the stream with server_error. It said: "model crashed"`,
      meta: { rejection: { kind: "http", status: null } },
    });
  });

  it("times out, and a refused connection says so", async () => {
    server.script([{ kind: "hang" }]);
    expect(await createLiveModelProvider({ model: model({ timeoutMs: 250 }), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "local" (${server.url}/v1) did not answer within 250 ms (timeout)`,
      meta: { rejection: { kind: "timeout" } },
    });
    const gone = await startFakeOpenAI();
    await gone.close();
    expect(await createLiveModelProvider({ model: model(), providers: [{ ...config, baseURL: `${gone.url}/v1` }] }).respond(request(1))).toMatchObject({
      error: `could not connect to provider "local" (${gone.url}/v1): connection refused (is the server running?)`,
    });
  });

  it("a server that needs no key (Ollama) is called without one configured", async () => {
    const open = await startFakeOpenAI({ key: null });
    open.script([{ kind: "stream", reply: { text: "hi" } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [{ ...config, baseURL: `${open.url}/v1`, apiKey: null }] }).respond(request(1))).toMatchObject({ content: [{ type: "text", text: "hi" }] });
    await open.close();
  });

  it("lists the server's models", async () => {
    expect(await listOpenAIModels(config, 2000)).toEqual(["llama3.2", "qwen3"]);
  });
});
