import { describe, expect, it } from "vitest";
import { readContextJson } from "./readContextJson";

describe("readContextJson", () => {
  it("reads an object", () => {
    expect(readContextJson('{ "systemPrompt": "Hi", "n": 2 }')).toEqual({ ok: true, value: { systemPrompt: "Hi", n: 2 } });
  });

  it("names the line and column of a syntax error", () => {
    const result = readContextJson('{\n  "a": 1,\n  "b": \n}');
    expect(result).toEqual({ ok: false, message: "Not valid JSON at line 4, column 1: expected a value." });
    expect(readContextJson('{ "a": 1, }')).toEqual({ ok: false, message: 'Not valid JSON at line 1, column 11: expected a key in double quotes, like "name".' });
    expect(readContextJson('{ "a": "x\n" }')).toEqual({ ok: false, message: "Not valid JSON at line 1, column 10: expected a closing quote (a line break inside a string must be written \\n)." });
  });

  it("refuses an array, a string and an empty text with what was given", () => {
    expect(readContextJson("[1]")).toEqual({ ok: false, message: "The context must be a JSON object ({ … }), not an array." });
    expect(readContextJson('"x"')).toEqual({ ok: false, message: "The context must be a JSON object ({ … }), not a string." });
    expect(readContextJson("  ")).toEqual({ ok: false, message: "The context is empty: it must be a JSON object, like {}." });
  });
});
