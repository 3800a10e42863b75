import { describe, expect, it } from "vitest";
import { readDraft, toDraft } from "./expectationDraft";

describe("readDraft", () => {
  const contextDraft = toDraft({ kind: "context", point: "pre-model-call", path: "/systemPrompt", occurrence: "every", op: "equals", value: "Hi" });

  it("shows a context value as JSON and reads it back", () => {
    expect(contextDraft.valueText).toBe('"Hi"');
    expect(readDraft({ ...contextDraft, valueText: '"Be concise."' })).toEqual({
      ok: true,
      value: { kind: "context", point: "pre-model-call", path: "/systemPrompt", occurrence: "every", op: "equals", value: "Be concise." },
    });
  });

  it("asks for quotes when an equals value is not JSON, and takes plain text for contains", () => {
    expect(readDraft({ ...contextDraft, valueText: "Be concise." })).toMatchObject({ ok: false, field: "value", message: expect.stringContaining('a text value needs quotes: "like this"') as unknown });
    const contains = { ...contextDraft, expectation: { ...contextDraft.expectation, op: "contains" as const }, valueText: "concise" };
    expect(readDraft(contains)).toMatchObject({ ok: true, value: { op: "contains", value: "concise" } });
  });

  it("names the field of a schema problem: an invalid regex, a missing tool name, tool input that is not an object", () => {
    const regex = { ...contextDraft, expectation: { ...contextDraft.expectation, op: "matches" as const }, valueText: "(" };
    expect(readDraft(regex)).toMatchObject({ ok: false, field: "value", message: expect.stringContaining("not a valid regular expression") as unknown });
    expect(readDraft(toDraft({ kind: "toolCall", name: "", ran: true }))).toEqual({ ok: false, field: "name", message: "name the tool" });
    expect(readDraft({ ...toDraft({ kind: "toolCall", name: "exec", ran: true }), inputText: "[1]" })).toEqual({ ok: false, field: "input", message: 'the input is a JSON object, like {"command": "ls"}' });
  });
});
