import { afterEach, beforeEach, expect, it } from "vitest";
import type { Store } from "~/db/store";
import { describeEachStore } from "~/db/testStores";
import { createRunEventBus } from "./eventBus";
import { createRunService } from "./runService";
import { streamRunEvents } from "./streamEvents";
import { fixtureEngine } from "./testing/fixtureEngine";

const doc = { format: "hookwright.pipeline/v1", name: "p", profile: "vellum", scenarios: [{ name: "default", prompt: "hi", model: { kind: "scripted", responses: [] } }] };

describeEachStore("streamRunEvents", (kind) => {
  let store: Store;
  beforeEach(async () => {
    store = await kind.open();
  });
  afterEach(() => store.close());

  it("keeps the run going and recorded after the viewer goes away", async () => {
    const bus = createRunEventBus();
    const service = createRunService({ store, bus, engine: fixtureEngine(5) });
    const p = await store.pipelines.create(doc);
    const { runId } = await service.start({ pipelineId: p.id, scenario: { name: "default" }, eventDelayMs: 2 });
    const abort = new AbortController();
    const seen: number[] = [];
    for await (const e of streamRunEvents({ runs: store.runs, bus, runId, afterSeq: 0, signal: abort.signal })) {
      seen.push(e.seq);
      if (seen.length === 3) abort.abort();
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(service.isActive(runId)).toBe(true);
    await service.settled(runId);
    expect(await store.runs.get(runId)).toMatchObject({ status: "finished", exitReason: "completed", eventCount: 32 });
    expect((await store.runs.readAllEvents(runId)).map((e) => e.seq)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it("joins a run in progress: backlog first, then live, each event once", async () => {
    const bus = createRunEventBus();
    const service = createRunService({ store, bus, engine: fixtureEngine(5) });
    const p = await store.pipelines.create(doc);
    const { runId } = await service.start({ pipelineId: p.id, scenario: { name: "default" }, eventDelayMs: 2 });
    await new Promise((r) => setTimeout(r, 25));
    const seqs: number[] = [];
    for await (const e of streamRunEvents({ runs: store.runs, bus, runId, afterSeq: 0 })) seqs.push(e.seq);
    await service.settled(runId);
    expect(seqs).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it("says which run does not exist", async () => {
    const gen = streamRunEvents({ runs: store.runs, bus: createRunEventBus(), runId: "missing", afterSeq: 0, awaitStartMs: 30 });
    await expect(gen.next()).rejects.toThrow("run missing does not exist");
  });

  it("lets a client subscribe to the run id it chose before starting the run", async () => {
    const bus = createRunEventBus();
    const service = createRunService({ store, bus, engine: fixtureEngine(2) });
    const p = await store.pipelines.create(doc);
    const runId = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
    const seqs: number[] = [];
    const reading = (async () => {
      for await (const e of streamRunEvents({ runs: store.runs, bus, runId, afterSeq: 0 })) seqs.push(e.seq);
    })();
    await new Promise((r) => setTimeout(r, 20));
    await service.start({ pipelineId: p.id, scenario: { name: "default" }, runId });
    await reading;
    await service.settled(runId);
    expect(seqs).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    await expect(service.start({ pipelineId: p.id, scenario: { name: "default" }, runId })).rejects.toThrow(`run id ${runId} is already used`);
  });
});
