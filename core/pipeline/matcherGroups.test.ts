import { describe, expect, it } from "vitest";
import { groupByMatcher, testMatchers } from "./matcherGroups";

const hook = (id: string, matcher: string | string[] | null, enabled = true) => ({ id, name: `${id}-name`, matcher, enabled });

describe("groupByMatcher", () => {
  it("one group per matcher in order of first appearance, hooks in registration order (settings.json shape)", () => {
    const groups = groupByMatcher([hook("a", "Bash"), hook("b", "Edit|Write"), hook("c", "Bash"), hook("d", null), hook("e", ""), hook("f", "*")]);
    expect(groups.map((g) => [g.key, g.matcher, g.hooks.map((h) => h.id)])).toEqual([
      ['"Bash"', "Bash", ["a", "c"]],
      ['"Edit|Write"', "Edit|Write", ["b"]],
      ["null", null, ["d"]],
      ['""', "", ["e"]],
      ['"*"', "*", ["f"]],
    ]);
  });

  it("groups list matchers by their ids", () => {
    expect(groupByMatcher([hook("a", ["exec"]), hook("b", ["exec"]), hook("c", ["exec", "web_search"])]).map((g) => [g.key, g.hooks.map((h) => h.id)])).toEqual([
      ['["exec"]', ["a", "b"]],
      ['["exec","web_search"]', ["c"]],
    ]);
  });
});

describe("testMatchers", () => {
  it("says which hooks a tool name reaches and by which rule", () => {
    const hooks = [hook("a", "Bash"), hook("b", "Edit|Write"), hook("c", "mcp__.*__write"), hook("d", null), hook("e", "bash"), hook("f", "Bash(", true), hook("g", "Bash", false)];
    expect(testMatchers(hooks, "Bash")).toEqual([
      { hookId: "a", name: "a-name", runs: true, why: 'exactly "Bash"' },
      { hookId: "b", name: "b-name", runs: false, why: "not one of Edit, Write (case-sensitive)" },
      { hookId: "c", name: "c-name", runs: false, why: "the regular expression /mcp__.*__write/ does not match" },
      { hookId: "d", name: "d-name", runs: true, why: "no matcher: every value" },
      { hookId: "e", name: "e-name", runs: false, why: 'not exactly "bash" (case-sensitive)' },
      { hookId: "f", name: "f-name", runs: false, why: "not a valid regular expression: it matches nothing" },
      { hookId: "g", name: "g-name", runs: false, why: 'disabled (its matcher: exactly "Bash")' },
    ]);
    expect(testMatchers([hook("b", "Edit|Write"), hook("c", "mcp__.*__write")], "mcp__fs__write").map((r) => [r.runs, r.why])).toEqual([
      [false, "not one of Edit, Write (case-sensitive)"],
      [true, "the regular expression /mcp__.*__write/ matches"],
    ]);
  });

  it("works for the field a non-tool event matches, and for tool-id lists", () => {
    expect(testMatchers([hook("s", "startup|resume"), hook("t", "*")], "compact").map((r) => [r.runs, r.why])).toEqual([
      [false, "not one of startup, resume (case-sensitive)"],
      [true, "no matcher (*): every value"],
    ]);
    expect(testMatchers([hook("x", ["exec", "web_search"])], "Exec").map((r) => [r.runs, r.why])).toEqual([[true, '"Exec" is listed']]);
  });
});
