import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../core/json";
import { applyPatch, diffJson } from "../../core/trace/jsonPatch";
import { contextPatch } from "./contextPatch";

/** Applies the patch as the chain realm does (after a JSON round trip) and returns the result as JSON text (key order included). */
function patched(before: JsonObject, after: JsonObject): string | null {
  const patch = contextPatch(before, after);
  return patch ? JSON.stringify(applyPatch(before, JSON.parse(JSON.stringify(patch)) as typeof patch)) : null;
}

describe("contextPatch", () => {
  const before: JsonObject = {
    systemPrompt: "You are helpful.",
    messages: [
      { role: "user", content: [{ type: "text", text: "hi" }] },
      { role: "assistant", content: [{ type: "text", text: "hello" }] },
    ],
    "a/b~c": { keep: 1, drop: 2 },
  };

  it("produces diffJson's ops for the same edits, in document order", () => {
    const after: JsonObject = {
      systemPrompt: "You are helpful.\nBe concise.",
      messages: [
        { role: "user", content: [{ type: "text", text: "hi" }] },
        { role: "assistant", content: [{ type: "text", text: "hello" }] },
        { role: "user", content: [{ type: "text", text: "more" }] },
      ],
      "a/b~c": { keep: 1, added: [1] },
    };
    expect(contextPatch(before, after)).toEqual([
      { op: "replace", path: "/systemPrompt", value: "You are helpful.\nBe concise." },
      { op: "add", path: "/messages/2", value: { role: "user", content: [{ type: "text", text: "more" }] } },
      { op: "remove", path: "/a~1b~0c/drop" },
      { op: "add", path: "/a~1b~0c/added", value: [1] },
    ]);
    expect(patched(before, after)).toBe(JSON.stringify(after));
    expect(applyPatch(before, contextPatch(before, after) ?? [])).toEqual(applyPatch(before, diffJson(before, after)));
  });

  it("is empty for an equal context in another tree, and handles arrays that shrink and change type", () => {
    expect(contextPatch(before, JSON.parse(JSON.stringify(before)) as JsonObject)).toEqual([]);
    const after: JsonObject = { systemPrompt: ["now", "a list"], messages: [{ role: "user", content: [] }], "a/b~c": null };
    expect(patched(before, after)).toBe(JSON.stringify(after));
  });

  it("answers null when the caller's key order cannot be reproduced by a patch", () => {
    expect(contextPatch({ a: 1, b: 2 }, { b: 2, a: 1 })).toBeNull();
    expect(contextPatch({ x: { a: 1, b: 2 } }, { x: { b: 2, a: 1 } })).toBeNull();
    expect(contextPatch({ list: [{ a: 1, b: 2 }] }, { list: [{ b: 3, a: 1 }] })).toBeNull();
    // A new key before an existing one: applying the patch would append it.
    expect(contextPatch({ a: 1 }, { n: 0, a: 1 })).toBeNull();
    // Removing a key keeps the others' order, adding appends: that is reproducible.
    expect(patched({ a: 1, b: 2, c: 3 }, { a: 1, c: 3, d: 4 })).toBe(JSON.stringify({ a: 1, c: 3, d: 4 }));
  });

  it("keeps a __proto__ key as data", () => {
    const after = JSON.parse('{"x":1,"__proto__":{"polluted":true}}') as JsonObject;
    const result = patched({ x: 1 }, after);
    expect(result).toBe('{"x":1,"__proto__":{"polluted":true}}');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
