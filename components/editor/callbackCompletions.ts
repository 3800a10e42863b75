import type { CallbackAuthoring, CallbackField } from "~/core/profiles/types";

/*
 * Completions for callback hooks in the host's own language (deputy's R closures), from the
 * profile's data (no language server): the fields of a list argument after `<arg><member>`
 * (`context$working_dir`), the result constructor's arguments inside `HookResult…(`, and
 * elsewhere the callback's own arguments and the result constructors. The language's syntax
 * (the member operator, how a named argument is written) comes from the caller's table.
 */

export interface CallbackSyntax {
  /** The member operator of a named list (`$` in R). */
  member: string;
  /** How a named argument is written in a call (`permission = `). */
  namedArgument(name: string): string;
  /** The line-comment start (`#`): nothing is offered after it. */
  comment: string;
}

export interface CallbackCompletion {
  label: string;
  insertText: string;
  detail: string;
  documentation: string;
  kind: "field" | "argument" | "variable" | "function";
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The name of the innermost unclosed call around the end of `before` (brackets balanced after it), or null. */
function enclosingCall(before: string): string | null {
  let depth = 0;
  for (let i = before.length - 1; i >= 0; i--) {
    const ch = before[i];
    if (ch === ")" || ch === "]" || ch === "}") depth++;
    else if (ch === "[" || ch === "{") {
      if (depth === 0) return null;
      depth--;
    } else if (ch === "(") {
      if (depth === 0) return /([A-Za-z_.][\w.]*)\s*$/.exec(before.slice(0, i))?.[1] ?? null;
      depth--;
    }
  }
  return null;
}

/** Whether the end of `line` is inside a string literal ('…' or "…", backslash escapes). */
function insideString(line: string): boolean {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote) {
      if (ch === "\\") i++;
      else if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'" || ch === "`") quote = ch;
  }
  return quote !== null;
}

const describe = (field: CallbackField) => (field.default === undefined ? field.type : `${field.type} = ${field.default}`);

/**
 * What to offer at the cursor on `point`, given the code before it.
 *
 * @example completionsAt({ before: "  if (context$", point: "PreToolUse", authoring, syntax }) // working_dir, tool_call_id, …
 */
export function completionsAt(args: { before: string; point: string; authoring: CallbackAuthoring; syntax: CallbackSyntax }): CallbackCompletion[] {
  const { before, point, authoring, syntax } = args;
  const line = before.slice(before.lastIndexOf("\n") + 1);
  if (line.includes(syntax.comment) && !insideString(line.slice(0, line.indexOf(syntax.comment)))) return [];
  if (insideString(line)) return [];
  const lists = authoring.listFields(point);
  const member = new RegExp(`([A-Za-z_.][\\w.]*)\\s*${escapeRe(syntax.member)}\\s*[\\w.]*$`).exec(before);
  if (member) {
    const fields = member[1] ? lists[member[1]] : undefined;
    return (fields ?? []).map((f) => ({ label: f.name, insertText: f.name, detail: f.type, documentation: f.doc, kind: "field" }));
  }
  // A named argument of a result constructor: right after "(" or "," (not inside a value being typed).
  if (/(?:\(|,)\s*[\w.]*$/.test(before)) {
    const call = enclosingCall(before);
    const result = call ? authoring.results.find((r) => r.name === call) : undefined;
    if (result) {
      const start = before.lastIndexOf(`${result.name}(`);
      const given = new Set([...before.slice(start).matchAll(/\b([A-Za-z_.][\w.]*)\s*=(?!=)/g)].map((m) => m[1]));
      return result.fields.filter((f) => !given.has(f.name)).map((f) => ({ label: f.name, insertText: syntax.namedArgument(f.name), detail: describe(f), documentation: f.doc, kind: "argument" }));
    }
  }
  // An identifier being typed: the callback's arguments, then the point's result constructors.
  if (/::\s*[\w.]*$/.test(before)) {
    return authoring.results.filter((r) => r.points.includes(point)).map((r) => ({ label: r.name, insertText: r.name, detail: `${r.qualifier}${r.name}(${r.fields.map((x) => x.name).join(", ")})`, documentation: r.doc, kind: "function" }));
  }
  const params = (authoring.args(point) ?? []).map((a): CallbackCompletion => ({ label: a.name, insertText: a.name, detail: a.type, documentation: a.doc, kind: "variable" }));
  const results = authoring.results
    .filter((r) => r.points.includes(point))
    .map((r): CallbackCompletion => ({ label: `${r.qualifier}${r.name}`, insertText: `${r.qualifier}${r.name}`, detail: `(${r.fields.map((x) => x.name).join(", ")})`, documentation: r.doc, kind: "function" }));
  return [...params, ...results];
}
