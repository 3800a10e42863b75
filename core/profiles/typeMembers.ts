/**
 * The top-level members of an object type declared in a profile's `sharedTypes` text
 * (`export type X = Base & { a: string; b?: { c: number } };`), so the editor can list a command
 * hook's stdin and stdout fields from the very declarations IntelliSense shows function hooks.
 * Only the shapes profiles write are read: `export type NAME[<…>] = [Other &] { members }`.
 */

export interface TypeMember {
  name: string;
  type: string;
  optional: boolean;
}

/**
 * @returns the members of the object literal type `name` (after any `Other &`), in order, with
 *   comments dropped; null when `name` is not declared as such in `source`.
 * @example typeMembers('export type A = { x: string; y?: number };', "A") // [{ name: "x", … }, { name: "y", optional: true, … }]
 */
export function typeMembers(source: string, name: string): TypeMember[] | null {
  const start = new RegExp(`export type ${name}\\b[^=]*=`).exec(source);
  if (!start) return null;
  const open = source.indexOf("{", start.index + start[0].length);
  const semicolon = source.indexOf(";", start.index + start[0].length);
  if (open < 0 || (semicolon >= 0 && semicolon < open)) return null;
  const body = balanced(source, open);
  if (body === null) return null;
  return splitTopLevel(stripComments(body))
    .map((member) => /^([A-Za-z_$][\w$]*)(\??):\s*([\s\S]+)$/.exec(member.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[1] as string, optional: m[2] === "?", type: (m[3] as string).replace(/\s+/g, " ").trim() }));
}

/** The `Base` in `export type NAME = Base & { … }`, or null. */
export function typeBase(source: string, name: string): string | null {
  const m = new RegExp(`export type ${name}\\b[^=]*=\\s*([A-Za-z_$][\\w$]*)\\s*&`).exec(source);
  return m ? (m[1] as string) : null;
}

function balanced(text: string, open: number): string | null {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(open + 1, i);
  }
  return null;
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/[^\n]*/g, "");
}

/** Splits on `;` and `,` outside braces, brackets, parentheses and angle brackets. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const c of text) {
    if ("{[(<".includes(c)) depth++;
    else if ("}])>".includes(c)) depth--;
    if (depth === 0 && (c === ";" || c === ",")) {
      parts.push(current);
      current = "";
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== "");
}
