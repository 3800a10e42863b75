import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import { comparableEvent } from "~/core/run/divergence";
import { scenarioFromTrace } from "~/core/run/scenarioFromTrace";
import type { TraceEvent } from "~/core/trace/events";
import type { RunService } from "./runService";
import { hookLogs, openRunService, settleRun } from "./testing/runHarness";
import { notesPipeline } from "./testing/notesPipeline";

/*
 * "Save as scenario" replaces a tool's handler by its recorded results. Its file writes (and clock and
 * generator reads) must come with them, or a hook that reads those files behaves differently when the
 * saved scenario runs. Real engine, real sandbox, the scenario saved into the pipeline and run by name.
 */

const pipeline = notesPipeline({ handlerDrawsRandom: false });

describe("a scenario saved from a run whose tool handler wrote files", () => {
  let store: SqliteStore;
  let service: RunService;
  let pipelineId: string;
  beforeEach(async () => ({ store, service, pipelineId } = await openRunService(pipeline)));
  afterEach(() => store.close());
  const run = (start: () => Promise<{ runId: string }>) => settleRun(store, service, start);
  const endFiles = (events: readonly TraceEvent[]) => {
    const end = events.at(-1);
    return end?.type === "run.end" ? end.files : null;
  };

  it("runs the same turn: same hook logs, same files at the end, event for event", async () => {
    const first = await run(() => service.start({ pipelineId, scenario: { name: "two lookups" } }));
    expect(first.row).toMatchObject({ status: "finished", exitReason: "no_tool_calls", errors: 0 });
    const recorded = first.row?.scenario;
    if (!recorded) throw new Error("no recorded scenario");
    const saved = scenarioFromTrace({ events: first.events, scenario: recorded, name: "two lookups (recorded)" });
    expect(saved.tools[0]?.handler).toBeUndefined();
    expect(saved.tools[0]?.results).toEqual([
      {
        content: "cats: 3 hits",
        isError: false,
        logs: [{ level: "log", message: "noted cats at 1767225600000" }],
        files: [
          { op: "append", path: "/workspace/notes.txt", before: null, after: "found cats\n", encoding: "utf8" },
          { op: "rename", path: "/workspace/old.txt", to: "/workspace/archive.txt", before: null, after: "old\n", encoding: "utf8" },
        ],
        clock: [1767225600000],
      },
      {
        content: "dogs: 3 hits",
        isError: false,
        logs: [{ level: "log", message: "noted dogs at 1767225600002" }],
        files: [{ op: "append", path: "/workspace/notes.txt", before: "found cats\n", after: "found cats\nfound dogs\n", encoding: "utf8" }],
        clock: [1767225600002],
      },
    ]);

    // Saved into the pipeline as the UI does, then run by name.
    const head = await store.pipelines.get(pipelineId);
    await store.pipelines.save({ id: pipelineId, baseRevision: head.revision, document: { ...head.document, scenarios: [...head.document.scenarios, saved] } });
    const replay = await run(() => service.start({ pipelineId, scenario: { name: "two lookups (recorded)" } }));
    expect(replay.row).toMatchObject({ status: "finished", exitReason: "no_tool_calls", errors: 0 });
    expect(hookLogs(replay.events)).toEqual(["read: found cats (at 1767225600001, r=0.6271)", "read: found cats, found dogs (at 1767225600003, r=0.0027)"]);
    expect(hookLogs(replay.events)).toEqual(hookLogs(first.events));
    expect(endFiles(replay.events)).toEqual([
      { path: "/workspace/archive.txt", content: "old\n", encoding: "utf8" },
      { path: "/workspace/notes.txt", content: "found cats\nfound dogs\n", encoding: "utf8" },
      { path: "/workspace/old.txt", content: null, encoding: "utf8" },
      { path: "/workspace/plugins/notes-reader/data/seen.log", content: "found cats\nfound cats\nfound dogs\n", encoding: "utf8" },
    ]);
    expect(endFiles(replay.events)).toEqual(endFiles(first.events));
    // Event for event, apart from the scenario name and what differs between any two runs (ids, seq, wall-clock timings); the saved scenario went through the pipeline's schema, so keys may come in another order.
    const sameRun = (events: readonly TraceEvent[]) => events.map((e) => JSON.parse(comparableEvent(e)) as Record<string, unknown>).map((e) => (e.type === "run.start" ? { ...e, scenario: "" } : e));
    expect(sameRun(replay.events)).toEqual(sameRun(first.events));
  });
});
