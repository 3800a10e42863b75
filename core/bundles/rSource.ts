/**
 * Just enough of R's lexical structure to read a hooks.R file without running R: strings (with
 * escapes, and raw strings r"(...)"), comments, and bracket nesting, so that the end of a
 * top-level expression and the arguments of a call can be found. Used by the deputy importer
 * and exporter (core/bundles/importDeputy.ts, exportDeputy.ts).
 */

/** The index just past the string starting at `i` (a quote, or the `r`/`R` of a raw string), or -1 when it does not end. */
function stringEnd(text: string, i: number): number {
  const ch = text[i];
  if ((ch === "r" || ch === "R") && (text[i + 1] === '"' || text[i + 1] === "'")) {
    const quote = text[i + 1] ?? '"';
    let j = i + 2;
    let dashes = "";
    while (text[j] === "-") dashes += text[j++];
    const open = text[j];
    const close = open === "(" ? ")" : open === "[" ? "]" : open === "{" ? "}" : null;
    if (!close) return -1;
    const end = text.indexOf(`${close}${dashes}${quote}`, j + 1);
    return end < 0 ? -1 : end + 2 + dashes.length;
  }
  for (let j = i + 1; j < text.length; j++) {
    if (text[j] === "\\") j++;
    else if (text[j] === ch) return j + 1;
  }
  return -1;
}

const isRawStart = (text: string, i: number) => (text[i] === "r" || text[i] === "R") && (text[i + 1] === '"' || text[i + 1] === "'") && !/[\w.]/.test(text[i - 1] ?? "");

/**
 * Where the expression starting at `start` ends: at the first newline (or `;`) at nesting depth 0
 * that does not follow an operator, a comma or a function head (`function(x)` then the body on
 * the next line), or at the end of the text.
 */
export function expressionEnd(text: string, start: number): number {
  let depth = 0;
  let continues = false;
  /** Depths at which a function head's "(" opened. */
  const heads: number[] = [];
  for (let i = start; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === "#") {
      const nl = text.indexOf("\n", i);
      i = (nl < 0 ? text.length : nl) - 1;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`" || isRawStart(text, i)) {
      const end = stringEnd(text, i);
      if (end < 0) return text.length;
      i = end - 1;
      continues = false;
      continue;
    }
    if ((ch === "\n" || ch === ";") && depth <= 0) {
      if (!continues) return i;
      continue;
    }
    if (/\s/.test(ch)) continue;
    if (ch === "(" && /(?:\bfunction|\\)\s*$/.test(text.slice(start, i))) heads.push(depth);
    if ("([{".includes(ch)) depth++;
    if (")]}".includes(ch)) depth--;
    continues = (ch === ")" && heads.at(-1) === depth) || /[-+*/^&|<>=!~,$@:%]/.test(ch);
    if (ch === ")" && heads.at(-1) === depth) heads.pop();
  }
  return text.length;
}

/** The 1-based line of index `i`. */
export function lineAt(text: string, i: number): number {
  let line = 1;
  for (let j = 0; j < i && j < text.length; j++) if (text[j] === "\n") line++;
  return line;
}

/** The top-level expressions of `text` (comments and blank lines between them skipped), with where each starts. */
export function topLevelExpressions(text: string): { start: number; end: number; source: string }[] {
  const out: { start: number; end: number; source: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] ?? "";
    if (/\s|;/.test(ch)) {
      i++;
      continue;
    }
    if (ch === "#") {
      const nl = text.indexOf("\n", i);
      i = nl < 0 ? text.length : nl + 1;
      continue;
    }
    const end = expressionEnd(text, i);
    out.push({ start: i, end, source: text.slice(i, end).trim() });
    i = end + 1;
  }
  return out;
}

/** One argument of a call: its name (null when positional), its source without comments, and as written. */
export interface CallArgument {
  name: string | null;
  source: string;
  text: string;
  start: number;
}

/**
 * The arguments of the call whose "(" is at `open`: each as its name (null when positional) and
 * its source text, and the index just past the ")".
 */
export function callArguments(text: string, open: number): { args: CallArgument[]; end: number } | null {
  const args: CallArgument[] = [];
  let depth = 0;
  let argStart = open + 1;
  const push = (end: number) => {
    const raw = text.slice(argStart, end);
    // Comment lines before the argument belong to no one; comments inside it stay in `text`.
    const lead = /^(?:\s*#[^\n]*\n)*\s*/.exec(raw)?.[0].length ?? 0;
    const written = raw.slice(lead).trimEnd();
    const trimmed = stripComments(raw).trim();
    if (trimmed === "") return;
    const NAME = /^([A-Za-z.][\w.]*|`[^`]+`)\s*=(?!=)\s*/;
    const named = NAME.exec(trimmed);
    const source = named ? trimmed.slice(named[0].length).trim() : trimmed;
    const own = named ? written.replace(NAME, "") : written;
    args.push({ name: named ? (named[1] ?? "").replace(/`/g, "") : null, source, text: own, start: argStart + lead });
  };
  for (let i = open; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === "#") {
      const nl = text.indexOf("\n", i);
      i = (nl < 0 ? text.length : nl) - 1;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`" || isRawStart(text, i)) {
      const end = stringEnd(text, i);
      if (end < 0) return null;
      i = end - 1;
      continue;
    }
    if ("([{".includes(ch)) depth++;
    else if (")]}".includes(ch)) {
      depth--;
      if (depth === 0) {
        push(i);
        return { args, end: i + 1 };
      }
    } else if (ch === "," && depth === 1) {
      push(i);
      argStart = i + 1;
    }
  }
  return null;
}

/** `text` without its comments (strings kept). */
export function stripComments(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === '"' || ch === "'" || ch === "`" || isRawStart(text, i)) {
      const end = stringEnd(text, i);
      if (end < 0) return out + text.slice(i);
      out += text.slice(i, end);
      i = end - 1;
    } else if (ch === "#") {
      const nl = text.indexOf("\n", i);
      i = (nl < 0 ? text.length : nl) - 1;
    } else out += ch;
  }
  return out;
}

/** The value of an R string literal ("a\"b", 'x', r"(raw)"), or null when `source` is not one literal. */
export function stringLiteral(source: string): string | null {
  const s = source.trim();
  if (s === "") return null;
  const end = stringEnd(s, 0);
  if (end !== s.length || !(s[0] === '"' || s[0] === "'" || isRawStart(s, 0))) return null;
  if (s[0] === "r" || s[0] === "R") {
    const m = /^[rR](["'])(-*)[([{]([\s\S]*)[)\]}]\2\1$/.exec(s);
    return m ? (m[3] ?? "") : null;
  }
  const body = s.slice(1, -1);
  return body.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{1,4}|x[0-9a-fA-F]{1,2}|.)/g, (_m, esc: string) => {
    if (esc.startsWith("u")) return String.fromCodePoint(parseInt(esc.replace(/[u{}]/g, ""), 16));
    if (esc.startsWith("x")) return String.fromCharCode(parseInt(esc.slice(1), 16));
    return ({ n: "\n", t: "\t", r: "\r", "0": "\0" } as Record<string, string>)[esc] ?? esc;
  });
}

/** A double-quoted R string literal of `s`. */
export function rStringLiteral(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\r/g, "\\r").replace(/\t/g, "\\t")}"`;
}

/** A raw string literal r"-[...]-" holding `s`, with enough dashes that `s` cannot close it. */
export function rRawLiteral(s: string): string {
  let dashes = "-";
  while (s.includes(`]${dashes}"`)) dashes += "-";
  return `r"${dashes}[${s}]${dashes}"`;
}

/**
 * Where `name(` is called in `text` outside strings and comments (`name` may contain `$` and
 * `::`): the index of each call's "(".
 */
export function findCalls(text: string, name: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] ?? "";
    if (ch === "#") {
      const nl = text.indexOf("\n", i);
      i = (nl < 0 ? text.length : nl) - 1;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`" || isRawStart(text, i)) {
      const end = stringEnd(text, i);
      if (end < 0) return out;
      i = end - 1;
      continue;
    }
    if (text.startsWith(name, i) && !/[\w.$]/.test(text[i - 1] ?? "")) {
      let j = i + name.length;
      while (text[j] === " ") j++;
      if (text[j] === "(") out.push(j);
    }
  }
  return out;
}
