import { describe, expect, it } from "vitest";
import { createRandom } from "../engine/testing/random";
import type { Json, JsonObject } from "../json";
import { applyPatch, diffJson, JsonPatchError } from "./jsonPatch";

describe("applyPatch", () => {
  const doc: JsonObject = { a: { b: [1, 2, 3] }, keep: { big: [1] }, "x/y": 1, "t~": 2 };

  it("applies all six operations and leaves the input untouched", () => {
    const before = structuredClone(doc);
    const out = applyPatch(doc, [
      { op: "add", path: "/a/b/1", value: 9 },
      { op: "add", path: "/a/b/-", value: 4 },
      { op: "remove", path: "/a/b/0" },
      { op: "replace", path: "/x~1y", value: "slash" },
      { op: "copy", from: "/a/b", path: "/copied" },
      { op: "move", from: "/t~0", path: "/moved" },
      { op: "test", path: "/copied", value: [9, 2, 3, 4] },
    ]);
    expect(out).toEqual({ a: { b: [9, 2, 3, 4] }, keep: { big: [1] }, "x/y": "slash", copied: [9, 2, 3, 4], moved: 2 });
    expect(doc).toEqual(before);
    expect(out.keep).toBe(doc.keep); // untouched subtrees are shared
  });

  it("does not let a copied value change with its source", () => {
    const out = applyPatch({ a: [1] } as JsonObject, [
      { op: "copy", from: "/a", path: "/b" },
      { op: "add", path: "/a/-", value: 2 },
    ]);
    expect(out).toEqual({ a: [1, 2], b: [1] });
  });

  it("replaces the whole document at the empty path", () => {
    expect(applyPatch({ a: 1 } as Json, [{ op: "replace", path: "", value: [1] }])).toEqual([1]);
  });

  it("names the op and the reason when a patch does not apply", () => {
    expect(() => applyPatch(doc, [{ op: "remove", path: "/nope" }])).toThrow(new JsonPatchError("patch op 0 (remove /nope): the path does not exist", 0, "/nope"));
    expect(() => applyPatch(doc, [{ op: "add", path: "/a/b/7", value: 1 }])).toThrow("patch op 0 (add /a/b/7): index 7 is out of range");
    expect(() => applyPatch(doc, [{ op: "test", path: "/x~1y", value: 2 }])).toThrow("test failed");
    expect(() => applyPatch(doc, [{ op: "move", from: "/a", path: "/a/b/c" }])).toThrow("into its own child");
    expect(() => applyPatch(doc, [{ op: "replace", path: "/missing", value: 1 }])).toThrow("the path does not exist");
  });

  it("keeps a key named __proto__ as data", () => {
    const out = applyPatch({} as JsonObject, [{ op: "add", path: "/__proto__", value: { polluted: true } }]);
    expect(Object.keys(out)).toEqual(["__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("applies many ops into one large array in linear time", () => {
    const big = { list: Array.from({ length: 20_000 }, (_, i) => i) } as JsonObject;
    const patch = Array.from({ length: 5_000 }, (_, i) => ({ op: "replace" as const, path: `/list/${i}`, value: -i }));
    const t0 = performance.now();
    const out = applyPatch(big, patch);
    expect(performance.now() - t0).toBeLessThan(500);
    expect((out.list as number[])[4_999]).toBe(-4_999);
  });
});

describe("diffJson", () => {
  it("turns random documents into each other (property)", () => {
    for (let seed = 1; seed <= 500; seed++) {
      const r = createRandom(seed);
      const a = r.json(4);
      const b = r.next() < 0.5 ? r.json(4) : mutate(structuredClone(a), r.int(1000));
      const patch = diffJson(a, b);
      expect(applyPatch(a, patch), `seed ${seed}`).toEqual(b);
    }
  });

  it("expresses an unshift as one add", () => {
    const items = [{ id: 1 }, { id: 2 }];
    expect(diffJson({ items }, { items: [{ id: 0 }, ...items] })).toEqual([{ op: "add", path: "/items/0", value: { id: 0 } }]);
  });
});

function mutate(value: Json, n: number): Json {
  if (Array.isArray(value)) {
    if (n % 3 === 0) value.unshift(n);
    else if (n % 3 === 1) value.splice(0, 1);
    else value.push({ n });
    return value;
  }
  if (value && typeof value === "object") {
    value[`k${n % 4}`] = n;
    return value;
  }
  return n;
}
