import type { Json } from "~/core/json";
import { expectationSchema, type Expectation } from "~/core/pipeline/schema";

/** Form drafts keep JSON values as text until saved, so a half-typed value is not lost. */
export interface Draft {
  expectation: Expectation;
  valueText: string;
  inputText: string;
}

export function toDraft(e: Expectation): Draft {
  return {
    expectation: e,
    valueText: e.kind === "context" ? JSON.stringify(e.value) : "",
    inputText: e.kind === "toolCall" && e.input ? JSON.stringify(e.input) : "",
  };
}

function parseJson(text: string): { ok: true; value: Json } | { ok: false; message: string } {
  try {
    return { ok: true, value: JSON.parse(text) as Json };
  } catch (error) {
    return { ok: false, message: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

/** Reads the draft into an expectation, or the first problem as { field, message }. */
export function readDraft(d: Draft): { ok: true; value: Expectation } | { ok: false; field: string; message: string } {
  let e: Expectation = d.expectation;
  if (e.kind === "context") {
    // The value is JSON ("Be concise." with quotes, 3, true, {...}); for contains and matches plain text is read as a string.
    const parsed = parseJson(d.valueText);
    if (parsed.ok) e = { ...e, value: parsed.value };
    else if (e.op === "equals") return { ok: false, field: "value", message: `${parsed.message} (a text value needs quotes: "like this")` };
    else e = { ...e, value: d.valueText };
  }
  if (e.kind === "toolCall") {
    if (d.inputText.trim() === "") {
      const { input: _input, ...rest } = e;
      e = rest;
    } else {
      const parsed = parseJson(d.inputText);
      if (!parsed.ok) return { ok: false, field: "input", message: parsed.message };
      if (!parsed.value || typeof parsed.value !== "object" || Array.isArray(parsed.value)) return { ok: false, field: "input", message: "the input is a JSON object, like {\"command\": \"ls\"}" };
      e = { ...e, input: parsed.value };
    }
  }
  const result = expectationSchema.safeParse(e);
  if (result.success) return { ok: true, value: result.data };
  const issue = result.error.issues[0];
  return { ok: false, field: String(issue?.path[0] ?? "kind"), message: issue?.message ?? "not a valid expectation" };
}
