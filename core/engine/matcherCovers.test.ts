import { describe, expect, it } from "vitest";
import { matcherCovers } from "./matcherCovers";

describe("matcherCovers", () => {
  it("a pattern string is the host's pattern: exact, a|b, regex, * and none; case-sensitive", () => {
    expect(["Bash", "bash", "Edit", "mcp__fs__read"].map((t) => matcherCovers("Bash", t))).toEqual([true, false, false, false]);
    expect(["Edit", "Write", "MultiEdit"].map((t) => matcherCovers("Edit|Write", t))).toEqual([true, true, false]);
    expect(["mcp__fs__read", "Bash"].map((t) => matcherCovers("mcp__.*", t))).toEqual([true, false]);
    expect([matcherCovers("*", "X"), matcherCovers("", "X"), matcherCovers(null, "X")]).toEqual([true, true, true]);
  });

  it("a list of tool ids (OpenClaw) compares trimmed and case-insensitively", () => {
    expect(["exec", "EXEC", " web_search", "read"].map((t) => matcherCovers(["exec", "Web_Search "], t))).toEqual([true, true, true, false]);
  });
});
