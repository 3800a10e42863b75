import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import type { PipelineInput } from "~/core/pipeline/schema";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import { createRunEventBus, type RunEventBus } from "./eventBus";
import { defaultRunEngine } from "./engine";
import { RunError } from "./runError";
import { createRunService, type RunService } from "./runService";
import { settleRun } from "./testing/runHarness";

/* Expectations checked after every run, and runs of one point alone: real engine, real sandbox. */

const beConcise = examplePipelines.find((p) => p.name === "Be concise") as PipelineInput;
const firstScenario = (p: PipelineInput) => {
  const scenario = p.scenarios?.[0];
  if (!scenario) throw new Error(`example "${p.name}" has no scenario`);
  return scenario;
};

describe("run service: expectations and point runs", () => {
  let store: SqliteStore;
  let service: RunService;
  let bus: RunEventBus;
  beforeEach(async () => {
    store = openSqliteStore({ file: ":memory:" });
    bus = createRunEventBus();
    service = createRunService({ store, bus, engine: defaultRunEngine });
  });
  afterEach(() => store.close());

  const settle = (start: () => Promise<{ runId: string }>) => settleRun(store, service, start);

  it("stores the scenario's expectation results on the run before its run.end goes out", async () => {
    const pipelineId = (await store.pipelines.create(beConcise)).id;
    const runId = crypto.randomUUID();
    const seenAtEnd: Promise<unknown>[] = [];
    bus.subscribe(runId, (e) => {
      // Read as the event goes out (the SQLite store answers at the call).
      if (e.type === "run.end") seenAtEnd.push(store.runs.get(runId).then((row) => row?.expectationsPassed));
    });
    const { row } = await settle(() => service.start({ pipelineId, scenario: { name: "default" }, runId }));
    expect(await Promise.all(seenAtEnd)).toEqual([3]);
    expect(row).toMatchObject({ expectationsPassed: 3, expectationsFailed: 0, point: null });
    expect(row?.expectations?.results.map((r) => [r.label, r.pass])).toEqual([
      ["every model call is asked to be concise", true],
      ["the run ends with no_tool_calls", true],
      ["no hook fails", true],
    ]);
  });

  it("fails an expectation with its reason and step when the hook breaks", async () => {
    const broken: PipelineInput = { ...beConcise, hooks: beConcise.hooks?.map((h) => ({ ...h, code: 'export default function () { throw new Error("boom"); }' })) };
    const pipelineId = (await store.pipelines.create(broken)).id;
    const { row } = await settle(() => service.start({ pipelineId, scenario: { name: "default" } }));
    expect(row).toMatchObject({ expectationsPassed: 1, expectationsFailed: 2 });
    expect(row?.expectations?.results.filter((r) => !r.pass).map((r) => [r.reason, r.seq])).toEqual([
      ['/systemPrompt after pre-model-call #1 is "You are a helpful assistant.", expected it to contain "Be concise."', 5],
      [expect.stringMatching(/^hook "be-concise" threw at pre-model-call: Error: boom/), 4],
    ]);
  });

  it("leaves expectations null for a scenario without any", async () => {
    const pipelineId = (await store.pipelines.create({ ...beConcise, scenarios: beConcise.scenarios?.map((s) => ({ ...s, expectations: undefined })) })).id;
    const { row } = await settle(() => service.start({ pipelineId, scenario: { name: "default" } }));
    expect(row).toMatchObject({ expectations: null, expectationsPassed: null, expectationsFailed: null, status: "finished" });
  });

  it("runs one point alone in the sandbox, recorded like a run, and re-runs it on the same context", async () => {
    const pipelineId = (await store.pipelines.create(beConcise)).id;
    const context = { conversationId: "c1", callSite: "mainAgent", systemPrompt: "Edited.", modelProfile: null, deferAssistantOutput: false };
    const { events, row, runId } = await settle(() => service.startPoint({ pipelineId, point: "pre-model-call", context }));
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "hook.start", "hook.end", "point.end", "run.end"]);
    expect(events[3]).toMatchObject({ hookId: "be-concise", patch: [{ op: "replace", path: "/systemPrompt", value: "Edited.\nBe concise." }] });
    expect(row).toMatchObject({ point: "pre-model-call", scenarioName: "point pre-model-call", exitReason: "point_only", status: "finished", revision: 1, expectations: null });
    const again = await settle(() => service.rerun({ runId }));
    expect(again.row).toMatchObject({ point: "pre-model-call", rerunOf: runId, exitReason: "point_only" });
    expect(again.events[1]).toMatchObject({ type: "point.start", context });
  });

  it("runs a point with the first scenario's files and HTTP fixtures, as a full run would", async () => {
    const reader: PipelineInput = {
      ...beConcise,
      name: "Reader",
      hooks: [
        {
          id: "read",
          point: "stop",
          name: "read",
          code: 'import fs from "node:fs";\nexport default async () => { const r = await fetch("https://api.example.com/x"); console.log(fs.readFileSync("data/a.txt", "utf8"), r.status, await r.text()); };',
        },
      ],
      scenarios: [{ ...firstScenario(beConcise), name: "default", prompt: "Hi", files: [{ path: "data/a.txt", content: "from the scenario" }], http: [{ url: "https://api.example.com/x", body: "pong" }] }],
    };
    const pipelineId = (await store.pipelines.create(reader)).id;
    const { events } = await settle(() => service.startPoint({ pipelineId, point: "stop", context: { conversationId: "c1" } }));
    expect(events[3]).toMatchObject({ type: "hook.end", error: null, logs: [{ level: "log", message: "from the scenario 200 pong" }] });
  });

  it("refuses an unknown point and an unknown revision with the API codes the UI expects", async () => {
    const pipelineId = (await store.pipelines.create(beConcise)).id;
    const refused = async (f: () => Promise<unknown>) => {
      try {
        await f();
      } catch (error) {
        if (error instanceof RunError) return { code: error.code, apiCode: error.apiCode, message: error.message };
      }
      return null;
    };
    expect(await refused(() => service.startPoint({ pipelineId, point: "before_tool_call", context: {} }))).toEqual({
      code: "POINT_NOT_FOUND",
      apiCode: "BAD_REQUEST",
      message: '"before_tool_call" is not a hook point of profile vellum (known: init, user-prompt-submit, post-compact, pre-model-call, post-model-call, post-tool-use, stop, shutdown)',
    });
    expect(await refused(() => service.start({ pipelineId, revision: 7, scenario: { name: "default" } }))).toEqual({
      code: "PIPELINE_NOT_FOUND",
      apiCode: "NOT_FOUND",
      message: `pipeline ${pipelineId} has no revision 7`,
    });
  });
});
