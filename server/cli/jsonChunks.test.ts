import { describe, expect, it } from "vitest";
import { jsonChunks } from "./jsonChunks";

describe("jsonChunks", () => {
  it("writes exactly what JSON.stringify(value, null, 2) writes", () => {
    const values: unknown[] = [
      { a: 1, b: [1, "two", null, { c: [] }, {}], d: undefined, e: "quote \" and \n", f: { g: { h: [[]] } } },
      [undefined, () => 1, 3],
      "text",
      null,
      { date: new Date(0), nested: [{ x: true }] },
    ];
    for (const v of values) expect([...jsonChunks(v)].join("")).toBe(JSON.stringify(v, null, 2));
  });
});
