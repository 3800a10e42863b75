import type { PythonAuthoring, PythonField } from "~/core/profiles/types";

/*
 * Completions for Python hooks, from the profile's data (no language server): the context's
 * fields after `<context>.` (the name the hook's should_trigger / execute take their context
 * as: `context`, `ctx`), and the result's fields as keyword arguments inside `HookResult(…)`.
 */

export interface PythonCompletion {
  label: string;
  insertText: string;
  detail: string;
  documentation: string;
  kind: "field" | "argument";
}

const CONTEXT_PARAM = /\bdef\s+(?:should_trigger|execute)\s*\(\s*self\s*,\s*([A-Za-z_]\w*)/g;

/** The names the module's hook methods take their context as (`context` and `ctx` always). */
export function contextNames(code: string): Set<string> {
  const names = new Set(["context", "ctx"]);
  for (const m of code.matchAll(CONTEXT_PARAM)) if (m[1]) names.add(m[1]);
  return names;
}

/** Whether the cursor is inside an unclosed `<resultType>(` call on the text before it (brackets balanced after it). */
function insideResultCall(before: string, resultType: string): boolean {
  let depth = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const ch = before[i];
    if (ch === ")" || ch === "]" || ch === "}") depth++;
    else if (ch === "[" || ch === "{") depth--;
    else if (ch === "(") {
      if (depth === 0) return new RegExp(`\\b${resultType}\\s*$`).test(before.slice(0, i));
      depth--;
    }
    if (depth < 0) return false;
  }
  return false;
}

const asCompletion = (f: PythonField, kind: PythonCompletion["kind"]): PythonCompletion => ({
  label: f.name,
  insertText: kind === "argument" ? `${f.name}=` : f.name,
  detail: f.default === undefined ? f.type : `${f.type} = ${f.default}`,
  documentation: f.doc,
  kind,
});

/**
 * What to offer at the cursor, given the module's text before it.
 *
 * @example completionsAt({ before: "    if ctx.", code, authoring }) // the HookContext fields
 */
export function completionsAt(args: { before: string; code: string; authoring: PythonAuthoring }): PythonCompletion[] {
  const { before, code, authoring } = args;
  const member = /([A-Za-z_]\w*)\.\w*$/.exec(before);
  if (member?.[1] && contextNames(code).has(member[1])) return authoring.contextFields.map((f) => asCompletion(f, "field"));
  // Keyword position only: after "(" or "," (not inside a value being typed after "=").
  if (/(?:\(|,)\s*\w*$/.test(before) && insideResultCall(before, authoring.resultType)) {
    const given = new Set([...before.slice(before.lastIndexOf(`${authoring.resultType}(`)).matchAll(/\b([A-Za-z_]\w*)\s*=/g)].map((m) => m[1]));
    return authoring.resultFields.filter((f) => !given.has(f.name)).map((f) => asCompletion(f, "argument"));
  }
  return [];
}
