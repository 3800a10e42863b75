import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import { MAX_POINT_FIXTURE_BYTES, MAX_POINT_FIXTURES } from "~/core/pipeline/pointFixtureSchema";
import type { PipelineInput } from "~/core/pipeline/schema";
import { importText, jsonl } from "~/core/sessions/testing";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import { getRunBus, provideRunService } from "~/server/runs";
import { defaultRunEngine } from "~/server/runs/engine";
import { createRunService, type RunService } from "~/server/runs/runService";
import { createCaller } from "../root";
import { createContextInner } from "../trpc";

/* A recording's point contexts, kept on its scenario, offered by runs.pointContext and run through the point alone: real store, engine and sandbox. */

const gate = examplePipelines.find((p) => p.name === "Claude Code Bash gate") as PipelineInput;

const recording = jsonl([
  { hookwright_recording: 1, host: "claude-code", point: "UserPromptSubmit", at: "2026-11-27T10:01:05.000Z", session: "s1", input: { session_id: "s1", cwd: "/p", hook_event_name: "UserPromptSubmit", prompt: "Clean the build" } },
  { hookwright_recording: 1, host: "claude-code", point: "PreToolUse", at: "2026-11-27T10:02:10.000Z", session: "s1", input: { session_id: "s1", cwd: "/p", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "toolu_1" } },
  { hookwright_recording: 1, host: "claude-code", point: "PreToolUse", at: "2026-11-27T10:03:00.000Z", session: "s1", input: { session_id: "s1", cwd: "/p", hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command: "ls" }, tool_use_id: "toolu_2" } },
]);

describe("recorded point contexts", () => {
  let store: SqliteStore;
  let service: RunService;
  beforeEach(async () => {
    store = openSqliteStore({ file: ":memory:" });
    service = createRunService({ store, bus: getRunBus(), engine: defaultRunEngine });
    provideRunService(store, service);
  });
  afterEach(() => store.close());

  it("are offered by runs.pointContext for their point, and run through the point's hooks as the host's own payload", async () => {
    const c = createCaller(createContextInner({ store }));
    const { scenario } = importText(recording, { fileName: "s1.jsonl", name: "recorded", profile: "claude-code" });
    const p = await store.pipelines.create({ ...gate, scenarios: [...(gate.scenarios ?? []), scenario] });
    expect((await store.pipelines.get(p.id)).document.scenarios.at(-1)?.source?.pointFixtures).toHaveLength(3);

    const offered = await c.runs.pointContext({ pipelineId: p.id, point: "PreToolUse" });
    expect(offered.fromRecordings.map(({ scenario: s, label, at }) => ({ s, label, at }))).toEqual([
      { s: "recorded", label: "PreToolUse · Bash · rm -rf build", at: "2026-11-27T10:02:10.000Z" },
      { s: "recorded", label: "PreToolUse · Bash · ls", at: "2026-11-27T10:03:00.000Z" },
    ]);
    expect((await c.runs.pointContext({ pipelineId: p.id, point: "UserPromptSubmit" })).fromRecordings.map((r) => r.label)).toEqual(["UserPromptSubmit · Clean the build"]);

    const picked = offered.fromRecordings[0]?.context ?? {};
    const run = await c.runs.startPoint({ pipelineId: p.id, point: "PreToolUse", context: picked });
    await service.settled(run.runId);
    const events = await c.runs.events({ runId: run.runId, afterSeq: 0 });
    expect(events.find((e) => e.type === "point.end")).toMatchObject({
      result: { decision: "deny", decidedBy: "bash-gate", reason: 'Refusing to run "rm -rf build": destructive commands need a person. Suggest the command to the user instead.' },
    });
  });

  it("are capped in the pipeline file: at most 200 per scenario, each at most 64 KiB of JSON", async () => {
    const { scenario } = importText(recording, { fileName: "s1.jsonl", name: "recorded", profile: "claude-code" });
    const fixture = scenario.source?.pointFixtures?.[0];
    if (!fixture || !scenario.source) throw new Error("no fixture");
    const withFixtures = (pointFixtures: unknown[]) => parsePipeline({ ...gate, scenarios: [{ ...scenario, source: { ...scenario.source, pointFixtures } }] });
    expect(withFixtures(Array.from({ length: MAX_POINT_FIXTURES }, () => fixture)).ok).toBe(true);
    const tooMany = withFixtures(Array.from({ length: MAX_POINT_FIXTURES + 1 }, () => fixture));
    expect(!tooMany.ok && tooMany.issues.map((i) => i.message)).toEqual([`a scenario keeps at most ${MAX_POINT_FIXTURES} recorded contexts`]);
    const big = withFixtures([{ ...fixture, context: { prompt: "x".repeat(MAX_POINT_FIXTURE_BYTES) } }]);
    expect(!big.ok && big.issues.map((i) => i.message)).toEqual([`a recorded context is at most ${MAX_POINT_FIXTURE_BYTES} bytes of JSON; this one is ${MAX_POINT_FIXTURE_BYTES + 13}`]);
  });
});
