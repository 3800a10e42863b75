import { describe, expect, it } from "vitest";
import { createLineSplitter } from "./lineSplitter";

describe("createLineSplitter", () => {
  it("splits chunks at newlines, joins a line spread over chunks, drops \\r and emits the last unterminated line", () => {
    const lines: string[] = [];
    const s = createLineSplitter((l) => lines.push(l));
    for (const chunk of ['{"a"', ":1}\r\n{", '"b":2}\n\n', "tail"]) s.push(chunk);
    s.end();
    expect(lines).toEqual(['{"a":1}', '{"b":2}', "", "tail"]);
  });
});
