import { describe, expect, it } from "vitest";
import { examplePipelines } from "../examples";
import type { ExpectationInput, PipelineInput } from "../pipeline/schema";
import { expectationSchema } from "../pipeline/expectationSchema";
import { checkExpectations } from "./check";
import { runPipelineInProcess } from "./testing";

function example(name: string): PipelineInput {
  const found = examplePipelines.find((p) => p.name === name);
  if (!found) throw new Error(name);
  return found;
}

async function check(input: PipelineInput, expectations: ExpectationInput[]) {
  const { pipeline, events } = await runPipelineInProcess(input);
  return checkExpectations({ events, pipeline, expectations: expectations.map((e) => expectationSchema.parse(e)) });
}

describe("checkExpectations (dangerous command gate, registry)", () => {
  const gate = example("Dangerous shell command gate");

  it("passes what holds, with the step that decided it", async () => {
    const report = await check(gate, [
      { kind: "exitReason", equals: "no_tool_calls" },
      { kind: "hookDecision", hookId: "command-gate", decision: "block", occurrence: 1 },
      { kind: "hookDecision", hookId: "command-gate", decision: "none", occurrence: 2 },
      { kind: "toolCall", name: "terminal", ran: false, input: { command: "rm -rf ./build" } },
      { kind: "toolCall", name: "terminal", input: { command: "ls ./build" } },
      { kind: "hookFired", hookId: "command-gate" },
      { kind: "noHookFailed" },
      { kind: "context", point: "before_tool_call", path: "/toolName", op: "equals", value: "terminal" },
    ]);
    expect(report).toEqual({
      passed: 8,
      failed: 0,
      results: [
        { index: 0, label: "the run ends with no_tool_calls", pass: true, reason: "the run ended with no_tool_calls", seq: 20 },
        { index: 1, label: 'hook "dangerous-command-gate" decides block (time 1)', pass: true, reason: 'hook "dangerous-command-gate" decided block (time 1)', seq: 6 },
        { index: 2, label: 'hook "dangerous-command-gate" decides none (time 2)', pass: true, reason: 'hook "dangerous-command-gate" decided none (time 2)', seq: 14 },
        { index: 3, label: 'tool terminal with {"command":"rm -rf ./build"} does not run', pass: true, reason: 'terminal with {"command":"rm -rf ./build"} did not run: hook "dangerous-command-gate" blocked it', seq: 9 },
        { index: 4, label: 'tool terminal with {"command":"ls ./build"} runs', pass: true, reason: 'terminal ran with {"command":"ls ./build"}', seq: 16 },
        { index: 5, label: 'hook "dangerous-command-gate" runs', pass: true, reason: 'hook "dangerous-command-gate" ran 2 times (first at before_tool_call)', seq: 5 },
        { index: 6, label: "no hook fails", pass: true, reason: "no hook failed", seq: 20 },
        { index: 7, label: '/toolName equals "terminal" after before_tool_call (every time)', pass: true, reason: '/toolName holds after all 2 times before_tool_call fired', seq: 7 },
      ],
    });
  });

  it("fails what does not hold, naming what was found and where", async () => {
    const report = await check(gate, [
      { kind: "exitReason", equals: "max_tool_calls" },
      { kind: "hookDecision", hookId: "command-gate", decision: "block", occurrence: "every" },
      { kind: "toolCall", name: "terminal", input: { command: "rm -rf ./build" } },
      { kind: "toolCall", name: "terminal", ran: false },
      { kind: "context", point: "before_tool_call", path: "/args/command", op: "matches", value: "^ls", occurrence: 1 },
      { kind: "context", point: "before_tool_call", path: "/args/command", op: "contains", value: "rm", occurrence: 3 },
      { kind: "context", point: "after_tool_call", path: "/result", op: "equals", value: "x", label: "audit sees the result" },
      { kind: "hookFired", hookId: "command-gate", fired: false },
      { kind: "toolCall", name: "search" },
    ]);
    expect(report.passed).toBe(0);
    expect(report.results.map(({ pass, reason, seq }) => ({ pass, reason, seq }))).toEqual([
      { pass: false, reason: "the run ended with no_tool_calls, expected max_tool_calls", seq: 20 },
      { pass: false, reason: 'hook "dangerous-command-gate" decided none (time 2), expected block', seq: 14 },
      { pass: false, reason: 'terminal with {"command":"rm -rf ./build"} was called but did not run: hook "dangerous-command-gate" blocked it', seq: 9 },
      { pass: false, reason: 'terminal ran with {"command":"ls ./build"}', seq: 16 },
      { pass: false, reason: '/args/command after before_tool_call #1 is "rm -rf ./build", expected it to match "^ls"', seq: 7 },
      { pass: false, reason: "before_tool_call fired 2 times; there is no time 3", seq: 20 },
      { pass: false, reason: "after_tool_call has no recorded context in this run: it was not reached, or no enabled hook runs there", seq: 20 },
      { pass: false, reason: 'hook "dangerous-command-gate" ran 2 times (first at before_tool_call)', seq: 5 },
      { pass: false, reason: "no call of search was made", seq: 20 },
    ]);
    expect(report.results[6]?.label).toBe("audit sees the result");
  });
});

describe("checkExpectations (vellum)", () => {
  it("reads the context the host reads back after the chain, at each time the point fired", async () => {
    const report = await check(example("Retry on an empty reply"), [
      { kind: "context", point: "post-model-call", path: "/decision", op: "equals", value: "continue", occurrence: 1 },
      { kind: "context", point: "post-model-call", path: "/decision", op: "equals", value: "continue" },
      { kind: "context", point: "post-model-call", path: "/messages", op: "contains", value: { role: "user", content: [{ type: "text", text: "Your last reply was empty. Please answer the question." }] }, occurrence: "any" },
      { kind: "hookDecision", hookId: "retry-empty", decision: "continue" },
      { kind: "context", point: "post-model-call", path: "/nope", op: "equals", value: 1, occurrence: 1 },
    ]);
    expect(report.results.map(({ pass, reason, seq }) => ({ pass, reason, seq }))).toEqual([
      { pass: true, reason: '/decision after post-model-call #1 is "continue"', seq: 7 },
      { pass: false, reason: '/decision after post-model-call #2 is "stop", expected it to equal "continue"', seq: 13 },
      { pass: true, reason: '/messages after post-model-call #1 is [{"role":"user","content":[{"type":"text","text":"What is the capital of France…', seq: 7 },
      { pass: true, reason: 'hook "retry-empty" decided continue (time 1)', seq: 6 },
      { pass: false, reason: "/nope does not exist after post-model-call #1", seq: 7 },
    ]);
  });

  it("says why a hook did not run: disabled, or its point not reached", async () => {
    const base = example("Be concise");
    const input: PipelineInput = {
      ...base,
      hooks: [
        ...(base.hooks ?? []),
        { id: "off", point: "pre-model-call", name: "switched-off", enabled: false, code: "export default function () {}" },
        { id: "tools", point: "post-tool-use", name: "on-tools", code: "export default function () {}" },
      ],
    };
    const report = await check(input, [
      { kind: "hookFired", hookId: "off" },
      { kind: "hookFired", hookId: "tools" },
      { kind: "hookDecision", hookId: "tools", decision: "none" },
      { kind: "hookFired", hookId: "ghost" },
      { kind: "context", point: "before_tool_call", path: "/x", op: "equals", value: 1 },
      { kind: "exitReason", equals: "no_tool_call" },
    ]);
    expect(report.results.map((r) => r.reason)).toEqual([
      'hook "switched-off" did not run. Disabled: it is switched off, so the host never calls it.',
      'hook "on-tools" did not run. Not reached: the turn never got to post-tool-use in scenario "default" (it ended with no_tool_calls). No scenario of this pipeline reaches it.',
      'hook "on-tools" did not run, so it made no decision. Not reached: the turn never got to post-tool-use in scenario "default" (it ended with no_tool_calls). No scenario of this pipeline reaches it.',
      'hook "ghost" did not run. There is no hook with id "ghost" in this pipeline.',
      "before_tool_call is not a hook point of this pipeline's profile (its points: init, user-prompt-submit, post-compact, pre-model-call, post-model-call, post-tool-use, stop, shutdown)",
      "the run ended with no_tool_calls, expected no_tool_call; no_tool_call is not an exit reason of this profile (known: no_tool_calls, max_tokens_reached, error, max_model_calls, max_tool_calls, script_exhausted, hook_error, internal_error, point_only)",
    ]);
  });
});
