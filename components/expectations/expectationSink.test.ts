import { describe, expect, it } from "vitest";
import { scenarioSchema } from "~/core/pipeline/schema";
import { expectationsIn, sameExpectation } from "./expectationSink";

describe("sameExpectation", () => {
  it("treats key order and absent optional keys as the same expectation, so a second click adds nothing", () => {
    expect(sameExpectation({ kind: "hookFired", hookId: "a", fired: true }, { fired: true, hookId: "a", kind: "hookFired", label: undefined })).toBe(true);
  });

  it("tells apart a different occurrence or value", () => {
    const base = { kind: "context", point: "pre-model-call", path: "/systemPrompt", occurrence: 1, op: "equals", value: "x" } as const;
    expect(sameExpectation(base, { ...base, occurrence: 2 })).toBe(false);
    expect(sameExpectation(base, { ...base, value: "y" })).toBe(false);
  });
});

describe("expectationsIn", () => {
  const scenario = (name: string, expectations?: unknown) => scenarioSchema.parse({ name, prompt: "Hi", model: { kind: "scripted", responses: [] }, ...(expectations ? { expectations } : {}) });

  it("reads a scenario without expectations as an empty list, and a missing scenario as null", () => {
    const scenarios = [scenario("a"), scenario("b", [{ kind: "noHookFailed" }])];
    expect(expectationsIn(scenarios, "a")).toEqual([]);
    expect(expectationsIn(scenarios, "b")).toEqual([{ kind: "noHookFailed" }]);
    expect(expectationsIn(scenarios, "point pre-model-call")).toBeNull();
  });
});
