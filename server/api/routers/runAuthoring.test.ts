import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import type { PipelineInput } from "~/core/pipeline/schema";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import { getRunBus, provideRunService } from "~/server/runs";
import { defaultRunEngine } from "~/server/runs/engine";
import { createRunService, type RunService } from "~/server/runs/runService";
import { createCaller } from "../root";
import { createContextInner } from "../trpc";

/* runs.startPoint / pointContext / toScenario / hookNotes, and expectation counts on runs.list: real engine and sandbox. */

const gate = examplePipelines.find((p) => p.name === "Dangerous shell command gate") as PipelineInput;

describe("runs router: authoring procedures", () => {
  let store: SqliteStore;
  let service: RunService;
  beforeEach(async () => {
    store = openSqliteStore({ file: ":memory:" });
    service = createRunService({ store, bus: getRunBus(), engine: defaultRunEngine });
    provideRunService(store, service);
  });
  afterEach(() => store.close());
  const caller = () => createCaller(createContextInner({ store }));

  it("prefills a point's context from the profile's example, then from the latest run, and runs the point alone", async () => {
    const c = caller();
    const p = await store.pipelines.create(gate);
    const example = await c.runs.pointContext({ pipelineId: p.id, point: "before_tool_call" });
    expect(example).toMatchObject({ source: "example", runId: null, context: { toolName: "terminal", args: { command: "rm -rf ./build" } } });

    const { runId } = await c.runs.start({ pipelineId: p.id, scenarioName: "cleanup request" });
    await service.settled(runId);
    const recorded = await c.runs.pointContext({ pipelineId: p.id, point: "before_tool_call" });
    expect(recorded).toMatchObject({ source: "run", runId, context: { toolName: "terminal", args: { command: "ls ./build" } } });

    const edited = { ...recorded.context, args: { command: "mkfs.ext4 /dev/sda" } };
    const point = await c.runs.startPoint({ pipelineId: p.id, point: "before_tool_call", context: edited });
    await service.settled(point.runId);
    const got = await c.runs.get({ runId: point.runId });
    expect(got.run).toMatchObject({ point: "before_tool_call", exitReason: "point_only", status: "finished" });
    const events = await c.runs.events({ runId: point.runId, afterSeq: 0 });
    expect(events.find((e) => e.type === "hook.end")).toMatchObject({ status: "blocked", decision: { handled: true, error: "Blocked: 'mkfs.ext4 /dev/sda' matches a dangerous command pattern." } });

    expect((await c.runs.hookNotes({ runId: point.runId })).map((n) => [n.hookId, n.fired, n.calls])).toEqual([["command-gate", true, 1]]);
    await expect(c.runs.startPoint({ pipelineId: p.id, point: "nope", context: {} })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining('"nope" is not a hook point of profile registry') });
    await expect(c.runs.startPoint({ pipelineId: p.id, point: "before_tool_call", context: [] as unknown as Record<string, never> })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("runs a point on the host's own payload (a FIM One HookContext), and refuses anything else before a run is recorded", async () => {
    const c = caller();
    const p = await store.pipelines.create({
      format: "hookwright.pipeline/v1",
      name: "Guarded SQL",
      profile: "fim-one",
      hooks: [
        {
          id: "h1",
          point: "PreToolUse",
          name: "Read-only guard",
          code: "export default class ReadonlyGuard {\n  name = 'readonly_guard';\n  async execute(ctx) { return ctx.tool_args.sql.startsWith('DELETE') ? { allow: false } : {}; }\n}\n",
        },
      ],
    });
    const hookContext = { hook_point: "pre_tool_use", tool_name: "sql_exec", tool_args: { sql: "DELETE FROM orders" }, agent_id: "agent-1", user_id: "u-9", metadata: { requires_confirmation: false } };
    const { runId } = await c.runs.startPoint({ pipelineId: p.id, point: "PreToolUse", context: hookContext });
    await service.settled(runId);
    const events = await c.runs.events({ runId, afterSeq: 0 });
    expect(events.find((e) => e.type === "point.start")).toMatchObject({
      context: { ctx: { hook_point: "PreToolUse", tool_name: "sql_exec", tool_args: { sql: "DELETE FROM orders" }, tool_result: null, agent_id: "agent-1", user_id: "u-9", conversation_id: null, metadata: { requires_confirmation: false } } },
    });
    expect(events.find((e) => e.type === "point.end")).toMatchObject({ result: { allow: false, error: "Blocked by hook 'readonly_guard'" } });

    await expect(c.runs.startPoint({ pipelineId: p.id, point: "PreToolUse", context: { tool: "sql_exec" } })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message:
        "the context of PreToolUse is { ctx } as its point.start carries it, or FIM One's HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata); this one has tool",
    });
    expect((await c.runs.list({ pipelineId: p.id })).map((r) => r.id)).toEqual([runId]);
  });

  it("starts every scenario of one revision for Test all", async () => {
    const c = caller();
    const p = await store.pipelines.create({ ...gate, scenarios: [...(gate.scenarios ?? []), { name: "second", prompt: "Hi", model: { kind: "scripted", responses: [] }, expectations: [{ kind: "exitReason", equals: "no_tool_calls" }] }] });
    const started = await c.runs.startAll({ pipelineId: p.id });
    expect(started.revision).toBe(1);
    expect(started.runs.map((r) => r.scenario)).toEqual(["cleanup request", "second"]);
    for (const r of started.runs) await service.settled(r.runId);
    const rows = await Promise.all(started.runs.map(async (r) => (await c.runs.get({ runId: r.runId })).run));
    expect(rows.map((r) => [r.scenarioName, r.revision, r.expectationsPassed, r.expectationsFailed])).toEqual([
      ["cleanup request", 1, 4, 0],
      ["second", 1, 0, 1],
    ]);
    expect(rows[1]?.expectations?.results[0]?.reason).toBe("the run ended with script_exhausted (the scripted model has no response for call 1: the scenario lists 0 responses), expected no_tool_calls");
  });

  it("lists expectation counts and returns the results on runs.get", async () => {
    const c = caller();
    const p = await store.pipelines.create(gate);
    const { runId } = await c.runs.start({ pipelineId: p.id, scenarioName: "cleanup request" });
    await service.settled(runId);
    const [row] = await c.runs.list({ pipelineId: p.id });
    expect(row).toMatchObject({ expectationsPassed: 4, expectationsFailed: 0, point: null });
    expect(row && "expectations" in row).toBe(false);
    expect((await c.runs.get({ runId })).run.expectations?.results.map((r) => r.label)).toEqual([
      "rm -rf is blocked",
      'tool terminal with {"command":"rm -rf ./build"} does not run',
      "a harmless command still runs",
      "the run ends with no_tool_calls",
    ]);
  });

  it("saves a run as a scripted scenario with a free name; the scenario runs the same turn", async () => {
    const c = caller();
    const p = await store.pipelines.create(gate);
    const { runId } = await c.runs.start({ pipelineId: p.id, scenarioName: "cleanup request" });
    await service.settled(runId);
    const scenario = await c.runs.toScenario({ runId });
    expect(scenario.name).toBe("cleanup request (recorded)");
    expect(scenario.tools[0]).toMatchObject({ name: "terminal", results: ["app.js\napp.js.map"] });
    const head = await store.pipelines.get(p.id);
    await store.pipelines.save({ id: p.id, baseRevision: head.revision, document: { ...head.document, scenarios: [...head.document.scenarios, scenario] } });
    expect((await c.runs.toScenario({ runId })).name).toBe("cleanup request (recorded) 2");
    const again = await c.runs.start({ pipelineId: p.id, scenarioName: "cleanup request (recorded)" });
    await service.settled(again.runId);
    expect((await c.runs.get({ runId: again.runId })).run).toMatchObject({ exitReason: "no_tool_calls", expectationsPassed: 4, expectationsFailed: 0 });
  });

  it("says why hooks did not fire, naming the scenario that reaches the point", async () => {
    const c = caller();
    const input: PipelineInput = {
      ...gate,
      hooks: [...(gate.hooks ?? []), { id: "audit", point: "after_tool_call", name: "audit", code: "export default async function () {}" }, { id: "off", point: "agent_done", name: "off", enabled: false, code: "export default async function () {}" }],
      scenarios: [{ name: "just talk", prompt: "Hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Hello." }], stopReason: "end_turn" }] } }, ...(gate.scenarios ?? [])],
    };
    const p = await store.pipelines.create(input);
    const { runId } = await c.runs.start({ pipelineId: p.id, scenarioName: "just talk" });
    await service.settled(runId);
    const notes = await c.runs.hookNotes({ runId });
    expect(notes.map((n) => [n.hookId, n.fired, n.message])).toEqual([
      ["command-gate", false, 'Not reached: the turn never got to before_tool_call in scenario "just talk" (it ended with no_tool_calls). Scenario "cleanup request" reaches it.'],
      ["audit", false, 'Not reached: the turn never got to after_tool_call in scenario "just talk" (it ended with no_tool_calls). Scenario "cleanup request" reaches it.'],
      ["off", false, "Disabled: it is switched off, so the host never calls it."],
    ]);
  });
});
