import { describe, expect, it } from "vitest";
import { checkPattern, patternMatches } from "./matchPattern";

describe("Claude Code matchers", () => {
  it("exact, | alternation, regex, * and empty; case-sensitive", () => {
    expect(patternMatches("Bash", "Bash")).toBe(true);
    expect(patternMatches("Bash", "bash")).toBe(false);
    expect(patternMatches("bash", "Bash")).toBe(false);
    expect(patternMatches("Edit|Write", "Write")).toBe(true);
    expect(patternMatches("Edit|Write", "Read")).toBe(false);
    expect(patternMatches("Edit|Write", "MultiEdit")).toBe(false);
    expect(patternMatches("mcp__.*__write", "mcp__fs__write")).toBe(true);
    expect(patternMatches("mcp__.*__write", "mcp__fs__read")).toBe(false);
    expect(patternMatches("*", "Anything")).toBe(true);
    expect(patternMatches("", "Anything")).toBe(true);
    expect(patternMatches(null, "Anything")).toBe(true);
    expect(patternMatches("startup", "resume")).toBe(false);
    expect(patternMatches("startup|resume", "resume")).toBe(true);
  });

  it("an invalid regex matches nothing and is refused with the reason", () => {
    expect(patternMatches("Bash(", "Bash")).toBe(false);
    expect(checkPattern("Bash(")).toMatch(/^"Bash\(" is not a valid regular expression: /);
    expect(checkPattern("Edit|Write")).toBeNull();
  });
});
