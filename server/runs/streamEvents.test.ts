import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DbHandle } from "~/db/client";
import { createPipeline } from "~/db/pipelineStore";
import { createRunEventBus } from "./eventBus";
import { createRunService } from "./runService";
import { getRunRow, readAllEvents } from "./runStore";
import { streamRunEvents } from "./streamEvents";
import { fixtureEngine } from "./testing/fixtureEngine";

const doc = { format: "hookwright.pipeline/v1", name: "p", profile: "vellum", scenarios: [{ name: "default", prompt: "hi", model: { kind: "scripted", responses: [] } }] };

describe("streamRunEvents", () => {
  let handle: DbHandle;
  beforeEach(() => {
    handle = openDatabase({ file: ":memory:" });
  });
  afterEach(() => handle.close());

  it("keeps the run going and recorded after the viewer goes away", async () => {
    const bus = createRunEventBus();
    const service = createRunService({ db: handle.db, bus, engine: fixtureEngine(5) });
    const p = createPipeline(handle.db, doc);
    const { runId } = service.start({ pipelineId: p.id, scenario: { name: "default" }, eventDelayMs: 2 });
    const abort = new AbortController();
    const seen: number[] = [];
    for await (const e of streamRunEvents({ db: handle.db, bus, runId, afterSeq: 0, signal: abort.signal })) {
      seen.push(e.seq);
      if (seen.length === 3) abort.abort();
    }
    expect(seen).toEqual([1, 2, 3]);
    expect(service.isActive(runId)).toBe(true);
    await service.settled(runId);
    expect(getRunRow(handle.db, runId)).toMatchObject({ status: "finished", exitReason: "completed", eventCount: 32 });
    expect(readAllEvents(handle.db, runId).map((e) => e.seq)).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it("joins a run in progress: backlog first, then live, each event once", async () => {
    const bus = createRunEventBus();
    const service = createRunService({ db: handle.db, bus, engine: fixtureEngine(5) });
    const p = createPipeline(handle.db, doc);
    const { runId } = service.start({ pipelineId: p.id, scenario: { name: "default" }, eventDelayMs: 2 });
    await new Promise((r) => setTimeout(r, 25));
    const seqs: number[] = [];
    for await (const e of streamRunEvents({ db: handle.db, bus, runId, afterSeq: 0 })) seqs.push(e.seq);
    await service.settled(runId);
    expect(seqs).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });

  it("says which run does not exist", async () => {
    const gen = streamRunEvents({ db: handle.db, bus: createRunEventBus(), runId: "missing", afterSeq: 0, awaitStartMs: 30 });
    await expect(gen.next()).rejects.toThrow("run missing does not exist");
  });

  it("lets a client subscribe to the run id it chose before starting the run", async () => {
    const bus = createRunEventBus();
    const service = createRunService({ db: handle.db, bus, engine: fixtureEngine(2) });
    const p = createPipeline(handle.db, doc);
    const runId = "6f1c2d3e-4b5a-4c7d-8e9f-0a1b2c3d4e5f";
    const seqs: number[] = [];
    const reading = (async () => {
      for await (const e of streamRunEvents({ db: handle.db, bus, runId, afterSeq: 0 })) seqs.push(e.seq);
    })();
    await new Promise((r) => setTimeout(r, 20));
    service.start({ pipelineId: p.id, scenario: { name: "default" }, runId });
    await reading;
    await service.settled(runId);
    expect(seqs).toEqual(Array.from({ length: 14 }, (_, i) => i + 1));
    expect(() => service.start({ pipelineId: p.id, scenario: { name: "default" }, runId })).toThrow(`run id ${runId} is already used`);
  });
});
