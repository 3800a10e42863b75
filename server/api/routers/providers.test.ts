import { readFileSync, statSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PIPELINE_FORMAT } from "~/core/pipeline/schema";
import { openTestStore } from "~/db/testDatabase";
import { getRunBus, provideRunService } from "~/server/runs";
import { defaultRunEngine } from "~/server/runs/engine";
import { createRunService, type RunService } from "~/server/runs/runService";
import { getProviderService } from "~/server/providers/registry";
import { startFakeAnthropic, type FakeAnthropicServer } from "~/server/providers/testing/fakeAnthropic";
import { createCaller } from "../root";
import { createContextInner } from "../trpc";

const KEY = "sk-ant-api03-SECRET-do-not-leak-wxyz";
let server: FakeAnthropicServer;
beforeAll(async () => {
  server = await startFakeAnthropic({ key: KEY, models: ["claude-a", "claude-b"] });
});
afterAll(() => server.close());

describe("providers API: a key goes in and never comes back out", () => {
  let store: ReturnType<typeof openTestStore>;
  let service: RunService;
  beforeEach(async () => {
    store = openTestStore();
    service = createRunService({ store, bus: getRunBus(), engine: defaultRunEngine, providers: () => getProviderService(store).resolve() });
    provideRunService(store, service);
  });
  afterEach(() => store.close());
  const caller = () => createCaller(createContextInner({ store }));

  it("stores the key sealed, shows only sk-…wxyz, keeps it on edits without a key, removes it on request", async () => {
    const saved = await caller().providers.save({ name: "claude", kind: "anthropic", baseUrl: server.url, defaultModel: "claude-a", apiKey: KEY });
    expect(saved).toEqual({ id: expect.any(String), name: "claude", kind: "anthropic", baseUrl: server.url, defaultModel: "claude-a", keyHint: "sk-…wxyz", source: "settings" });
    const list = await caller().providers.list();
    expect(list.providers).toEqual([saved]);
    expect(JSON.stringify(list)).not.toContain("SECRET");

    // The database file holds it only sealed; the secret file beside it is 0600.
    expect(store.handle.sqlite.serialize().includes(Buffer.from(KEY))).toBe(false);
    expect(store.handle.sqlite.prepare("select key_sealed from model_providers").get()).toEqual({ key_sealed: expect.stringMatching(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/) });
    expect(statSync(`${store.location}.secret`).mode & 0o777).toBe(0o600);
    expect(readFileSync(store.location).includes(Buffer.from(KEY))).toBe(false);

    const renamed = await caller().providers.save({ id: saved.id ?? "", name: "claude", kind: "anthropic", baseUrl: server.url, defaultModel: "claude-b" });
    expect(renamed.keyHint).toBe("sk-…wxyz");
    expect((await caller().providers.testConnection({ name: "claude" }))).toEqual({ ok: true, models: ["claude-a", "claude-b"] });
    const cleared = await caller().providers.save({ id: saved.id ?? "", name: "claude", kind: "anthropic", baseUrl: server.url, defaultModel: "claude-b", apiKey: "" });
    expect(cleared.keyHint).toBeNull();
  });

  it("Test connection says a refused key plainly, without the key", async () => {
    await caller().providers.save({ name: "wrong", kind: "anthropic", baseUrl: server.url, apiKey: "sk-ant-wrong-0000-1111" });
    const result = await caller().providers.testConnection({ name: "wrong" });
    expect(result).toEqual({ ok: false, error: `provider "wrong" (${server.url}) refused the API key (401 Unauthorized): the key is wrong, revoked or missing; fix it in Settings → Model providers. It said: "invalid x-api-key"` });
    await expect(caller().providers.testConnection({ name: "nope" })).rejects.toThrow('no provider named "nope" is configured');
  });

  it("refuses bad entries by field, and a taken name", async () => {
    await expect(caller().providers.save({ name: "has space", kind: "openai" })).rejects.toThrow("name: a provider name is letters, digits, '.', '_' or '-'");
    await expect(caller().providers.save({ name: "ok", kind: "openai", baseUrl: "localhost:11434" })).rejects.toThrow("baseUrl: the base URL starts with http:// or https://");
    // @ts-expect-error: an unknown kind is what a hand-written request may send
    await expect(caller().providers.save({ name: "ok", kind: "gemini" })).rejects.toThrow("kind is one of: anthropic, openai");
    await caller().providers.save({ name: "ollama", kind: "openai", baseUrl: "http://127.0.0.1:11434/v1" });
    await expect(caller().providers.save({ name: "ollama", kind: "openai" })).rejects.toThrow('a provider named "ollama" already exists');
  });

  it("a run, its events, its pipeline and the export never carry the key", async () => {
    await caller().providers.save({ name: "claude", kind: "anthropic", baseUrl: server.url, defaultModel: "claude-a", apiKey: KEY });
    const p = await store.pipelines.create({
      format: PIPELINE_FORMAT,
      name: "live",
      profile: "vellum",
      scenarios: [{ name: "default", prompt: "hi", model: { kind: "provider", provider: "claude" } }],
    });
    server.script([{ kind: "stream", reply: { content: [{ type: "text", text: "Hello." }] } }]);
    const { runId } = await caller().runs.start({ pipelineId: p.id, scenarioName: "default" });
    await service.settled(runId);
    const answers = [
      await caller().runs.get({ runId }),
      await caller().runs.events({ runId, afterSeq: 0, limit: 1000 }),
      await caller().runs.list({ pipelineId: p.id }),
      await caller().providers.runUsage({ runId }),
      await caller().pipelines.get({ id: p.id }),
      await caller().bundles.preview({ id: p.id }),
    ];
    expect(answers[3]).toEqual({ calls: 1, recorded: 0, inputTokens: 10, outputTokens: 5, models: ["claude/claude-a"] });
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain("SECRET");
    expect(store.handle.sqlite.serialize().includes(Buffer.from(KEY))).toBe(false);
  });
});
