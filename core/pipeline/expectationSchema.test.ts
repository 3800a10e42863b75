import { describe, expect, it } from "vitest";
import { parsePipeline } from "./parsePipeline";
import { expectationSchema } from "./expectationSchema";

function pipelineWith(expectations: unknown[]) {
  return parsePipeline({
    format: "hookwright.pipeline/v1",
    name: "p",
    profile: "vellum",
    scenarios: [{ name: "s", prompt: "Hi", model: { kind: "scripted", responses: [] }, expectations }],
  });
}

describe("expectation schema", () => {
  it("keeps old pipelines parsing: a scenario without expectations has none", () => {
    const r = parsePipeline({ format: "hookwright.pipeline/v1", name: "p", profile: "vellum", scenarios: [{ name: "s", prompt: "Hi", model: { kind: "scripted", responses: [] } }] });
    expect(r.ok).toBe(true);
    expect(r.ok && r.value.scenarios[0]?.expectations).toBeUndefined();
  });

  it("fills defaults of each kind", () => {
    const r = pipelineWith([
      { kind: "exitReason", equals: "no_tool_calls" },
      { kind: "context", point: "pre-model-call", path: "/systemPrompt", op: "contains", value: "concise" },
      { kind: "hookFired", hookId: "h1" },
      { kind: "hookDecision", hookId: "h1", decision: "block" },
      { kind: "toolCall", name: "terminal", input: { command: "ls" } },
      { kind: "noHookFailed", label: "nothing throws" },
    ]);
    expect(r.ok && r.value.scenarios[0]?.expectations).toEqual([
      { kind: "exitReason", equals: "no_tool_calls" },
      { kind: "context", point: "pre-model-call", path: "/systemPrompt", occurrence: "every", op: "contains", value: "concise" },
      { kind: "hookFired", hookId: "h1", fired: true },
      { kind: "hookDecision", hookId: "h1", decision: "block", occurrence: "any" },
      { kind: "toolCall", name: "terminal", ran: true, input: { command: "ls" } },
      { kind: "noHookFailed", label: "nothing throws" },
    ]);
  });

  it("names the allowed kinds for an unknown kind, with the field path", () => {
    const r = pipelineWith([{ kind: "hookRan", hookId: "h1" }]);
    expect(r.ok ? [] : r.issues).toEqual([
      { path: "scenarios[0].expectations[0].kind", message: 'an expectation\'s kind is one of "exitReason", "context", "hookFired", "hookDecision", "toolCall", "noHookFailed", "orderIndependent"' },
    ]);
  });

  it("names the allowed ops and occurrences", () => {
    const r = pipelineWith([{ kind: "context", point: "stop", path: "/x", op: "is", value: 1, occurrence: 0 }]);
    expect(r.ok ? [] : r.issues).toEqual([
      { path: "scenarios[0].expectations[0].occurrence", message: 'occurrence is a number from 1 (the n-th time), "every" or "any"' },
      { path: "scenarios[0].expectations[0].op", message: 'op is one of "equals", "contains", "matches"' },
    ]);
  });

  it("refuses a bad pointer and a bad regular expression", () => {
    expect(expectationSchema.safeParse({ kind: "context", point: "stop", path: "systemPrompt", op: "equals", value: 1 }).error?.issues.map((i) => i.message)).toEqual([
      'path is a JSON pointer into the context, like "/systemPrompt" or "/messages/0/role"',
    ]);
    expect(expectationSchema.safeParse({ kind: "context", point: "stop", path: "/x", op: "matches", value: "(" }).error?.issues.map((i) => i.message)).toEqual([
      "not a valid regular expression: Invalid regular expression: /(/: Unterminated group",
    ]);
    expect(expectationSchema.safeParse({ kind: "context", point: "stop", path: "/x", op: "matches", value: 3 }).error?.issues.map((i) => i.message)).toEqual([
      'with op "matches", value is a regular expression (a string)',
    ]);
  });
});
