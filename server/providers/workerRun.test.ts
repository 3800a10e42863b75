import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIPELINE_FORMAT } from "../../core/pipeline/schema";
import { openTestStore } from "../../db/testDatabase";
import { createRunEventBus } from "../runs/eventBus";
import { defaultRunEngine } from "../runs/engine";
import { createRunService } from "../runs/runService";
import { createRunPool, type RunPool } from "../runs/workers/pool";
import { startFakeAnthropic, type FakeAnthropicServer } from "./testing/fakeAnthropic";
import { subscribeModelText } from "./textBus";
import type { ProviderConfig } from "./types";

/*
 * The app's way: runs on a worker thread of the pool. The provider is called from the worker,
 * its streamed text crosses to the server's thread, and Cancel crosses the other way.
 */

const KEY = "sk-ant-worker-test-1234";
let server: FakeAnthropicServer;
let pool: RunPool;
beforeAll(async () => {
  server = await startFakeAnthropic({ key: KEY });
  pool = createRunPool({ workers: 1, workerMemoryMiB: 512, graceMs: 2000 });
});
afterAll(async () => {
  await pool.close();
  await server.close();
});

describe("a real-model run on a run worker", () => {
  it("streams the reply's text to the server's thread, and a cancel reaches the worker", async () => {
    const store = openTestStore();
    try {
      const providers: ProviderConfig[] = [{ name: "claude", kind: "anthropic", baseURL: server.url, defaultModel: "claude-test", apiKey: KEY, source: "settings" }];
      const service = createRunService({ store, bus: createRunEventBus(), engine: defaultRunEngine, executor: pool, providers: async () => providers });
      const { id } = await store.pipelines.create({
        format: PIPELINE_FORMAT,
        name: "worker",
        profile: "vellum",
        scenarios: [{ name: "live", prompt: "hi", model: { kind: "provider", provider: "claude", timeoutMs: 10_000 } }],
      });

      server.script([{ kind: "stream", reply: { content: [{ type: "text", text: "Hello from the worker." }], chunkChars: 6, usage: { input: 3, output: 4 } } }]);
      const first = crypto.randomUUID();
      const pieces: string[] = [];
      const stop = subscribeModelText(first, (p) => pieces.push(p.text));
      await service.start({ pipelineId: id, scenario: { name: "live" }, runId: first });
      await service.settled(first);
      stop();
      expect(pieces).toEqual(["Hello ", "from t", "he wor", "ker."]);
      expect((await store.runs.get(first))?.exitReason).toBe("no_tool_calls");
      expect((await store.runs.readAllEvents(first)).find((e) => e.type === "model.response")).toMatchObject({ content: [{ type: "text", text: "Hello from the worker." }], usage: { inputTokens: 3, outputTokens: 4 } });

      server.script([{ kind: "stream", reply: { content: [{ type: "text", text: "slow slow slow slow slow slow slow" }], chunkChars: 1 }, chunkDelayMs: 100 }]);
      const second = crypto.randomUUID();
      let asked = false;
      const stopSecond = subscribeModelText(second, () => {
        if (asked) return;
        asked = true;
        void service.cancel(second);
      });
      const started = Date.now();
      await service.start({ pipelineId: id, scenario: { name: "live" }, runId: second });
      await service.settled(second);
      stopSecond();
      expect((await store.runs.get(second))?.exitReason).toBe("aborted_via_error");
      // Cancelled after its first piece, not after all 34 (3.4 s).
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      await store.close();
    }
  }, 60_000);
});
