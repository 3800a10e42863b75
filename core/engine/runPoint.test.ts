import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import type { JsonObject } from "../json";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "../pipeline/schema";
import { exampleContext } from "../run/exampleContext";
import type { TraceEvent } from "../trace/events";
import { resolveTrace } from "../trace/resolve";
import { evalPipelineHooks } from "./testing/evalHooks";
import { createInProcessRunner } from "./testing/inProcessRunner";
import { runPoint } from "./runPoint";

function pipelineOf(name: string, change: (p: PipelineInput) => PipelineInput = (p) => p): Pipeline {
  const parsed = parsePipeline(change(examplePipelines.find((p) => p.name === name) as PipelineInput));
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

async function run(pipeline: Pipeline, point: string, context: JsonObject) {
  const quiet = () => undefined;
  const hooks = evalPipelineHooks(pipeline, { log: quiet, info: quiet, warn: quiet, error: quiet, debug: quiet });
  const written: TraceEvent[] = [];
  const result = await runPoint({ pipeline, point, context, createRunner: () => Promise.resolve(createInProcessRunner({ hooks })), emit: (e) => void written.push(e as TraceEvent), runId: "p1" });
  return { result, events: resolveTrace(written) };
}

describe("runPoint", () => {
  it("runs one point's chain on a given context, in a run envelope that ends with point_only", async () => {
    const pipeline = pipelineOf("Be concise");
    const { result, events } = await run(pipeline, "pre-model-call", { conversationId: "c", callSite: "mainAgent", systemPrompt: "Hi.", modelProfile: null, deferAssistantOutput: false });
    expect(result).toEqual({ exitReason: "point_only", error: null });
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "hook.start", "hook.end", "point.end", "run.end"]);
    expect(events[0]).toMatchObject({ type: "run.start", runId: "p1", pipeline: "Be concise", profile: "vellum", scenario: "point pre-model-call" });
    expect(events[3]).toMatchObject({ hookId: "be-concise", patch: [{ op: "replace", path: "/systemPrompt", value: "Hi.\nBe concise." }], status: "changed" });
    expect(events[4]).toMatchObject({ type: "point.end", result: { systemPrompt: "Hi.\nBe concise.", modelProfile: null, deferAssistantOutput: false } });
  });

  it("reports a decision as a full run does (post-model-call continue)", async () => {
    const pipeline = pipelineOf("Retry on an empty reply");
    const context = await exampleContext(pipeline, "post-model-call");
    if (!context) throw new Error("no example context");
    const { events } = await run(pipeline, "post-model-call", { ...context, content: [], stopReason: "end_turn" });
    expect(events.find((e) => e.type === "hook.end")).toMatchObject({ decision: "continue" });
  });

  it("records the context of a point without enabled hooks", async () => {
    const pipeline = pipelineOf("Be concise");
    const { events } = await run(pipeline, "stop", { conversationId: "c1" });
    expect(events.map((e) => e.type)).toEqual(["run.start", "point.start", "point.end", "run.end"]);
    expect(events[1]).toMatchObject({ point: "stop", context: { conversationId: "c1" } });
  });

  it("refuses a context that is neither the point's nor the host's payload, naming the point's fields, before any event", async () => {
    const written: TraceEvent[] = [];
    await expect(
      runPoint({ pipeline: pipelineOf("Be concise"), point: "stop", context: { a: 1 }, createRunner: () => Promise.reject(new Error("no runner")), emit: (e) => void written.push(e as TraceEvent) }),
    ).rejects.toMatchObject({ code: "BAD_CONTEXT", message: "the context of stop is an object with its fields (conversationId, messages, exitReason, error); this one has a" });
    expect(written).toEqual([]);
  });

  it("refuses an unknown point naming the profile's points, before any event", async () => {
    const pipeline = pipelineOf("Be concise");
    await expect(run(pipeline, "before_tool_call", {})).rejects.toThrow(
      '"before_tool_call" is not a hook point of the Vellum assistant plugins profile (known: init, user-prompt-submit, post-compact, pre-model-call, post-model-call, post-tool-use, stop, shutdown)',
    );
  });

  it("example contexts come from the profile's default scenario, for every point", async () => {
    for (const name of ["Be concise", "Audit log"]) {
      const pipeline = pipelineOf(name);
      const { getProfile } = await import("../profiles");
      for (const p of getProfile(pipeline.profile)?.points ?? []) expect(await exampleContext(pipeline, p.id), `${name} ${p.id}`).not.toBeNull();
    }
    const ctx = await exampleContext(pipelineOf("Audit log"), "before_tool_call");
    expect(ctx).toMatchObject({ toolName: "terminal", args: { command: "rm -rf ./build" } });
  });
});
