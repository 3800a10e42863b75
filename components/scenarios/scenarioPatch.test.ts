import { describe, expect, it } from "vitest";
import { scenarioSchema } from "~/core/pipeline/schema";
import { changedFields } from "./scenarioPatch";

const base = scenarioSchema.parse({ name: "one", prompt: "Hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Hello" }] }] } });

describe("changedFields", () => {
  it("lists only the fields whose value changed, never the name", () => {
    const next = { ...base, name: "two", prompt: "Hi there", model: { ...base.model, responses: [{ error: "overloaded" }] } };
    expect(changedFields(base, next)).toEqual({ prompt: "Hi there", model: next.model });
  });

  it("is empty for an equal scenario written with other objects", () => {
    expect(changedFields(base, structuredClone(base))).toEqual({});
  });
});
