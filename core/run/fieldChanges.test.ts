import { describe, expect, it } from "vitest";
import { describeFieldChanges } from "./fieldChanges";

describe("describeFieldChanges", () => {
  it("shows a long string as an inline word diff", () => {
    const before = { systemPrompt: "You are a helpful assistant who answers questions about hooks." };
    const after = { systemPrompt: before.systemPrompt + "\nBe concise." };
    const changes = describeFieldChanges({ before, after, patch: [{ op: "replace", path: "/systemPrompt", value: after.systemPrompt }] });
    expect(changes).toEqual([
      {
        field: "systemPrompt", change: "changed", ignored: null, view: "text", before: before.systemPrompt, after: after.systemPrompt,
        segments: [{ kind: "same", text: before.systemPrompt }, { kind: "add", text: "\nBe concise." }],
      },
    ]);
  });
  it("shows message arrays as messages and short values as before/after", () => {
    const m1 = { role: "user", content: [{ type: "text", text: "hi" }] };
    const m2 = { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "search", input: { q: "x" } }] };
    const changes = describeFieldChanges({
      before: { messages: [m1], maxTokens: 10 },
      after: { messages: [m1, m2], maxTokens: 20 },
      patch: [{ op: "add", path: "/messages/1", value: m2 }, { op: "replace", path: "/maxTokens", value: 20 }],
    });
    expect(changes[0]).toMatchObject({ field: "messages", view: "messages" });
    expect(changes[0]?.view === "messages" && changes[0].messages.map((m) => m.kind)).toEqual(["same", "added"]);
    expect(changes[1]).toEqual({ field: "maxTokens", change: "changed", ignored: null, view: "value", before: "10", after: "20" });
  });
  it("flags writes the host ignores even when the patch dropped them", () => {
    const changes = describeFieldChanges({
      before: { sessionId: "s1" }, after: { sessionId: "s1" }, patch: [],
      ignoredWrites: [{ path: "/sessionId", reason: "read-only field: the host does not read it back" }],
    });
    expect(changes).toEqual([{ field: "sessionId", change: "changed", ignored: "read-only field: the host does not read it back", view: "value", before: '"s1"', after: '"s1"' }]);
  });
});

