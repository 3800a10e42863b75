import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ModelRequest } from "../../core/engine/ports";
import { providerModelSchema } from "../../core/pipeline/schema";
import { listAnthropicModels } from "./anthropic";
import { createLiveModelProvider } from "./live";
import { startFakeAnthropic, type FakeAnthropicServer } from "./testing/fakeAnthropic";
import type { ProviderConfig } from "./types";

const KEY = "sk-ant-test-0123456789abcd";
let server: FakeAnthropicServer;
let config: ProviderConfig;

beforeAll(async () => {
  server = await startFakeAnthropic({ key: KEY, models: ["claude-test-1", "claude-test-2"] });
  config = { name: "claude", kind: "anthropic", baseURL: server.url, defaultModel: "claude-test-1", apiKey: KEY, source: "settings" };
});
afterAll(() => server.close());

const tools: ModelRequest["tools"] = [{ name: "search", description: "Searches the web.", inputSchema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } }];
const request = (call: number, extra: Partial<ModelRequest> = {}): ModelRequest => ({ call, system: "Be brief.", messages: [{ role: "user", content: [{ type: "text", text: "Find hooks" }] }], tools, ...extra });
const model = (extra: Record<string, unknown> = {}) => providerModelSchema.parse({ kind: "provider", provider: "claude", model: "claude-test-2", maxTokens: 300, temperature: 0.2, ...extra });

describe("Anthropic provider through the official SDK against a local Messages API server", () => {
  it("streams text and a tool call split across chunks, and reports usage and stream timing", async () => {
    server.script([
      { kind: "stream", reply: { content: [{ type: "text", text: "Let me search for that." }, { type: "tool_use", id: "toolu_01", name: "search", input: { q: "agent hooks", limit: 3 } }], usage: { input: 42, output: 17 }, chunkChars: 5 } },
    ]);
    const pieces: string[] = [];
    const provider = createLiveModelProvider({ model: model(), providers: [config], onText: (call, text) => pieces.push(`${call}:${text}`) });
    const reply = await provider.respond(request(1));
    expect(reply).toMatchObject({
      content: [
        { type: "text", text: "Let me search for that." },
        { type: "tool_use", id: "toolu_01", name: "search", input: { q: "agent hooks", limit: 3 } },
      ],
      stopReason: "tool_use",
      meta: { provider: { name: "claude", kind: "anthropic", model: "claude-test-2" }, usage: { inputTokens: 42, outputTokens: 17 } },
    });
    expect(pieces).toEqual(["1:Let m", "1:e sea", "1:rch f", "1:or th", "1:at."]);
    const meta = "meta" in reply ? reply.meta : undefined;
    // Every event but ping: message_start, (block start, 5 text deltas, stop), (block start, 6 JSON deltas, stop), message_delta, message_stop.
    expect(meta?.stream).toMatchObject({ textChars: 23, chunks: 1 + (1 + 5 + 1) + (1 + 6 + 1) + 2 });
    expect(meta?.stream?.firstTextMs).not.toBeNull();

    const sent = server.modelCalls().at(-1);
    expect(sent?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent?.body).toEqual({
      model: "claude-test-2",
      max_tokens: 300,
      messages: [{ role: "user", content: [{ type: "text", text: "Find hooks" }] }],
      system: "Be brief.",
      tools: [{ name: "search", description: "Searches the web.", input_schema: { type: "object", properties: { q: { type: "string" } }, required: ["q"] } }],
      temperature: 0.2,
      stream: true,
    });
  });

  it("sends tool results back as tool_result blocks in the user message", async () => {
    server.script([{ kind: "stream", reply: { content: [{ type: "text", text: "Found 3." }] } }]);
    const provider = createLiveModelProvider({ model: model(), providers: [config] });
    const reply = await provider.respond(
      request(2, {
        messages: [
          { role: "user", content: [{ type: "text", text: "Find hooks" }] },
          { role: "assistant", content: [{ type: "tool_use", id: "toolu_01", name: "search", input: { q: "agent hooks" } }] },
          { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "3 results", is_error: false }] },
        ],
      }),
    );
    expect(reply).toMatchObject({ content: [{ type: "text", text: "Found 3." }], stopReason: "end_turn" });
    expect((server.modelCalls().at(-1)?.body as { messages: unknown }).messages).toEqual([
      { role: "user", content: [{ type: "text", text: "Find hooks" }] },
      { role: "assistant", content: [{ type: "tool_use", id: "toolu_01", name: "search", input: { q: "agent hooks" } }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_01", content: "3 results", is_error: false }] },
    ]);
  });

  it("says a refused key plainly (401) and a forbidden model (403)", async () => {
    const wrong = { ...config, apiKey: "sk-ant-wrong-key-000000" };
    const reply = await createLiveModelProvider({ model: model(), providers: [wrong] }).respond(request(1));
    expect(reply).toMatchObject({
      error: `provider "claude" (${server.url}) refused the API key (401 Unauthorized): the key is wrong, revoked or missing; fix it in Settings → Model providers. It said: "invalid x-api-key"`,
      meta: { rejection: { kind: "auth", status: 401, retryAfterSeconds: null } },
    });
    expect(JSON.stringify(reply)).not.toContain("sk-ant-wrong-key");
    server.script([{ kind: "status", status: 403, body: { type: "error", error: { type: "permission_error", message: "model not allowed" } } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "claude" (${server.url}) refused the request (403 Forbidden): this key may not use model "claude-test-2" or this endpoint. It said: "model not allowed"`,
      meta: { rejection: { kind: "permission", status: 403 } },
    });
  });

  it("reports 429 and 529 with their retry-after, without retrying by default", async () => {
    server.script([
      { kind: "status", status: 429, body: { type: "error", error: { type: "rate_limit_error", message: "slow down" } }, headers: { "retry-after": "7" } },
      { kind: "status", status: 529, body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, headers: { "retry-after": "30" } },
    ]);
    const before = server.modelCalls().length;
    const provider = createLiveModelProvider({ model: model(), providers: [config] });
    expect(await provider.respond(request(1))).toMatchObject({
      error: `provider "claude" (${server.url}) is rate limiting this key (429 Too Many Requests); retry after 7 s. It said: "slow down"`,
      meta: { rejection: { kind: "rate_limit", status: 429, retryAfterSeconds: 7 } },
    });
    expect(await provider.respond(request(2))).toMatchObject({
      error: `provider "claude" (${server.url}) is overloaded (529); retry after 30 s. It said: "Overloaded"`,
      meta: { rejection: { kind: "overloaded", status: 529, retryAfterSeconds: 30 } },
    });
    expect(server.modelCalls().length - before).toBe(2);
  });

  it("retries when the scenario allows it, honouring retry-after", async () => {
    server.script([
      { kind: "status", status: 529, body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, headers: { "retry-after-ms": "10" } },
      { kind: "stream", reply: { content: [{ type: "text", text: "ok" }] } },
    ]);
    const before = server.modelCalls().length;
    expect(await createLiveModelProvider({ model: model({ retries: 1 }), providers: [config] }).respond(request(1))).toMatchObject({ content: [{ type: "text", text: "ok" }] });
    expect(server.modelCalls().length - before).toBe(2);
  });

  it("an overloaded_error inside the stream is an overloaded rejection", async () => {
    server.script([{ kind: "stream", reply: { content: [{ type: "text", text: "partial" }], streamError: { type: "overloaded_error", message: "Overloaded" } } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "claude" (${server.url}) is overloaded (an overloaded_error in the stream). It said: "Overloaded"`,
      meta: { rejection: { kind: "overloaded", status: null } },
    });
  });

  it("times out, and a refused connection says so", async () => {
    server.script([{ kind: "hang" }]);
    expect(await createLiveModelProvider({ model: model({ timeoutMs: 300 }), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "claude" (${server.url}) did not answer within 300 ms (timeout)`,
      meta: { rejection: { kind: "timeout" } },
    });
    const closed = await startFakeAnthropic();
    const url = closed.url;
    await closed.close();
    expect(await createLiveModelProvider({ model: model(), providers: [{ ...config, baseURL: url }] }).respond(request(1))).toMatchObject({
      error: `could not connect to provider "claude" (${url}): connection refused (is the server running?)`,
      meta: { rejection: { kind: "connection", status: null } },
    });
  });

  it("a 200 that is not a Messages API answer is a malformed reply", async () => {
    server.script([{ kind: "raw", status: 200, contentType: "text/event-stream", body: "event: message_start\ndata: {not json\n\n" }]);
    const reply = await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1));
    expect(reply).toMatchObject({ meta: { rejection: { kind: "malformed", status: null } } });
    expect("error" in reply && reply.error.startsWith(`provider "claude" (${server.url}) sent a malformed answer: `)).toBe(true);
  });

  it("tool input that is not JSON is a malformed reply", async () => {
    server.script([{ kind: "stream", reply: { content: [{ type: "tool_use", id: "toolu_9", name: "search", input: {}, rawInput: '{"q": "unterminated' }] } }]);
    expect(await createLiveModelProvider({ model: model(), providers: [config] }).respond(request(1))).toMatchObject({
      error: `provider "claude" (${server.url}) sent a malformed answer: the input of tool call toolu_9 (search) is not complete JSON: {"q": "unterminated`,
      meta: { rejection: { kind: "malformed", status: null } },
    });
  });

  it("cancelling aborts the call in flight", async () => {
    server.script([{ kind: "stream", reply: { content: [{ type: "text", text: "a long answer that streams slowly" }], chunkChars: 2 }, chunkDelayMs: 40 }]);
    const controller = new AbortController();
    const seen: string[] = [];
    const pending = createLiveModelProvider({ model: model(), providers: [config], signal: controller.signal, onText: (_c, t) => {
      seen.push(t);
      if (seen.length === 2) controller.abort();
    } }).respond(request(1));
    expect(await pending).toMatchObject({ error: "the turn was cancelled while the model was answering", code: "cancelled" });
    expect(seen.length).toBeLessThan(5);
  });

  it("lists the server's models (Test connection)", async () => {
    expect(await listAnthropicModels(config, 2000)).toEqual(["claude-test-1", "claude-test-2"]);
  });
});
