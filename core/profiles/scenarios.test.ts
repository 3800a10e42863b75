import { describe, expect, it } from "vitest";
import { createScriptedModel } from "../engine/scriptedModel";
import { simulate } from "../engine/simulate";
import { createInProcessRunner } from "../engine/testing/inProcessRunner";
import { parsePipeline } from "../pipeline/parsePipeline";
import type { EncodedTraceEvent, TraceEvent } from "../trace/events";
import { createStreamResolver } from "../trace/resolve";
import { checkExpectations } from "../expectations/check";
import { runPipelineInProcess } from "../expectations/testing";
import { examplePipelines } from "../examples";
import { expectationSchema } from "../pipeline/expectationSchema";
import { listProfiles } from "./index";
import { getDefaultScenario } from "./scenarios";
import { newHookRuntime } from "./newHookRuntime";

describe("default scenario of each profile", () => {
  for (const profile of listProfiles()) {
    it(`${profile.id}: crosses every hook point of the loop (one trivial hook per point)`, async () => {
      const scenario = getDefaultScenario(profile.id);
      expect(scenario, `${profile.id} has no default scenario`).toBeDefined();
      const parsed = parsePipeline({
        format: "hookwright.pipeline/v1",
        name: "probe",
        profile: profile.id,
        // In the host's own runtime where it takes no functions (deputy: R); the in-process runner answers for it.
        hooks: profile.points.map((p) => ({ id: p.id, point: p.id, name: p.id, code: "", runtime: newHookRuntime(profile) })),
        scenarios: [scenario],
        // Every host setting at the value that lets every hook run (OpenClaw allowConversationAccess).
        hostSettings: Object.fromEntries((profile.settings ?? []).map((s) => [s.id, s.requires])),
      });
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
      const pipeline = parsed.value;
      const s = pipeline.scenarios[0];
      if (!s) throw new Error("no scenario");
      const hooks = Object.fromEntries(profile.points.map((p) => [p.id, () => undefined]));
      const events: TraceEvent[] = [];
      const resolve = createStreamResolver();
      const result = await simulate({
        pipeline,
        scenario: s,
        profile,
        runner: createInProcessRunner({ hooks }),
        model: createScriptedModel(s.model),
        emit: (e: EncodedTraceEvent | TraceEvent) => void events.push(resolve(e as EncodedTraceEvent)),
      });
      const crossed = new Set(events.flatMap((e) => (e.type === "hook.start" ? [e.point] : [])));
      expect([...crossed].sort()).toEqual(profile.points.filter((p) => !p.conditional).map((p) => p.id).sort());
      expect(result.exitReason).toBe("no_tool_calls");
      expect(events.filter((e) => e.type === "tool.call").length).toBeGreaterThan(0);
      expect(events.filter((e) => e.type === "tool.result").length).toBeGreaterThan(0);
      const last = events.filter((e) => e.type === "model.response").at(-1);
      expect(last?.type === "model.response" && last.content?.some((b) => b.type === "text")).toBe(true);
    });
  }

  it("registry: the first call is one a gate stops (the dangerous command gate example blocks it)", async () => {
    const gate = examplePipelines.find((p) => p.name === "Dangerous shell command gate");
    const scenario = getDefaultScenario("registry");
    if (!gate || !scenario) throw new Error("setup");
    const { pipeline, events } = await runPipelineInProcess({ ...gate, scenarios: [scenario] });
    const report = checkExpectations({
      pipeline,
      events,
      expectations: [
        { kind: "hookDecision", hookId: "command-gate", decision: "block", occurrence: 1 },
        { kind: "toolCall", name: "terminal", ran: false, input: { command: "rm -rf ./build" } },
        ...(scenario.expectations ?? []).map((e) => expectationSchema.parse(e)),
      ],
    });
    expect(report.results.map((r) => [r.pass, r.reason])).toEqual([
      [true, 'hook "dangerous-command-gate" decided block (time 1)'],
      [true, 'terminal with {"command":"rm -rf ./build"} did not run: hook "dangerous-command-gate" blocked it'],
      [true, "the run ended with no_tool_calls"],
      [true, "no hook failed"],
    ]);
  });

  it("returns a fresh copy each time", () => {
    const a = getDefaultScenario("vellum");
    if (a) a.prompt = "changed";
    expect(getDefaultScenario("vellum")?.prompt).toBe("What does our build script do?");
    expect(getDefaultScenario("nope")).toBeUndefined();
  });
});
