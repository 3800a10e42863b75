import { afterEach, beforeEach, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import type { Scenario } from "~/core/pipeline/schema";
import { firstDivergence } from "~/core/run/divergence";
import type { Store } from "~/db/store";
import { describeEachStore } from "~/db/testStores";
import { createRunEventBus, type RunEventBus } from "./eventBus";
import { defaultRunEngine } from "./engine";
import { createRunService, type RunService } from "./runService";

const toolsScenario: Scenario = {
  name: "tools",
  description: "",
  prompt: "Find two facts.",
  history: [],
  system: "You are a helpful assistant.",
  model: {
    kind: "scripted",
    maxInputTokens: 200_000,
    responses: [
      { content: [{ type: "tool_use", id: "toolu_1", name: "search", input: { q: "a" } }], stopReason: "tool_use" },
      { content: [{ type: "tool_use", id: "toolu_2", name: "search", input: { q: "b" } }], stopReason: "tool_use" },
      { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
    ],
  },
  tools: [{ name: "search", description: "", inputSchema: { type: "object" }, handler: "let n = 0;\nexport default function () { n++; return `result ${n} at ${Date.now()} r=${Math.random().toFixed(6)}`; }\n" }],
  limits: { maxModelCalls: 10, maxToolCalls: 10, compactAtChars: null },
  clockStart: 1_767_225_600_000,
  seed: 7,
};

describeEachStore("createRunService (real engine and sandbox)", (kind) => {
  let store: Store;
  let service: RunService;
  let bus: RunEventBus;
  let pipelineId: string;
  beforeEach(async () => {
    store = await kind.open();
    bus = createRunEventBus();
    service = createRunService({ store, bus, engine: defaultRunEngine });
    const example = examplePipelines.find((p) => p.name === "Be concise");
    pipelineId = (await store.pipelines.create({ ...example, scenarios: [toolsScenario, ...(example?.scenarios ?? [])] })).id;
  });
  afterEach(() => store.close());

  async function run(start: () => Promise<{ runId: string }>) {
    const { runId } = await start();
    await service.settled(runId);
    return { runId, events: await store.runs.readAllEvents(runId), row: await store.runs.get(runId) };
  }

  it("records the Be concise run with the hook's change to the system prompt", async () => {
    const { events, row } = await run(() => service.start({ pipelineId, scenario: { name: "tools" } }));
    expect(row).toMatchObject({ status: "finished", exitReason: "no_tool_calls", hooksChanged: 3, errors: 0, eventCount: events.length });
    const ends = events.filter((e) => e.type === "hook.end");
    expect(ends).toHaveLength(3);
    expect(ends[0]?.type === "hook.end" && ends[0].patch).toEqual([{ op: "replace", path: "/systemPrompt", value: "You are a helpful assistant.\nBe concise." }]);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
  });

  it("re-runs a recording identically when nothing changed", async () => {
    const first = await run(() => service.start({ pipelineId, scenario: { name: "tools" } }));
    const again = await run(() => service.rerun({ runId: first.runId }));
    expect(again.row?.rerunOf).toBe(first.runId);
    expect(firstDivergence(first.events, again.events)).toBeNull();
  });

  it("re-runs against the current code with the recorded tool results, diverging at the edited hook", async () => {
    const first = await run(() => service.start({ pipelineId, scenario: { name: "tools" } }));
    const current = await store.pipelines.get(pipelineId);
    const hooks = current.document.hooks.map((h) => ({ ...h, code: 'export default function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe brief."; }\n' }));
    await store.pipelines.save({ id: pipelineId, baseRevision: current.revision, document: { ...current.document, hooks } });
    const second = await run(() => service.rerun({ runId: first.runId }));
    expect(second.row?.revision).toBe(2);
    const d = firstDivergence(first.events, second.events);
    expect(d).toMatchObject({ hookId: "be-concise", point: "pre-model-call", reason: "hook be-concise changed the context differently" });
    // The tool handler is not run again: its recorded results (clock and random included) come back verbatim.
    const results = (events: typeof first.events) => events.filter((e) => e.type === "tool.result").map((e) => (e.type === "tool.result" ? e.content : ""));
    expect(results(second.events)).toEqual(results(first.events));
    expect(results(first.events)[0]).toMatch(/^result 1 at 1767225600000 r=0\.\d{6}$/);
  });

  it("leaves the server free while a run goes on: other work runs between its hook points", async () => {
    const { runId } = await service.start({ pipelineId, scenario: { name: "tools" } });
    // Once the run is under way (its first event), a timer must get a turn before it ends.
    const seenByTimer = await new Promise<number>((resolve) => {
      const stop = bus.subscribe(runId, () => {
        stop();
        setTimeout(() => void store.runs.readAllEvents(runId).then((events) => resolve(events.length)), 0);
      });
    });
    await service.settled(runId);
    const total = (await store.runs.readAllEvents(runId)).length;
    expect(seenByTimer).toBeLessThan(total);
  });

  it("refuses a pipeline whose hook names a point the profile lacks, before recording anything", async () => {
    const current = await store.pipelines.get(pipelineId);
    const hooks = [...current.document.hooks, { id: "x", point: "nowhere", name: "x", enabled: true, code: "", priority: null, matcher: null }];
    await expect(store.pipelines.save({ id: pipelineId, baseRevision: current.revision, document: { ...current.document, hooks } })).resolves.toMatchObject({ revision: current.revision + 1 });
    await expect(service.start({ pipelineId, scenario: { name: "tools" } })).rejects.toThrow(/hooks\[1\]\.point.*"nowhere" is not a hook point/);
  });
});
