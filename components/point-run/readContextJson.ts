import type { JsonObject } from "~/core/json";
import { jsonErrorOffset } from "./jsonErrorOffset";

export type ContextJsonResult = { ok: true; value: JsonObject } | { ok: false; message: string };

/** Line and column (1-based) of a character offset, for a parse error a user can find. */
function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/**
 * Reads the point-run editor's text: a JSON object (the context as `point.start` carries it).
 * A syntax error names its line and column; any other JSON value says what it is instead.
 */
export function readContextJson(text: string): ContextJsonResult {
  if (text.trim() === "") return { ok: false, message: "The context is empty: it must be a JSON object, like {}." };
  const problem = jsonErrorOffset(text);
  if (problem) return { ok: false, message: `Not valid JSON at ${lineColumn(text, problem.offset)}: expected ${problem.expected}.` };
  const value: unknown = JSON.parse(text);
  if (value === null || typeof value !== "object" || Array.isArray(value)) {
    const what = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
    return { ok: false, message: `The context must be a JSON object ({ … }), not ${what}.` };
  }
  return { ok: true, value: value as JsonObject };
}
