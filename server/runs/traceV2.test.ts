import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runScenario } from "~/core/engine/runScenario";
import { PIPELINE_FORMAT, type PipelineInput } from "~/core/pipeline/schema";
import { firstDivergence } from "~/core/run/divergence";
import type { EncodedTraceEvent, TraceEvent } from "~/core/trace/events";
import { deltaKeys, resolveTrace } from "~/core/trace/resolve";
import { createTraceStore } from "~/components/run/traceStore";
import { appendToOutline, emptyOutline, outlineEntryOf } from "~/core/run/outline";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import { createRunEventBus } from "./eventBus";
import { defaultRunEngine } from "./engine";
import { createRunService, type RunEngine } from "./runService";
import { streamRunEvents } from "./streamEvents";

/** Four tool calls with 5 KB results, a hook before every model call and one cutting results: many points sharing a conversation. */
const page = (n: number) => `result ${n}: ${"lorem ipsum ".repeat(420)}`;
const pipelineDoc: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "v2 round trip",
  profile: "vellum",
  hooks: [
    { id: "remind", point: "pre-model-call", name: "remind", enabled: true, code: 'export default function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "!"; }\n' },
    {
      id: "cut",
      point: "post-tool-use",
      name: "cut",
      enabled: true,
      code: "export default function (ctx) { if (ctx.toolResponse.content.length > 3000) ctx.toolResponse.content = ctx.toolResponse.content.slice(0, 3000); }\n",
    },
  ],
  scenarios: [
    {
      name: "default",
      prompt: "Read four pages.",
      system: "Be helpful.",
      model: {
        kind: "scripted",
        responses: [
          ...[1, 2, 3, 4].map((i) => ({ content: [{ type: "tool_use" as const, id: `toolu_${i}`, name: "fetch", input: { page: i } }], stopReason: "tool_use" as const })),
          { content: [{ type: "text" as const, text: "Read them." }], stopReason: "end_turn" as const },
        ],
      },
      tools: [{ name: "fetch", description: "", inputSchema: { type: "object" }, results: [1, 2, 3, 4].map(page) }],
    },
  ],
};

describe("trace v2 through the run service (real engine and sandbox)", () => {
  let store: SqliteStore;
  beforeEach(async () => {
    store = openSqliteStore({ file: ":memory:" });
  });
  afterEach(() => store.close());

  it("emit → store → stream → resolve gives exactly the engine's full events", async () => {
    const full: TraceEvent[] = [];
    // The app's engine, also keeping what the engine held in full for the comparison.
    const engine: RunEngine = { ...defaultRunEngine, simulate: (o) => runScenario({ ...o, emit: (written, f) => (full.push(f), o.emit(written)) }) };
    const bus = createRunEventBus();
    const service = createRunService({ store, bus, engine });
    const { id } = await store.pipelines.create(pipelineDoc);
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "default" } });
    const streamed: EncodedTraceEvent[] = [];
    for await (const e of streamRunEvents({ runs: store.runs, bus, runId, afterSeq: 0 })) streamed.push(e);
    await service.settled(runId);

    const stored = await store.runs.readAllStoredEvents(runId);
    expect(streamed).toEqual(stored); // sent as stored
    expect(stored[0]).toMatchObject({ type: "run.start", format: "hookwright.trace/v2" });
    // Each point's context from the previous one of its kind, each request from the history of the
    // post-tool-use context before it (the cut result is new there: the hook changed it). Each tool
    // result anchors the context before it, so the post-tool-use context after it copies the result
    // from it: every page is stored once.
    const withDeltas = stored.filter((e) => deltaKeys(e).length > 0).map((e) => `${e.seq} ${e.type}`);
    expect(withDeltas).toEqual([
      ...["9 tool.result", "10 point.start", "14 point.start", "18 model.request", "21 tool.result", "22 point.start", "26 point.start", "30 model.request"],
      ...["33 tool.result", "34 point.start", "38 point.start", "42 model.request", "45 tool.result", "46 point.start", "50 point.start", "54 model.request", "56 run.end"],
    ]);
    const storedText = stored.map((e) => JSON.stringify(e)).join("\n");
    expect([1, 2, 3, 4].map((n) => storedText.split(page(n)).length - 1)).toEqual([1, 1, 1, 1]);

    const expanded = full.map((e) => JSON.stringify(e));
    expect(resolveTrace(streamed).map((e) => JSON.stringify(e))).toEqual(expanded);
    expect((await store.runs.readAllEvents(runId)).map((e) => JSON.stringify(e))).toEqual(expanded);
    const storedBytes = stored.reduce((n, e) => n + JSON.stringify(e).length, 0);
    const expandedBytes = expanded.reduce((n, e) => n + e.length, 0);
    expect(storedBytes).toBeLessThan(expandedBytes * 0.75);

    // The browser's store, paging from the end backwards, resolves the same events.
    const browser = createTraceStore({ load: (afterSeq, limit) => store.runs.readEvents(runId, { afterSeq, limit }) });
    const outline = emptyOutline();
    for (const e of stored) appendToOutline(outline, outlineEntryOf(e));
    browser.setOutline(outline);
    await browser.ensure(stored.length, stored.length);
    expect(JSON.stringify(browser.event(stored.length))).toBe(expanded[stored.length - 1]);
    expect(browser.problem()).toBeNull();
  });

  it("reads a run stored before v2 (a v1 trace) everywhere, and compares it with a v2 re-run", async () => {
    const { id } = await store.pipelines.create(pipelineDoc);
    // A v1 trace is what the engine held in full, labelled v1: record one and store it as an old server did.
    const full: TraceEvent[] = [];
    const pipeline = pipelineDoc as unknown as Parameters<typeof runScenario>[0]["pipeline"];
    const parsed = (await import("~/core/pipeline/parsePipeline")).parsePipeline(pipeline);
    if (!parsed.ok || !parsed.value.scenarios[0]) throw new Error("setup");
    await runScenario({ pipeline: parsed.value, scenario: parsed.value.scenarios[0], createRunner: defaultRunEngine.createRunner, runId: "old", emit: (_, f) => full.push(f) });
    const v1 = full.map((e) => (e.type === "run.start" ? { ...e, format: "hookwright.trace/v1" as const } : e));
    await store.runs.insert({ id: "old", pipelineId: id, revision: 1, scenario: parsed.value.scenarios[0], rerunOf: null });
    for (const e of v1) await store.runs.appendEvents("old", [JSON.parse(JSON.stringify(e)) as EncodedTraceEvent]);

    expect(await store.runs.readAllEvents("old")).toEqual(v1);
    const streamed: EncodedTraceEvent[] = [];
    for await (const e of streamRunEvents({ runs: store.runs, bus: createRunEventBus(), runId: "old", afterSeq: 0 })) streamed.push(e);
    expect(resolveTrace(streamed)).toEqual(v1);

    const service = createRunService({ store, bus: createRunEventBus(), engine: defaultRunEngine });
    const { runId } = await service.rerun({ runId: "old" });
    await service.settled(runId);
    const again = await store.runs.readAllStoredEvents(runId);
    expect(again.some((e) => deltaKeys(e).length > 0)).toBe(true);
    // The same behaviour written two ways is no divergence.
    expect(firstDivergence(await store.runs.readAllStoredEvents("old"), again)).toBeNull();
  });
});
