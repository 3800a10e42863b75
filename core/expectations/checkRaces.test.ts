import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import type { PipelineInput } from "../pipeline/schema";
import { checkExpectations } from "./check";
import { runPipelineInProcess } from "./testing";

const example = (name: string) => examplePipelines.find((p) => p.name === name) as PipelineInput;

describe("orderIndependent expectations", () => {
  it("fail on the updatedInput race, naming the point, the hooks and the field, at its point.end", async () => {
    const { pipeline, events } = await runPipelineInProcess(example("Claude Code updatedInput race"), "declared order");
    const report = checkExpectations({ events, pipeline, expectations: [{ kind: "orderIndependent" }, { kind: "orderIndependent", point: "PreToolUse" }, { kind: "orderIndependent", point: "PostToolUse" }] });
    const end = events.find((e) => e.type === "point.end" && e.point === "PreToolUse");
    const reason = "PreToolUse #1 depends on the order its hooks finish in: the tool input depends on which hook finishes last: add-timeout and ci-env both rewrite `command` (2 completion orders compared)";
    expect(report.results).toEqual([
      { index: 0, label: "no point depends on which hook finishes last", pass: false, reason, seq: end?.seq },
      { index: 1, label: "PreToolUse does not depend on which hook finishes last", pass: false, reason, seq: end?.seq },
      { index: 2, label: "PostToolUse does not depend on which hook finishes last", pass: true, reason: "no hook ran at PostToolUse in this run: nothing could race", seq: events.at(-1)?.seq },
    ]);
  });

  it("pass on the Bash gate (one hook: nothing to race), and refuse a point the profile does not have", async () => {
    const { pipeline, events } = await runPipelineInProcess(example("Claude Code Bash gate"));
    const report = checkExpectations({ events, pipeline, expectations: [{ kind: "orderIndependent" }, { kind: "orderIndependent", point: "PreToolUse" }, { kind: "orderIndependent", point: "pre-tool-use" }] });
    expect(report.results.map((r) => [r.pass, r.reason])).toEqual([
      [true, "no point's outcome depends on the order its hooks finish in (2 crossings with hooks)"],
      [true, "PreToolUse has the same outcome whichever hook finishes last (2 times)"],
      [false, expect.stringMatching(/^pre-tool-use is not a hook point of this pipeline's profile \(its points: SessionStart, UserPromptSubmit, PreToolUse, /)],
    ]);
  });
});
