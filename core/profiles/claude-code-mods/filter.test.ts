import { describe, expect, it } from "vitest";
import { FilterSyntaxError, filterSource, matchesFilter, parseFilterSource } from "./filter";

const bash = { command: "echo ran-a >> ran.log; echo ran-a", description: "d", tool: "Bash", tool_use_id: "toolu_hw0000" };

describe("mod filters, matched as the engine matches them (claude-code-mods.md facts 8 and 48)", () => {
  // The same twelve filters claudeCodeMods.engine.test.ts runs on the real engine, and its verdicts.
  const cases: [string, boolean][] = [
    [`{ tool: "Bash", command: /ran-a/ }`, true],
    [`{ tool: ["Edit", "Bash"] }`, true],
    [`{ tool: /^Ba/ }`, true],
    [`{ tool: "Bash", description: "d" }`, true],
    [`{ command: /RAN-A/i }`, true],
    [`{ command: [/^nomatch/, /ran-a$/] }`, true],
    [`{ command: /^nomatch/ }`, false],
    [`{ tool: ["Edit", "Write"] }`, false],
    [`{ tool: "bash" }`, false],
    [`{ tool: "Bash", description: "x" }`, false],
    [`{ tool: ["Write", /^Ba/] }`, true],
    [`{ command: /RAN-A/ }`, false],
  ];
  for (const [source, verdict] of cases) {
    it(`${source} ${verdict ? "matches" : "misses"} a Bash call`, () => {
      expect(matchesFilter(parseFilterSource(source), bash)).toBe(verdict);
    });
  }

  it("reads the engine's report shape and writes the source back", () => {
    const filter = parseFilterSource(`{ tool: 'Bash', "command": [/rm -rf\\//i, "ls"], n: 2, ok: true, x: null }`);
    expect(filter).toEqual({ has: { tool: { is: "Bash" }, command: { anyOf: [{ regex: "rm -rf\\/", flags: "i" }, { is: "ls" }] }, n: { is: 2 }, ok: { is: true }, x: { is: null } } });
    expect(filterSource(filter)).toBe(`{ tool: "Bash", command: [/rm -rf\\//i, "ls"], n: 2, ok: true, x: null }`);
    expect(parseFilterSource(filterSource(filter))).toEqual(filter);
    expect(matchesFilter(null, bash)).toBe(true);
  });

  it("refuses what is not a filter, naming where", () => {
    expect(() => parseFilterSource(`{ tool: Bash }`)).toThrow(new FilterSyntaxError(`filter: expected a string, number, boolean, null, RegExp or array at offset 8 of "{ tool: Bash }"`));
    expect(() => parseFilterSource(`{ tool: [["a"]] }`)).toThrow(/expected a string, number, boolean, null or RegExp/);
    expect(() => parseFilterSource(`{ tool: /(/ }`)).toThrow(/is not a valid RegExp/);
  });
});
