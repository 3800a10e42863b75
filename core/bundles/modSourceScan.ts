/**
 * A small scanner for the hooks module of a Claude Code mod (`register.js`/`.ts`): enough of
 * JavaScript's lexical grammar (strings, template literals, comments, RegExp literals) to find
 * balanced brackets, the module's top-level declarations and its `on(...)` calls. The engine
 * itself only accepts statically written registrations (claude-code-mods.md facts 38–39: `on` is
 * always `on("<event>", hook)`, hooks are top-level declarations or imports), so a static read
 * sees what the engine would register, without running any of the mod's code.
 */

/** Where a string/comment/regex/template starting at `at` ends (the index after it), or null when `at` starts none. */
function skipToken(text: string, at: number, previous: string): number | null {
  const c = text[at];
  const n = text[at + 1];
  if (c === "/" && n === "/") {
    const end = text.indexOf("\n", at);
    return end < 0 ? text.length : end;
  }
  if (c === "/" && n === "*") {
    const end = text.indexOf("*/", at + 2);
    return end < 0 ? text.length : end + 2;
  }
  if (c === '"' || c === "'") {
    let i = at + 1;
    while (i < text.length && text[i] !== c && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
    return i + 1;
  }
  if (c === "`") {
    let i = at + 1;
    while (i < text.length && text[i] !== "`") {
      if (text[i] === "\\") i += 2;
      else if (text[i] === "$" && text[i + 1] === "{") i = matchBracket(text, i + 1) + 1;
      else i += 1;
    }
    return i + 1;
  }
  // A slash starts a RegExp where an expression may start (after an operator or an opening bracket).
  if (c === "/" && (previous === "" || /[(,=:[!&|?{};+\-*%<>~^]/.test(previous))) {
    let i = at + 1;
    let inClass = false;
    while (i < text.length && text[i] !== "\n") {
      const d = text[i];
      if (d === "\\") i += 1;
      else if (d === "[") inClass = true;
      else if (d === "]") inClass = false;
      else if (d === "/" && !inClass) break;
      i += 1;
    }
    i += 1;
    while (i < text.length && /[a-z]/.test(text[i] as string)) i += 1;
    return i;
  }
  return null;
}

/** The last character before `at` that is not white space ("" at the start). */
function previousSignificant(text: string, at: number): string {
  let i = at - 1;
  while (i >= 0 && /\s/.test(text[i] as string)) i -= 1;
  return i < 0 ? "" : (text[i] as string);
}

/** The index of the bracket closing the one at `open` (`(`, `[` or `{`); text.length when unbalanced. */
export function matchBracket(text: string, open: number): number {
  const pairs: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
  const stack: string[] = [];
  let i = open;
  while (i < text.length) {
    const skipped = skipToken(text, i, previousSignificant(text, i));
    if (skipped !== null && i !== open) {
      i = skipped;
      continue;
    }
    const c = text[i] as string;
    if (pairs[c]) stack.push(pairs[c] as string);
    else if (c === stack[stack.length - 1]) {
      stack.pop();
      if (stack.length === 0) return i;
    }
    i += 1;
  }
  return text.length;
}

/** Positions in `text` outside strings, comments, templates and RegExps where `pattern` matches, with its match. */
export function codeMatches(text: string, pattern: RegExp): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  const sticky = new RegExp(pattern.source, pattern.flags.replace("g", "").replace("y", "") + "y");
  let i = 0;
  while (i < text.length) {
    const skipped = skipToken(text, i, previousSignificant(text, i));
    if (skipped !== null) {
      i = Math.max(skipped, i + 1);
      continue;
    }
    sticky.lastIndex = i;
    const match = sticky.exec(text);
    if (match) {
      out.push(match);
      i += Math.max(match[0].length, 1);
    } else i += 1;
  }
  return out;
}

/** Splits the text inside a call's parentheses at its top-level commas. */
export function splitArguments(inside: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < inside.length) {
    const skipped = skipToken(inside, i, previousSignificant(inside, i));
    if (skipped !== null) {
      i = skipped;
      continue;
    }
    const c = inside[i] as string;
    if (c === "(" || c === "[" || c === "{") {
      i = matchBracket(inside, i) + 1;
      continue;
    }
    if (c === ",") {
      parts.push(inside.slice(start, i).trim());
      start = i + 1;
    }
    i += 1;
  }
  const last = inside.slice(start).trim();
  if (last !== "") parts.push(last);
  return parts;
}
