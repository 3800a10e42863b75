import { describe, expect, it } from "vitest";
import { createRandom, type Random } from "../engine/testing/random";
import type { Json, JsonObject } from "../json";
import { applyPatch } from "../trace/jsonPatch";
import { diffJsonExact, type ValueSource } from "./diff";
import { escapePointerToken, isObjectLike } from "./jsonValue";

/** A random edit of `v` that shares what it does not touch, reorders keys and reuses parts of `root`. */
function edit(r: Random, v: Json, root: Json, depth: number): Json {
  if (!isObjectLike(v) || depth > 4 || r.int(4) === 0) return r.int(3) === 0 ? (r.int(2) ? r.json(2) : pickPart(r, root)) : v;
  if (Array.isArray(v)) {
    const out = v.map((x) => (r.int(3) === 0 ? edit(r, x, root, depth + 1) : x));
    if (r.int(3) === 0) out.splice(r.int(out.length + 1), 0, r.int(2) ? r.json(2) : pickPart(r, root));
    if (out.length > 0 && r.int(4) === 0) out.splice(r.int(out.length), 1);
    return out;
  }
  const keys = Object.keys(v);
  if (r.int(3) === 0) keys.reverse();
  const out: JsonObject = {};
  for (const k of keys) if (r.int(8) !== 0) Object.defineProperty(out, k, { value: r.int(3) === 0 ? edit(r, v[k] as Json, root, depth + 1) : v[k], enumerable: true, writable: true, configurable: true });
  if (r.int(3) === 0) Object.defineProperty(out, r.key(), { value: pickPart(r, root), enumerable: true, writable: true, configurable: true });
  return out;
}

function pickPart(r: Random, v: Json): Json {
  let cur = v;
  while (isObjectLike(cur) && r.int(3) !== 0) {
    const vals = Object.values(cur) as Json[];
    if (vals.length === 0) break;
    cur = r.pick(vals);
  }
  return cur;
}

/** Every object and every string of at least `minString` characters of `doc`, by where it is. */
function sourceOf(doc: Json, minString = 0): ValueSource {
  const at = new Map<unknown, string>();
  const walk = (v: Json, path: string) => {
    if ((typeof v === "string" && v.length >= minString) || isObjectLike(v)) if (!at.has(v)) at.set(v, path);
    if (isObjectLike(v)) for (const [k, x] of Object.entries(v)) walk(x as Json, `${path}/${escapePointerToken(k)}`);
  };
  walk(doc, "");
  return (value) => at.get(value) ?? null;
}

describe("diffJsonExact (property)", () => {
  it("patches `before` into exactly `after`, key order included, with and without copies", () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const r = createRandom(seed * 31);
      const before = { doc: r.json(4), other: r.json(3) } as JsonObject;
      const after = edit(r, before, before, 0);
      for (const source of [undefined, sourceOf(before)]) {
        const patch = diffJsonExact(before, after, { source });
        const got = applyPatch(before as Json, patch);
        if (JSON.stringify(got) !== JSON.stringify(after)) throw new Error(`seed ${seed}: ${JSON.stringify({ before, after, patch, got })}`);
      }
    }
  });

  it("copies a value the document already has instead of writing it again, nested ones too", () => {
    const big = "x".repeat(1000);
    const before: JsonObject = { toolResponse: { type: "tool_result", content: big }, messages: [] };
    const after: JsonObject = { toolResponse: { type: "tool_result", content: big }, messages: [{ role: "user", content: [{ type: "tool_result", content: big }] }] };
    const patch = diffJsonExact(before, after, { source: sourceOf(before, 100) });
    expect(patch).toEqual([
      { op: "add", path: "/messages/0", value: { role: "user", content: [{ type: "tool_result", content: null }] } },
      { op: "copy", from: "/toolResponse/content", path: "/messages/0/content/0/content" },
    ]);
    expect(applyPatch(before, patch)).toEqual(after);
    // The tool response is replaced by a new one: the copy of the old one still comes first.
    const next: JsonObject = { toolResponse: { type: "tool_result", content: "y".repeat(1000) }, messages: after.messages as Json };
    const later = diffJsonExact(after, next, { source: sourceOf(after, 100) });
    expect(later).toEqual([{ op: "replace", path: "/toolResponse/content", value: "y".repeat(1000) }]);
    const third: JsonObject = { toolResponse: { type: "tool_result", content: "z" }, messages: [...(after.messages as Json[]), { role: "user", content: [(next.toolResponse as JsonObject).content as Json] }] };
    const ops = diffJsonExact(next, third, { source: sourceOf(next, 100) });
    expect(ops).toEqual([
      { op: "add", path: "/messages/1", value: { role: "user", content: [] } },
      { op: "copy", from: "/toolResponse/content", path: "/messages/1/content/0" },
      { op: "replace", path: "/toolResponse/content", value: "z" },
    ]);
    expect(JSON.stringify(applyPatch(next, ops))).toBe(JSON.stringify(third));
  });
});
