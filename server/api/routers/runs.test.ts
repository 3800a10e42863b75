import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import { getRunBus, provideRunService } from "~/server/runs";
import { createRunService, type RunService } from "~/server/runs/runService";
import { fixtureEngine } from "~/server/runs/testing/fixtureEngine";
import { createCaller } from "../root";
import { createContextInner } from "../trpc";

const doc = {
  format: "hookwright.pipeline/v1",
  name: "p",
  profile: "vellum",
  scenarios: [{ name: "default", prompt: "hi", model: { kind: "scripted", responses: [] } }],
};

describe("runsRouter", () => {
  let store: SqliteStore;
  let service: RunService;
  beforeEach(async () => {
    store = openSqliteStore({ file: ":memory:" });
    service = createRunService({ store, bus: getRunBus(), engine: fixtureEngine(3) });
    provideRunService(store, service);
  });
  afterEach(() => store.close());

  it("records a run and lists it with its summary", async () => {
    const caller = createCaller(createContextInner({ store }));
    const p = await store.pipelines.create(doc);
    const { runId } = await caller.runs.start({ pipelineId: p.id, scenarioName: "default" });
    await service.settled(runId);
    const [row] = await caller.runs.list({ pipelineId: p.id });
    expect(row).toMatchObject({ id: runId, scenarioName: "default", status: "finished", exitReason: "completed", eventCount: 20, hooksChanged: 3, errors: 0, revision: 1, modelCalls: 0 });
    const got = await caller.runs.get({ runId });
    expect(got.pipeline.revision).toBe(1);
    expect(got.run.scenario.name).toBe("default");
  });

  it("pages events and serves the outline without bodies", async () => {
    const caller = createCaller(createContextInner({ store }));
    const p = await store.pipelines.create(doc);
    const { runId } = await caller.runs.start({ pipelineId: p.id, scenarioName: "default" });
    await service.settled(runId);
    const page = await caller.runs.events({ runId, afterSeq: 5, limit: 3 });
    expect(page.map((e) => [e.seq, e.type])).toEqual([
      [6, "tool.call"],
      [7, "tool.result"],
      [8, "point.start"],
    ]);
    const outline = await caller.runs.outline({ runId });
    expect(outline.count).toBe(20);
    expect(outline.names[outline.type[3] ?? -1]).toBe("hook.end");
    expect(outline.names[outline.status[3] ?? -1]).toBe("changed");
  });

  it("compares two runs and names the first divergent hook", async () => {
    const caller = createCaller(createContextInner({ store }));
    const p = await store.pipelines.create(doc);
    const a = await caller.runs.start({ pipelineId: p.id, scenarioName: "default" });
    await service.settled(a.runId);
    // The "edited" engine writes something else in the hook: the runs must part there.
    const edited = createRunService({ store, bus: getRunBus(), engine: fixtureEngine(3, "!") });
    provideRunService(store, edited);
    const b = await caller.runs.start({ pipelineId: p.id, scenarioName: "default" });
    await edited.settled(b.runId);
    const { divergence } = await caller.runs.compare({ a: a.runId, b: b.runId });
    expect(divergence).toEqual({ index: 3, seqA: 4, seqB: 4, hookId: "h", point: "pre-model-call", reason: "hook h changed the context differently" });
  });

  it("reports unknown runs, pipelines and scenarios in plain words", async () => {
    const caller = createCaller(createContextInner({ store }));
    await expect(caller.runs.get({ runId: "nope" })).rejects.toThrow("run nope does not exist");
    await expect(caller.runs.start({ pipelineId: "nope", scenarioName: "default" })).rejects.toThrow("pipeline nope does not exist");
    const p = await store.pipelines.create(doc);
    await expect(caller.runs.start({ pipelineId: p.id, scenarioName: "other" })).rejects.toThrow('scenario "other" is not in this pipeline (it has: default)');
  });
});
