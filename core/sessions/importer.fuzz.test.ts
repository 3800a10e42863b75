import { describe, expect, it } from "vitest";
import { SessionImportError } from "./errors";
import { fixture, importText } from "./testing";
import { createRandom } from "../engine/testing/random";

const FIXTURES = ["claude-code-branches.jsonl", "codex-apply-patch.jsonl", "openclaw-compaction.jsonl"];

/** Damages a line: truncates it, drops or swaps a character, or replaces it with something not JSON. */
function damage(line: string, rnd: () => number): string {
  const at = Math.floor(rnd() * line.length);
  switch (Math.floor(rnd() * 5)) {
    case 0:
      return line.slice(0, at);
    case 1:
      return line.slice(0, at) + line.slice(at + 1);
    case 2:
      return `${line.slice(0, at)}"}{${line.slice(at)}`;
    case 3:
      return "\u0000\uFFFD garbage";
    default:
      return `${line}}`;
  }
}

describe("createSessionImport (fuzzed)", () => {
  for (const name of FIXTURES) {
    it(`never crashes on damaged lines of ${name}, and names every bad line`, () => {
      const lines = fixture(name).trimEnd().split("\n");
      const rnd = createRandom(name.length).next;
      for (let round = 0; round < 200; round++) {
        const damaged = lines.map((l) => (rnd() < 0.2 ? damage(l, rnd) : l));
        const bad = damaged.flatMap((l, i) => {
          try {
            JSON.parse(l);
            return [];
          } catch {
            return l.trim() === "" ? [] : [i + 1];
          }
        });
        for (const badLines of ["skip", "refuse"] as const) {
          try {
            const { summary } = importText(damaged.join("\n"), { badLines });
            expect(summary.badLines.map((b) => b.line)).toEqual(bad);
            if (badLines === "refuse") expect(bad).toEqual([]);
          } catch (error) {
            expect(error).toBeInstanceOf(SessionImportError);
            const e = error as SessionImportError;
            if (badLines === "refuse" && bad.length > 0) {
              expect(e.code).toBe("BAD_LINE");
              expect(e.message).toContain(`line ${bad[0]}: not JSON (`);
            } else expect(["EMPTY", "NO_SUCH_BRANCH", "UNKNOWN_FORMAT", "BROKEN_TREE"]).toContain(e.code);
          }
        }
      }
    });
  }

  it("names a bad line and refuses unless told to skip it", () => {
    const text = '{"type":"session","version":3,"id":"s"}\n{"type":"message","id":"e1","parentId":null,"message":{"role":"user","content":"hi"}}\n{"type":"message","id":"e2",\n';
    expect(() => importText(text)).toThrow(new SessionImportError("BAD_LINE", `1 line is not JSON (line 3: not JSON (${jsonError('{"type":"message","id":"e2",')}), starting "{\\"type\\":\\"message\\",\\"id\\":\\"e2\\","): skip it to import the rest`));
    const { summary, scenario } = importText(text, { badLines: "skip" });
    expect(summary.badLines).toEqual([{ line: 3, problem: `not JSON (${jsonError('{"type":"message","id":"e2",')}), starting "{\\"type\\":\\"message\\",\\"id\\":\\"e2\\","` }]);
    expect(scenario.prompt).toBe("hi");
  });

  it("refuses a file of another format, saying what its records are", () => {
    expect(() => importText('{"kind":"x"}\n[1,2]\n"text"')).toThrow(new SessionImportError("UNKNOWN_FORMAT", "not a Claude Code transcript, Codex rollout, OpenClaw session or Hookwright recording: the first 3 records have types (no type), array, string"));
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (e) {
    return (e as Error).message;
  }
  return "";
}
