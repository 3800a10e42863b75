import { describe, expect, it } from "vitest";
import { describeExcessiveNesting, findExcessiveNesting, formatNestingPath } from "./jsonNesting";

const nested = (depth: number, open = "[", close = "]") => open.repeat(depth) + close.repeat(depth);

describe("findExcessiveNesting", () => {
  it("accepts JSON exactly at the limit and refuses one level more", () => {
    expect(findExcessiveNesting(nested(100), 100)).toBeNull();
    expect(findExcessiveNesting(nested(101), 100)).toEqual({ path: new Array(100).fill(0), maxDepth: 100 });
  });

  it("names the keys and indexes that lead to the deep part", () => {
    const value = `{"a":1,"scenarios":[{"x":"}]{["},{"tools":[{"inputSchema":{"k":{"k":{"k":1}}}}]}]}`;
    expect(findExcessiveNesting(value, 6)).toEqual({ path: ["scenarios", 1, "tools", 0, "inputSchema", "k"], maxDepth: 6 });
  });

  it("ignores brackets, quotes and escapes inside strings", () => {
    expect(findExcessiveNesting(JSON.stringify({ s: "[[[[[[\\\"{{{{" }), 2)).toBeNull();
    expect(findExcessiveNesting(`{"a\\"b":[[1]]}`, 2)).toEqual({ path: ['a\\"b', 0], maxDepth: 2 });
  });

  it("scans a deep document of several megabytes in one pass", () => {
    const text = `{"json":{"document":${nested(2500)}}}`;
    const found = findExcessiveNesting(text);
    expect(found?.path.slice(0, 3)).toEqual(["json", "document", 0]);
    expect(found?.path).toHaveLength(100);
  });
});

describe("describeExcessiveNesting", () => {
  it("shows the first segments of the path and the limit", () => {
    const found = findExcessiveNesting(`{"scenarios":[{"tools":[{"inputSchema":${nested(200, '{"a":', "}")}}]}]}`, 100);
    if (!found) throw new Error("expected the nesting to be found");
    expect(describeExcessiveNesting(found)).toBe(
      "scenarios[0].tools[0].inputSchema.a.a.a…: nested more than 100 levels deep; JSON here may nest at most 100 levels.",
    );
    expect(formatNestingPath([])).toBe("(root)");
  });
});
