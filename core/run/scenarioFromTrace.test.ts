import { describe, expect, it } from "vitest";
import { checkExpectations } from "../expectations/check";
import { runPipelineInProcess } from "../expectations/testing";
import { examplePipelines } from "../examples";
import type { PipelineInput, Scenario } from "../pipeline/schema";
import type { TraceEvent } from "../trace/events";
import { scenarioFromTrace, uniqueScenarioName } from "./scenarioFromTrace";

const gate = examplePipelines.find((p) => p.name === "Dangerous shell command gate") as PipelineInput;

describe("scenarioFromTrace", () => {
  it("turns a run's replies and tool results into a scripted scenario that replays the same turn", async () => {
    const first = await runPipelineInProcess(gate);
    const scenario = first.pipeline.scenarios[0];
    if (!scenario) throw new Error("setup");
    const saved = scenarioFromTrace({ events: first.events, scenario, name: "recorded" });
    expect(saved.model.responses).toEqual("responses" in scenario.model ? scenario.model.responses : null);
    expect(saved.tools).toEqual([{ name: "terminal", description: "Runs a shell command.", inputSchema: { type: "object", properties: { command: { type: "string" } } }, results: ["app.js\napp.js.map"] }]);
    expect({ ...saved, model: undefined, tools: undefined, name: undefined }).toEqual({ ...scenario, model: undefined, tools: undefined, name: undefined });

    const replay = await runPipelineInProcess({ ...gate, scenarios: [saved] });
    const strip = (events: typeof first.events) => events.map((e) => (e.type === "hook.end" ? { ...e, durationMs: 0 } : e.type === "run.start" ? { ...e, scenario: "" } : e));
    expect(strip(replay.events)).toEqual(strip(first.events));
    expect(checkExpectations({ events: replay.events, expectations: saved.expectations ?? [], pipeline: replay.pipeline }).failed).toBe(0);
  });

  it("keeps provider errors and drops the scripted model's 'no response left'", async () => {
    const input: PipelineInput = { ...gate, scenarios: [{ name: "s", prompt: "x", model: { kind: "scripted", responses: [{ error: "overloaded" }] } }] };
    const errored = await runPipelineInProcess(input);
    const s = errored.pipeline.scenarios[0];
    if (!s) throw new Error("setup");
    expect(scenarioFromTrace({ events: errored.events, scenario: s, name: "n" }).model.responses).toEqual([{ error: "overloaded" }]);
    const exhausted = await runPipelineInProcess({ ...input, scenarios: [{ ...s, model: { kind: "scripted", responses: [] } }] });
    expect(exhausted.events.at(-1)).toMatchObject({ exitReason: "script_exhausted" });
    expect(scenarioFromTrace({ events: exhausted.events, scenario: s, name: "n" }).model.responses).toEqual([]);
  });

  it("keeps what a tool handler did with each result (as a re-run does), and a plain result as its text", () => {
    const scenario = { ...(gate.scenarios?.[0] as Scenario), tools: [{ name: "lookup", description: "", inputSchema: { type: "object" }, handler: "export default () => '';" }] };
    const at = { runId: "r", t: 0 };
    const write = { op: "write" as const, path: "/workspace/b.txt", before: null, after: "b", encoding: "utf8" as const };
    const events: TraceEvent[] = [
      { ...at, seq: 1, type: "tool.call", toolUseId: "a", name: "lookup", input: {} },
      { ...at, seq: 2, type: "tool.result", toolUseId: "a", content: "a: 0 hits", isError: false },
      { ...at, seq: 3, type: "tool.call", toolUseId: "b", name: "lookup", input: {} },
      { ...at, seq: 4, type: "tool.result", toolUseId: "b", content: "b: 1 hit", isError: false, logs: [{ level: "log", message: "noted b" }], files: [write], requests: [{ method: "GET", url: "https://x.test/", status: 200, response: "{}" }], clock: [5], random: [0.5] },
      { ...at, seq: 5, type: "tool.call", toolUseId: "c", name: "lookup", input: {} },
      { ...at, seq: 6, type: "tool.result", toolUseId: "c", content: "blocked", isError: true, claimedBy: "gate" },
    ];
    expect(scenarioFromTrace({ events, scenario, name: "n" }).tools).toEqual([
      {
        name: "lookup",
        description: "",
        inputSchema: { type: "object" },
        results: ["a: 0 hits", { content: "b: 1 hit", isError: false, logs: [{ level: "log", message: "noted b" }], files: [write], requests: [{ method: "GET", url: "https://x.test/", status: 200, response: "{}" }], clock: [5], random: [0.5] }],
      },
    ]);
  });

  it("picks a free name", () => {
    expect(uniqueScenarioName("default (recorded)", ["default"])).toBe("default (recorded)");
    expect(uniqueScenarioName("a", ["a", "a 2"])).toBe("a 3");
  });
});
