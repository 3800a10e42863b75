import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PIPELINE_FORMAT, type PipelineInput, type Scenario } from "../../core/pipeline/schema";
import { firstDivergence } from "../../core/run/divergence";
import { scenarioFromTrace } from "../../core/run/scenarioFromTrace";
import type { TraceEvent } from "../../core/trace/events";
import { openTestStore } from "../../db/testDatabase";
import { createRunEventBus } from "../runs/eventBus";
import { defaultRunEngine } from "../runs/engine";
import { createRunService, type RunService } from "../runs/runService";
import { createProviderService, type ProviderService } from "./service";
import { startFakeAnthropic, type FakeAnthropicServer } from "./testing/fakeAnthropic";
import { startFakeOpenAI, type FakeOpenAIServer } from "./testing/fakeOpenAI";
import { subscribeModelText } from "./textBus";

/*
 * Whole runs against real providers: the run service, the engine, the QuickJS sandbox running
 * the hooks, the official SDKs, and local servers speaking each wire protocol.
 */

const CLAUDE_KEY = "sk-ant-live-test-key-7f3a9c";
const LOCAL_KEY = "sk-local-live-test-key-55e1";
let anthropic: FakeAnthropicServer;
let local: FakeOpenAIServer;

beforeAll(async () => {
  anthropic = await startFakeAnthropic({ key: CLAUDE_KEY, models: ["claude-test"] });
  local = await startFakeOpenAI({ key: LOCAL_KEY, models: ["llama3.2"] });
});
afterAll(async () => {
  await anthropic.close();
  await local.close();
});

const providerScenario: Scenario = {
  name: "live",
  description: "",
  prompt: "Find facts about hooks.",
  history: [],
  system: "Be brief.",
  model: { kind: "provider", provider: "claude", model: "claude-test", maxTokens: 512, maxInputTokens: 200_000, timeoutMs: 5000, retries: 0, profiles: { cheap: { provider: "local" } } },
  tools: [{ name: "search", description: "Searches.", inputSchema: { type: "object", properties: { q: { type: "string" } } }, results: ["hooks run on transitions"] }],
  limits: { maxModelCalls: 5, maxToolCalls: 5, compactAtChars: null },
  clockStart: 1_767_225_600_000,
  seed: 1,
};

/** Vellum: post-tool-use marks every result; pre-model-call routes the second call to the "cheap" inference profile. */
const vellumPipeline: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Live hooks",
  profile: "vellum",
  hooks: [
    { id: "mark", point: "post-tool-use", name: "mark-results", enabled: true, code: 'export default async function (ctx) { ctx.toolResponse = { ...ctx.toolResponse, content: ctx.toolResponse.content + " [checked]" }; }' },
    { id: "route", point: "pre-model-call", name: "route-second-call", enabled: true, code: 'let n = 0;\nexport default async function (ctx) { n++; if (n === 2) ctx.modelProfile = "cheap"; }' },
  ],
  scenarios: [providerScenario],
};

describe("a run against real providers", () => {
  let store: ReturnType<typeof openTestStore>;
  let providers: ProviderService;
  let service: RunService;
  let pipelineId: string;

  beforeEach(async () => {
    store = openTestStore();
    providers = createProviderService({ store, dbFile: store.location, env: {} });
    await providers.save({ name: "claude", kind: "anthropic", baseUrl: anthropic.url, defaultModel: "claude-test", apiKey: CLAUDE_KEY });
    await providers.save({ name: "local", kind: "openai", baseUrl: `${local.url}/v1`, defaultModel: "llama3.2", apiKey: LOCAL_KEY });
    service = createRunService({ store, bus: createRunEventBus(), engine: defaultRunEngine, providers: () => providers.resolve() });
    pipelineId = (await store.pipelines.create(vellumPipeline)).id;
  });
  afterEach(() => store.close());

  async function finished(start: () => Promise<{ runId: string }>) {
    const { runId } = await start();
    await service.settled(runId);
    return { runId, events: await store.runs.readAllEvents(runId), row: await store.runs.get(runId) };
  }
  const of = <T extends TraceEvent["type"]>(events: TraceEvent[], type: T) => events.filter((e): e is Extract<TraceEvent, { type: T }> => e.type === type);

  function scriptTurn() {
    anthropic.script([{ kind: "stream", reply: { content: [{ type: "text", text: "Searching." }, { type: "tool_use", id: "toolu_s1", name: "search", input: { q: "hooks" } }], usage: { input: 50, output: 20 } } }]);
    local.script([{ kind: "stream", reply: { text: "Hooks run on transitions.", usage: { prompt: 80, completion: 9 } } }]);
  }

  it("streams, runs the tool and the hooks, follows the hook's route, and records provider, usage and timing", async () => {
    scriptTurn();
    const streamed: string[] = [];
    const before = { claude: anthropic.modelCalls().length, local: local.modelCalls().length };
    const runId = crypto.randomUUID();
    const stop = subscribeModelText(runId, (p) => streamed.push(`${p.call}:${p.text}`));
    const { events, row } = await finished(() => service.start({ pipelineId, scenario: { name: "live" }, runId }));
    stop();
    expect(row?.exitReason).toBe("no_tool_calls");
    expect(streamed.join("")).toBe("1:Sear1:chin1:g.2:Hook2:s ru2:n on2: tra2:nsit2:ions2:.");

    const requests = of(events, "model.request");
    expect(requests.map((r) => r.route ?? null)).toEqual([null, { profile: "cheap" }]);
    const responses = of(events, "model.response");
    expect(responses.map((r) => [r.provider, r.usage])).toEqual([
      [{ name: "claude", kind: "anthropic", model: "claude-test" }, { inputTokens: 50, outputTokens: 20 }],
      [{ name: "local", kind: "openai", model: "llama3.2", routing: 'routed by hooks: inference profile "cheap"' }, { inputTokens: 80, outputTokens: 9 }],
    ]);
    expect(responses[0]?.stream).toMatchObject({ textChars: 10 });
    expect(of(events, "run.end")[0]?.usage).toEqual({ inputTokens: 130, outputTokens: 29 });
    expect(of(events, "tool.call")).toMatchObject([{ toolUseId: "toolu_s1", name: "search", input: { q: "hooks" } }]);
    expect(of(events, "tool.result")).toMatchObject([{ toolUseId: "toolu_s1", content: "hooks run on transitions" }]);
    const mark = of(events, "hook.end").find((e) => e.hookId === "mark");
    expect(mark?.patch).toEqual([{ op: "replace", path: "/toolResponse/content", value: "hooks run on transitions [checked]" }]);
    // The routed call reached the local server, with the marked tool result as a tool message.
    expect(anthropic.modelCalls().length - before.claude).toBe(1);
    expect(local.modelCalls().length - before.local).toBe(1);
    expect((local.modelCalls().at(-1)?.body as { messages: unknown[] }).messages).toContainEqual({ role: "tool", tool_call_id: "toolu_s1", content: "hooks run on transitions [checked]" });

    // No key anywhere in the trace; the database file holds the keys only sealed.
    const stored = JSON.stringify(await store.runs.readAllStoredEvents(row?.id ?? ""));
    for (const key of [CLAUDE_KEY, LOCAL_KEY]) {
      expect(stored).not.toContain(key);
      expect(store.handle.sqlite.serialize().includes(Buffer.from(key))).toBe(false);
    }
    expect(store.handle.sqlite.prepare("select key_sealed, key_hint from model_providers order by name").all()).toEqual([
      { key_sealed: expect.stringMatching(/^v1\./), key_hint: "sk-…3a9c" },
      { key_sealed: expect.stringMatching(/^v1\./), key_hint: "sk-…55e1" },
    ]);
    // The trace follows the contract.
    const checker = "/work/shared/tools/check-trace.mjs";
    if (existsSync(checker)) {
      const out = spawnSync(process.execPath, [checker, "-"], { input: (await store.runs.readAllStoredEvents(row?.id ?? "")).map((e) => JSON.stringify(e)).join("\n"), encoding: "utf8" });
      expect(out.stdout).toContain("trace follows the contract");
    }
  });

  it("re-run answers from the recording and calls no provider; re-run live calls them again", async () => {
    scriptTurn();
    const first = await finished(() => service.start({ pipelineId, scenario: { name: "live" } }));
    const calls = anthropic.modelCalls().length + local.modelCalls().length;
    const rerun = await finished(() => service.rerun({ runId: first.runId }));
    expect(anthropic.modelCalls().length + local.modelCalls().length).toBe(calls);
    expect(of(rerun.events, "model.response").map((r) => r.content)).toEqual(of(first.events, "model.response").map((r) => r.content));
    expect(rerun.row?.exitReason).toBe("no_tool_calls");
    expect(of(rerun.events, "model.response").map((r) => [r.provider?.name, r.recorded, r.usage])).toEqual([
      ["claude", true, { inputTokens: 50, outputTokens: 20 }],
      ["local", true, { inputTokens: 80, outputTokens: 9 }],
    ]);
    // Nothing was spent this time; the per-call usage stays with the recorded replies.
    expect(of(rerun.events, "run.end")[0]?.usage).toBeUndefined();
    // Same hooks, same recorded replies: the same turn (stream timing, token counts and `recorded` do not count).
    expect(firstDivergence(await store.runs.readAllStoredEvents(first.runId), await store.runs.readAllStoredEvents(rerun.runId))).toBeNull();

    anthropic.script([{ kind: "stream", reply: { content: [{ type: "text", text: "No search needed." }] } }]);
    const live = await finished(() => service.rerun({ runId: first.runId, live: true }));
    expect(anthropic.modelCalls().length + local.modelCalls().length).toBe(calls + 1);
    expect(of(live.events, "model.response").map((r) => r.content)).toEqual([[{ type: "text", text: "No search needed." }]]);
    expect(live.row?.rerunOf).toBe(first.runId);
    // Compare points at the model's new answer.
    expect(firstDivergence(await store.runs.readAllStoredEvents(first.runId), await store.runs.readAllStoredEvents(live.runId))).toMatchObject({ reason: "model.response differs" });
  });

  it("save as scenario turns the real run into a scripted one that runs offline", async () => {
    scriptTurn();
    const first = await finished(() => service.start({ pipelineId, scenario: { name: "live" } }));
    const scripted = scenarioFromTrace({ events: first.events, scenario: providerScenario, name: "recorded" });
    expect(scripted.model).toEqual({
      kind: "scripted",
      maxInputTokens: 200_000,
      responses: [
        { content: [{ type: "text", text: "Searching." }, { type: "tool_use", id: "toolu_s1", name: "search", input: { q: "hooks" } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: "Hooks run on transitions." }], stopReason: "end_turn" },
      ],
    });
    const calls = anthropic.modelCalls().length + local.modelCalls().length;
    const offline = await finished(() => service.start({ pipelineId, scenario: { inline: scripted } }));
    expect(offline.row?.exitReason).toBe("no_tool_calls");
    expect(anthropic.modelCalls().length + local.modelCalls().length).toBe(calls);
  });

  it("a provider rejection reaches the hooks as the model call's error (Vellum post-model-call)", async () => {
    anthropic.script([{ kind: "status", status: 529, body: { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, headers: { "retry-after": "3" } }]);
    const { events, row } = await finished(() => service.start({ pipelineId, scenario: { name: "live" } }));
    expect(row?.exitReason).toBe("error");
    expect(of(events, "model.response")).toMatchObject([{ error: `provider "claude" (${anthropic.url}) is overloaded (529); retry after 3 s. It said: "Overloaded"`, rejection: { kind: "overloaded", status: 529, retryAfterSeconds: 3 } }]);
  });

  it("cancel aborts the streaming call and ends the run as cancelled", async () => {
    anthropic.script([{ kind: "stream", reply: { content: [{ type: "text", text: "a slow answer that keeps going and going" }], chunkChars: 2 }, chunkDelayMs: 50 }]);
    const runId = crypto.randomUUID();
    let cancelled = false;
    const stop = subscribeModelText(runId, () => {
      if (cancelled) return;
      cancelled = true;
      void service.cancel(runId);
    });
    const { events, row } = await finished(() => service.start({ pipelineId, scenario: { name: "live" }, runId }));
    stop();
    expect(row?.exitReason).toBe("aborted_via_error");
    expect(of(events, "model.response")).toMatchObject([{ error: "the turn was cancelled while the model was answering" }]);
    await expect(service.cancel(runId)).rejects.toThrow(`run ${runId} is not running, so there is nothing to cancel`);
    // The recording ends the same way when re-run; as a scenario, the cancel is not a reply.
    const calls = anthropic.modelCalls().length;
    expect((await finished(() => service.rerun({ runId }))).row?.exitReason).toBe("aborted_via_error");
    expect(anthropic.modelCalls().length).toBe(calls);
    expect(scenarioFromTrace({ events, scenario: providerScenario, name: "cancelled" }).model.responses).toEqual([]);
  });

  it("refuses to start a scenario whose provider is not configured, naming the ones that are", async () => {
    await expect(service.start({ pipelineId, scenario: { inline: { ...providerScenario, model: { ...providerScenario.model, provider: "openrouter" } as Scenario["model"] } } })).rejects.toThrow(
      'scenario "live" calls provider "openrouter", which is not configured on this server (configured: claude, local); add it in Settings → Model providers',
    );
  });

  it("OpenClaw providerOverride / modelOverride pick the provider and model of the call, and the trace says so", async () => {
    const openclaw = (await store.pipelines.create({
      format: PIPELINE_FORMAT,
      name: "Route",
      profile: "openclaw",
      hooks: [{ id: "r", point: "before_model_resolve", name: "route", enabled: true, code: 'export default async () => ({ providerOverride: "local", modelOverride: "qwen3" });' }],
      scenarios: [{ ...providerScenario, tools: [] }],
      // The host runs before_model_resolve only for plugins allowed conversation access.
      hostSettings: { allowConversationAccess: true },
    })).id;
    local.script([{ kind: "stream", reply: { text: "from qwen" } }]);
    const { events } = await finished(() => service.start({ pipelineId: openclaw, scenario: { name: "live" } }));
    expect(of(events, "model.request")[0]?.route).toEqual({ provider: "local", model: "qwen3" });
    expect(of(events, "model.response")[0]).toMatchObject({
      content: [{ type: "text", text: "from qwen" }],
      provider: { name: "local", kind: "openai", model: "qwen3", routing: 'routed by hooks: provider override "local", model override "qwen3"' },
    });
    expect((local.modelCalls().at(-1)?.body as { model: string }).model).toBe("qwen3");
  });
});
