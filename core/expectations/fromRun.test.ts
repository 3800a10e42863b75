import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import type { PipelineInput } from "../pipeline/schema";
import { expectationSchema } from "../pipeline/expectationSchema";
import { checkExpectations } from "./check";
import { expectContextValue, expectHookOutcome } from "./fromRun";
import { runPipelineInProcess } from "./testing";

describe("expectations made from a run", () => {
  it("a hook card's expectation and a context value's expectation pass on the run they came from", async () => {
    const gate = examplePipelines.find((p) => p.name === "Dangerous shell command gate") as PipelineInput;
    const { pipeline, events } = await runPipelineInProcess(gate);
    const ends = events.filter((e) => e.type === "hook.end");
    const made = [
      ends[0]?.type === "hook.end" ? expectHookOutcome(ends[0], 1) : null,
      ends[1]?.type === "hook.end" ? expectHookOutcome(ends[1], 2) : null,
      expectContextValue({ point: "before_tool_call", path: "/args/command", value: "ls ./build", occurrence: 2 }),
    ];
    expect(made).toEqual([
      { kind: "hookDecision", hookId: "command-gate", decision: "block", occurrence: 1 },
      { kind: "hookFired", hookId: "command-gate", fired: true },
      { kind: "context", point: "before_tool_call", path: "/args/command", occurrence: 2, op: "equals", value: "ls ./build" },
    ]);
    const expectations = made.map((e) => expectationSchema.parse(e));
    expect(checkExpectations({ events, pipeline, expectations }).failed).toBe(0);
  });
});
