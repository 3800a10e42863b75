import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import type { Scenario } from "~/core/pipeline/schema";
import { comparableEvent, firstDivergence } from "~/core/run/divergence";
import type { TraceEvent } from "~/core/trace/events";
import type { RunService } from "./runService";
import { rerunScenario } from "./rerunScenario";
import { hookLogs, openRunService, settleRun } from "./testing/runHarness";
import { notesPipeline, notesReaderCode } from "./testing/notesPipeline";

/*
 * A re-run replaces a tool's handler by its recorded results. The handler's file writes must come
 * back with them, at the same moment, or a hook that reads those files sees another world than the
 * original run's. Real engine, real sandbox.
 */

const pipeline = notesPipeline({ handlerDrawsRandom: true });

describe("re-run with a tool handler's file writes", () => {
  let store: SqliteStore;
  let service: RunService;
  let pipelineId: string;
  beforeEach(async () => ({ store, service, pipelineId } = await openRunService(pipeline)));
  afterEach(() => store.close());
  const run = (start: () => Promise<{ runId: string }>) => settleRun(store, service, start);

  it("gives the original run's trace again, event for event, when nothing changed", async () => {
    const first = await run(() => service.start({ pipelineId, scenario: { name: "two lookups" } }));
    expect(first.row).toMatchObject({ status: "finished", exitReason: "no_tool_calls", errors: 0 });
    expect(hookLogs(first.events)).toEqual(["read: found cats (at 1767225600001, r=0.0027)", "read: found cats, found dogs (at 1767225600003, r=0.9811)"]);
    const tool = first.events.find((e) => e.type === "tool.result");
    expect(tool?.type === "tool.result" ? [tool.logs, tool.files?.map((f) => [f.op, f.path, f.to ?? null, f.after])] : null).toEqual([
      [{ level: "log", message: "noted cats at 1767225600000, r=0.6271" }],
      [
        ["append", "/workspace/notes.txt", null, "found cats\n"],
        ["rename", "/workspace/old.txt", "/workspace/archive.txt", "old\n"],
      ],
    ]);

    const again = await run(() => service.rerun({ runId: first.runId }));
    expect(again.row?.rerunOf).toBe(first.runId);
    expect(firstDivergence(first.events, again.events)).toBeNull();
    // Byte for byte, apart from what differs between any two runs (ids, seq, wall-clock timings).
    expect(again.events.map(comparableEvent)).toEqual(first.events.map(comparableEvent));
    const end = again.events.at(-1);
    expect(end?.type === "run.end" ? end.files : null).toEqual([
      { path: "/workspace/archive.txt", content: "old\n", encoding: "utf8" },
      { path: "/workspace/notes.txt", content: "found cats\nfound dogs\n", encoding: "utf8" },
      { path: "/workspace/old.txt", content: null, encoding: "utf8" },
      { path: "/workspace/plugins/notes-reader/data/seen.log", content: "found cats\nfound cats\nfound dogs\n", encoding: "utf8" },
    ]);

    // A re-run of the re-run still has the files (its tool results carry them on).
    const third = await run(() => service.rerun({ runId: again.runId }));
    expect(firstDivergence(first.events, third.events)).toBeNull();
  });

  it("runs a hand-written result's file changes, and answers the model with an error naming a change that may not be made", async () => {
    const current = await store.pipelines.get(pipelineId);
    const [scenario] = current.document.scenarios;
    if (!scenario) throw new Error("no scenario");
    const scripted = (path: string) => ({
      ...scenario,
      tools: [{ name: "lookup", description: "", inputSchema: { type: "object" }, results: [{ content: "cats: 3 hits", isError: false, files: [{ op: "write" as const, path, before: null, after: "found cats\n", encoding: "utf8" as const }] }] }],
    });
    const ok = await run(() => service.start({ pipelineId, scenario: { inline: scripted("/workspace/notes.txt") } }));
    expect(hookLogs(ok.events)[0]).toBe("read: found cats (at 1767225600000, r=0.6271)");
    const refused = await run(() => service.start({ pipelineId, scenario: { inline: scripted("/etc/notes.txt") } }));
    const result = refused.events.find((e) => e.type === "tool.result");
    expect(result?.type === "tool.result" ? [result.content, result.isError] : null).toEqual([
      "Tool \"lookup\": its result's file changes could not be made: EACCES: permission denied (the sandbox's file system is /workspace and /tmp), write '/etc/notes.txt'",
      true,
    ]);
  });

  it("lets an edited hook read the files as the original run's tool left them", async () => {
    const first = await run(() => service.start({ pipelineId, scenario: { name: "two lookups" } }));
    const current = await store.pipelines.get(pipelineId);
    const hooks = current.document.hooks.map((h) => ({ ...h, code: notesReaderCode("now reads:") }));
    await store.pipelines.save({ id: pipelineId, baseRevision: current.revision, document: { ...current.document, hooks } });
    const second = await run(() => service.rerun({ runId: first.runId }));
    expect(second.row?.revision).toBe(2);
    expect(hookLogs(second.events)).toEqual(["now reads: found cats (at 1767225600001, r=0.0027)", "now reads: found cats, found dogs (at 1767225600003, r=0.9811)"]);
    expect(firstDivergence(first.events, second.events)).toMatchObject({ hookId: "reader", reason: "hook reader behaved differently (logs, decision or clock)" });
  });
});

describe("rerunScenario", () => {
  it("gives each tool the results its calls produced, effects included, leaving out calls a hook answered instead", () => {
    const scenario = { ...(pipeline.scenarios?.[0] as Scenario), tools: [{ name: "lookup", description: "", inputSchema: { type: "object" }, handler: "export default () => '';" }] };
    const at = { runId: "r", t: 0 };
    const events: TraceEvent[] = [
      { ...at, seq: 1, type: "tool.call", toolUseId: "a", name: "lookup", input: {} },
      { ...at, seq: 2, type: "tool.result", toolUseId: "a", content: "blocked", isError: true, claimedBy: "gate" },
      { ...at, seq: 3, type: "tool.call", toolUseId: "b", name: "lookup", input: {} },
      {
        ...at,
        seq: 4,
        type: "tool.result",
        toolUseId: "b",
        content: "b: 1 hit",
        isError: false,
        logs: [{ level: "log", message: "noted b" }],
        files: [{ op: "write", path: "/workspace/b.txt", before: null, after: "b", encoding: "utf8" }],
        clock: [5],
      },
    ];
    expect(rerunScenario(scenario, events).tools).toEqual([
      {
        name: "lookup",
        description: "",
        inputSchema: { type: "object" },
        results: [{ content: "b: 1 hit", isError: false, logs: [{ level: "log", message: "noted b" }], files: [{ op: "write", path: "/workspace/b.txt", before: null, after: "b", encoding: "utf8" }], clock: [5] }],
      },
    ]);
  });
});
