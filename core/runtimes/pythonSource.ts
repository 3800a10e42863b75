/**
 * A static reader of the little of Python a hook module's outline needs: its logical lines
 * (brackets, backslashes and triple-quoted strings joined), its imports, and its classes with
 * their bases, literal class attributes and methods. It never runs the code; anything it cannot
 * read is reported with its line, for the caller to refuse in its own words.
 */

/** One logical line: a statement, possibly spanning several physical lines. */
export interface LogicalLine {
  /** 1-based line of its first physical line. */
  line: number;
  /** 1-based line of its last physical line. */
  endLine: number;
  /** Leading spaces (a tab counts 8, as CPython's tokenizer does). */
  indent: number;
  /** The statement's text with the physical lines joined by "\n", comments and the indent removed. */
  text: string;
}

/** A literal value of a class attribute, or the expression's text when it is not a literal. */
export type PythonValue =
  | { kind: "string"; value: string }
  | { kind: "int"; value: number }
  | { kind: "none" }
  | { kind: "bool"; value: boolean }
  | { kind: "name"; value: string }
  | { kind: "expression"; text: string };

export interface PythonImport {
  line: number;
  endLine: number;
  indent: number;
  /** `from M import …`: M with its leading dots; `import M`: M. */
  module: string;
  from: boolean;
  /** `from`: the imported names (`*` for a star import); `import`: the module itself. */
  names: { name: string; alias: string | null }[];
}

export interface PythonClass {
  name: string;
  line: number;
  /** The base expressions as written (`PreToolUseHook`, `fim_one_hooks.Hook`); keywords (`metaclass=`) left out. */
  bases: string[];
  /** Simple `x = …` / `x: T = …` assignments of the class body, by name. */
  attributes: Map<string, { value: PythonValue; line: number }>;
  /** The methods the class body defines. */
  methods: Map<string, { line: number; async: boolean; params: string[] }>;
}

export interface PythonOutline {
  lines: LogicalLine[];
  imports: PythonImport[];
  /** Top-level classes, in source order. */
  classes: PythonClass[];
  /** Names bound by top-level simple assignments (`hook = …`), with their lines. */
  assignments: Map<string, number>;
}

/** Text the reader cannot take apart (an unterminated string or bracket), with its line. */
export class PythonSourceError extends Error {
  override name = "PythonSourceError";
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const STRING_PREFIX = /^(?:[rRbBuUfF]|[rR][bBfF]|[bBfF][rR])?$/;

/**
 * Splits `source` into logical lines, dropping comments and blank lines.
 *
 * @throws {PythonSourceError} for a string or bracket still open at the end of the file
 */
export function logicalLines(source: string): LogicalLine[] {
  const out: LogicalLine[] = [];
  const physical = source.replace(/\r\n?/g, "\n");
  let i = 0;
  let line = 1;
  let depth = 0;
  let start = -1;
  let startLine = 1;
  let text = "";
  let openLine = 1;
  const flush = () => {
    const body = text.replace(/[ \t]+$/gm, "").trim();
    if (start >= 0 && body !== "") {
      const lead = physical.slice(start, physical.indexOf(body[0] ?? "", start));
      out.push({ line: startLine, endLine: line, indent: indentWidth(lead), text: body });
    }
    start = -1;
    text = "";
  };
  while (i < physical.length) {
    const c = physical[i] ?? "";
    if (start < 0 && c !== "\n") {
      start = i;
      startLine = line;
    }
    if (c === "#") {
      while (i < physical.length && physical[i] !== "\n") i++;
      continue;
    }
    if (c === "\\" && physical[i + 1] === "\n") {
      text += " ";
      i += 2;
      line++;
      continue;
    }
    if (c === '"' || c === "'") {
      // Back up over a string prefix already copied (r"", f'', rb"").
      const prefix = /[A-Za-z]{0,2}$/.exec(text)?.[0] ?? "";
      const usable = STRING_PREFIX.test(prefix) ? prefix : "";
      const triple = physical.startsWith(c.repeat(3), i);
      const quote = triple ? c.repeat(3) : c;
      const raw = /[rR]/.test(usable);
      const from = i;
      const fromLine = line;
      i += quote.length;
      for (;;) {
        if (i >= physical.length) throw new PythonSourceError(fromLine, `line ${fromLine}: a string is never closed`);
        const d = physical[i];
        if (d === "\\" && !raw) {
          if (physical[i + 1] === "\n") line++;
          i += 2;
          continue;
        }
        if (d === "\\" && raw) {
          i += 2;
          continue;
        }
        if (d === "\n") {
          if (!triple) throw new PythonSourceError(fromLine, `line ${fromLine}: a string is never closed on its line`);
          line++;
        }
        if (physical.startsWith(quote, i)) {
          i += quote.length;
          break;
        }
        i++;
      }
      text += physical.slice(from, i);
      continue;
    }
    if (c === "(" || c === "[" || c === "{") {
      if (depth === 0) openLine = line;
      depth++;
    } else if (c === ")" || c === "]" || c === "}") depth = Math.max(0, depth - 1);
    if (c === "\n") {
      if (depth > 0) {
        text += "\n";
        line++;
        i++;
        continue;
      }
      flush();
      line++;
      i++;
      continue;
    }
    text += c;
    i++;
  }
  if (depth > 0) throw new PythonSourceError(openLine, `line ${openLine}: a bracket is never closed`);
  flush();
  return out;
}

function indentWidth(lead: string): number {
  let width = 0;
  for (const ch of lead) width = ch === "\t" ? width + 8 - (width % 8) : width + 1;
  return width;
}

const IDENT = "[A-Za-z_][A-Za-z0-9_]*";
const DOTTED = `${IDENT}(?:\\s*\\.\\s*${IDENT})*`;

function readNames(text: string): { name: string; alias: string | null }[] | null {
  const inner = text.trim().replace(/^\(([\s\S]*)\)$/, "$1");
  const names: { name: string; alias: string | null }[] = [];
  for (const part of inner.split(",")) {
    const item = part.trim();
    if (item === "") continue;
    const m = new RegExp(`^(${DOTTED}|\\*)(?:\\s+as\\s+(${IDENT}))?$`).exec(item);
    if (!m) return null;
    names.push({ name: (m[1] ?? "").replace(/\s+/g, ""), alias: m[2] ?? null });
  }
  return names.length > 0 ? names : null;
}

/** An import statement's parts, or null when the logical line is not one. */
export function readImport(l: LogicalLine): PythonImport | null {
  const from = new RegExp(`^from\\s+(\\.*\\s*(?:${DOTTED})?)\\s+import\\s+([\\s\\S]+)$`).exec(l.text);
  if (from) {
    const names = readNames(from[2] ?? "");
    const module = (from[1] ?? "").replace(/\s+/g, "");
    if (!names || module === "") return null;
    return { line: l.line, endLine: l.endLine, indent: l.indent, module, from: true, names };
  }
  const plain = /^import\s+([\s\S]+)$/.exec(l.text);
  if (plain) {
    const names = readNames(plain[1] ?? "");
    const first = names?.[0];
    if (!names || !first) return null;
    return { line: l.line, endLine: l.endLine, indent: l.indent, module: first.name, from: false, names };
  }
  return null;
}

/** Reads `text` as a literal (string, int, None, True/False, a dotted name), else keeps it as an expression. */
export function readValue(text: string): PythonValue {
  const t = text.trim();
  if (/^[+-]?\d+$/.test(t.replace(/_/g, ""))) return { kind: "int", value: Number(t.replace(/_/g, "")) };
  if (t === "None") return { kind: "none" };
  if (t === "True" || t === "False") return { kind: "bool", value: t === "True" };
  if (new RegExp(`^${DOTTED}$`).test(t)) return { kind: "name", value: t.replace(/\s+/g, "") };
  const s = /^([rRuU]?)("|')((?:\\.|(?!\2)[^\\\n])*)\2$/.exec(t);
  if (s) return { kind: "string", value: (s[1] ?? "").toLowerCase() === "r" ? (s[3] ?? "") : unescape(s[3] ?? "") };
  return { kind: "expression", text: t };
}

function unescape(body: string): string {
  const simple: Record<string, string> = { n: "\n", t: "\t", r: "\r", "\\": "\\", "'": "'", '"': '"', "0": "\0" };
  return body.replace(/\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|.)/g, (_, e: string) => {
    if (e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    return simple[e] ?? `\\${e}`;
  });
}

/** Splits `a, b(c, d), e=f` at its top-level commas. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = "";
  for (const ch of text) {
    if ("([{".includes(ch)) depth++;
    if (")]}".includes(ch)) depth--;
    if (ch === "," && depth === 0) {
      parts.push(current.trim());
      current = "";
    } else current += ch;
  }
  if (current.trim() !== "") parts.push(current.trim());
  return parts;
}

const CLASS = new RegExp(`^class\\s+(${IDENT})\\s*(?:\\(([\\s\\S]*)\\))?\\s*:\\s*([\\s\\S]*)$`);
const DEF = new RegExp(`^(async\\s+)?def\\s+(${IDENT})\\s*\\(([\\s\\S]*?)\\)\\s*(?:->[\\s\\S]*?)?:`);
const ASSIGN = new RegExp(`^(${IDENT})\\s*(?::[^=]+)?=(?!=)\\s*([\\s\\S]+)$`);

/**
 * The outline of a Python module: logical lines, imports (at any depth), top-level classes and
 * top-level assignments.
 *
 * @throws {PythonSourceError} for a string or bracket never closed
 * @example readPythonOutline('class G(PreToolUseHook):\n    name = "g"\n').classes[0]?.attributes.get("name") // { value: { kind: "string", value: "g" }, line: 2 }
 */
export function readPythonOutline(source: string): PythonOutline {
  const lines = logicalLines(source);
  const imports: PythonImport[] = [];
  const classes: PythonClass[] = [];
  const assignments = new Map<string, number>();
  let current: { cls: PythonClass; indent: number; bodyIndent: number | null } | null = null;
  for (const l of lines) {
    const imported = readImport(l);
    if (imported) imports.push(imported);
    if (current && l.indent > current.indent) {
      current.bodyIndent ??= l.indent;
      if (l.indent !== current.bodyIndent) continue;
      const def = DEF.exec(l.text);
      if (def) {
        const params = splitTopLevel(def[3] ?? "").map((p) => p.replace(/[:=][\s\S]*$/, "").trim());
        current.cls.methods.set(def[2] ?? "", { line: l.line, async: Boolean(def[1]), params });
        continue;
      }
      const assign = ASSIGN.exec(l.text);
      if (assign) current.cls.attributes.set(assign[1] ?? "", { value: readValue(assign[2] ?? ""), line: l.line });
      continue;
    }
    current = null;
    if (l.indent !== 0) continue;
    const cls = CLASS.exec(l.text);
    if (cls) {
      const bases = splitTopLevel(cls[2] ?? "").filter((b) => !/^[A-Za-z_]\w*\s*=/.test(b) && !b.startsWith("*"));
      const parsed: PythonClass = { name: cls[1] ?? "", line: l.line, bases: bases.map((b) => b.replace(/\s+/g, "")), attributes: new Map(), methods: new Map() };
      classes.push(parsed);
      // `class A(B): pass` on one line has its body after the colon.
      current = (cls[3] ?? "").trim() === "" ? { cls: parsed, indent: 0, bodyIndent: null } : null;
      continue;
    }
    const assign = ASSIGN.exec(l.text);
    if (assign) assignments.set(assign[1] ?? "", l.line);
  }
  return { lines, imports, classes, assignments };
}
