/**
 * A small, strict TOML 1.0 reader for the files Codex keeps hooks in (`config.toml`,
 * `requirements.toml`): tables, arrays of tables, dotted and quoted keys, inline tables, arrays,
 * strings (basic, literal, multi-line), integers, floats and booleans. Dates and times are refused
 * (Codex's hooks never hold one), and so is everything TOML forbids (a key or table defined
 * twice, a table extended after it was closed). Every error names its line, so an importer can
 * say "config.toml line 12: …". Pure: no Node APIs.
 */

/** A TOML float, kept apart from integers: Codex reads `timeout = 5.0` as an error, not as 5. */
export class TomlFloat {
  constructor(readonly value: number) {}
}

export type TomlValue = string | number | boolean | TomlFloat | TomlValue[] | TomlTable;
export interface TomlTable {
  [key: string]: TomlValue;
}

export interface TomlDocument {
  value: TomlTable;
  /** The line (from 1) each key, table or array element was written on, by its path (`hooks.PreToolUse[0].matcher`). */
  lines: ReadonlyMap<string, number>;
}

/** Malformed TOML: `line` (from 1) and a plain-words `reason`; `message` is "line N: reason". */
export class TomlError extends Error {
  override name = "TomlError";
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** How a table came to be: TOML forbids redefining or extending some of them. */
type TableKind = "implicit" | "header" | "dotted" | "inline" | "root";

const BARE_KEY = /[A-Za-z0-9_-]/;
const ESCAPES: Readonly<Record<string, string>> = { b: "\b", t: "\t", n: "\n", f: "\f", r: "\r", '"': '"', "\\": "\\" };

/** A path segment as `lines` and messages write it: `a.b`, `[2]`, `"odd key"`. */
export function tomlPath(parts: readonly (string | number)[]): string {
  let out = "";
  for (const part of parts) {
    if (typeof part === "number") out += `[${part}]`;
    else {
      const key = /^[A-Za-z0-9_-]+$/.test(part) ? part : JSON.stringify(part);
      out += out === "" ? key : `.${key}`;
    }
  }
  return out;
}

function isTable(value: TomlValue | undefined): value is TomlTable {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof TomlFloat);
}

class Reader {
  private pos = 0;
  private line = 1;
  private readonly kinds = new WeakMap<TomlTable, TableKind>();
  /** Arrays made by `[[header]]`; only these take more tables. */
  private readonly tableArrays = new WeakSet<TomlValue[]>();
  readonly lines = new Map<string, number>();
  readonly root: TomlTable = {};

  constructor(private readonly text: string) {
    this.kinds.set(this.root, "root");
  }

  private fail(reason: string, line = this.line): never {
    throw new TomlError(line, reason);
  }

  private peek(offset = 0): string {
    return this.text.charAt(this.pos + offset);
  }

  private startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  private eof(): boolean {
    return this.pos >= this.text.length;
  }

  /** Consumes one character, counting lines; a lone CR is not a TOML newline. */
  private next(): string {
    const c = this.text.charAt(this.pos++);
    if (c === "\n") this.line++;
    return c;
  }

  private skipSpaces(): void {
    while (this.peek() === " " || this.peek() === "\t") this.pos++;
  }

  private skipComment(): void {
    if (this.peek() !== "#") return;
    while (!this.eof() && this.peek() !== "\n" && !this.startsWith("\r\n")) {
      const c = this.peek();
      if (isControl(c) && c !== "\t") this.fail(`a comment holds the control character U+${hex(c)}`);
      this.pos++;
    }
  }

  /** A newline (LF or CRLF) if one is next. */
  private newline(): boolean {
    if (this.peek() === "\n") {
      this.next();
      return true;
    }
    if (this.startsWith("\r\n")) {
      this.pos++;
      this.next();
      return true;
    }
    return false;
  }

  /** Spaces, comments and newlines: what may stand between items of an array. */
  private skipBlank(): void {
    for (;;) {
      this.skipSpaces();
      this.skipComment();
      if (!this.newline()) return;
    }
  }

  /** After a key/value or a header: only spaces and a comment until the end of the line. */
  private endOfLine(what: string): void {
    this.skipSpaces();
    this.skipComment();
    if (this.eof() || this.newline()) return;
    this.fail(`unexpected ${describeChar(this.peek())} after ${what}; put each key = value on its own line`);
  }

  parse(): TomlTable {
    let current = this.root;
    let currentPath: (string | number)[] = [];
    for (;;) {
      this.skipBlank();
      if (this.eof()) return this.root;
      if (this.peek() === "[") {
        const line = this.line;
        const many = this.peek(1) === "[";
        this.pos += many ? 2 : 1;
        this.skipSpaces();
        const keys = this.key();
        this.skipSpaces();
        if (!this.startsWith(many ? "]]" : "]")) this.fail(`the table header [${many ? "[" : ""}${keys.join(".")} is not closed with ${many ? "]]" : "]"}`);
        this.pos += many ? 2 : 1;
        ({ table: current, path: currentPath } = many ? this.arrayTable(keys, line) : this.table(keys, line));
        this.endOfLine("a table header");
      } else {
        this.keyValue(current, currentPath);
        this.endOfLine("a value");
      }
    }
  }

  /** The table `keys` lead to from the root for a header: tables on the way are created, a table array's last element entered. */
  private walk(keys: readonly string[], line: number): { table: TomlTable; path: (string | number)[] } {
    let table = this.root;
    const path: (string | number)[] = [];
    for (const key of keys) {
      path.push(key);
      let value = table[key];
      if (value === undefined) {
        value = {};
        this.kinds.set(value, "implicit");
        table[key] = value;
        this.lines.set(tomlPath(path), line);
      }
      if (Array.isArray(value)) {
        const last = value[value.length - 1];
        if (!this.tableArrays.has(value) || !isTable(last)) this.fail(`${tomlPath(path)} is an array of values, not of tables`, line);
        path.push(value.length - 1);
        value = last;
      }
      if (!isTable(value)) this.fail(`${tomlPath(path)} is already a value, so it cannot hold a table`, line);
      if (this.kinds.get(value) === "inline") this.fail(`${tomlPath(path)} is an inline table, which cannot be extended`, line);
      table = value;
    }
    return { table, path };
  }

  private table(keys: readonly string[], line: number): { table: TomlTable; path: (string | number)[] } {
    const { table: parent, path } = this.walk(keys.slice(0, -1), line);
    const last = keys[keys.length - 1] ?? "";
    const here = [...path, last];
    const existing = parent[last];
    if (existing === undefined) {
      const table: TomlTable = {};
      this.kinds.set(table, "header");
      parent[last] = table;
      this.lines.set(tomlPath(here), line);
      return { table, path: here };
    }
    if (isTable(existing) && this.kinds.get(existing) === "implicit") {
      this.kinds.set(existing, "header");
      return { table: existing, path: here };
    }
    if (Array.isArray(existing)) this.fail(`[${tomlPath(here)}] names an array; write [[${tomlPath(here)}]] to add a table to it`, line);
    if (isTable(existing)) this.fail(`the table [${tomlPath(here)}] is defined twice (first on line ${this.lines.get(tomlPath(here)) ?? "?"})`, line);
    this.fail(`${tomlPath(here)} is already a value (line ${this.lines.get(tomlPath(here)) ?? "?"})`, line);
  }

  private arrayTable(keys: readonly string[], line: number): { table: TomlTable; path: (string | number)[] } {
    const { table: parent, path } = this.walk(keys.slice(0, -1), line);
    const last = keys[keys.length - 1] ?? "";
    const here = [...path, last];
    let array = parent[last];
    if (array === undefined) {
      array = [];
      this.tableArrays.add(array);
      parent[last] = array;
      this.lines.set(tomlPath(here), line);
    } else if (!Array.isArray(array) || !this.tableArrays.has(array)) {
      this.fail(`[[${tomlPath(here)}]] adds to an array of tables, but ${tomlPath(here)} is already ${Array.isArray(array) ? "an array of values" : "a table or value"} (line ${this.lines.get(tomlPath(here)) ?? "?"})`, line);
    }
    const table: TomlTable = {};
    this.kinds.set(table, "header");
    array.push(table);
    const at = [...here, array.length - 1];
    this.lines.set(tomlPath(at), line);
    return { table, path: at };
  }

  /** `a.b."c d" = value` into `table`: dotted keys create (only) tables of their own. */
  private keyValue(table: TomlTable, path: readonly (string | number)[], inline = false): void {
    const line = this.line;
    const keys = this.key();
    this.skipSpaces();
    if (this.peek() !== "=") this.fail(`expected = after the key ${tomlPath(keys)}`);
    this.pos++;
    this.skipSpaces();
    let target = table;
    const here = [...path];
    for (const key of keys.slice(0, -1)) {
      here.push(key);
      let value = target[key];
      if (value === undefined) {
        value = {};
        this.kinds.set(value, inline ? "inline" : "dotted");
        target[key] = value;
        this.lines.set(tomlPath(here), line);
      } else if (!isTable(value) || this.kinds.get(value) !== (inline ? "inline" : "dotted")) {
        this.fail(`${tomlPath(here)} is already defined (line ${this.lines.get(tomlPath(here)) ?? "?"}), so a dotted key cannot add to it`, line);
      }
      target = value;
    }
    const last = keys[keys.length - 1] ?? "";
    here.push(last);
    if (target[last] !== undefined) this.fail(`the key ${tomlPath(here)} is defined twice (first on line ${this.lines.get(tomlPath(here)) ?? "?"})`, line);
    this.lines.set(tomlPath(here), line);
    target[last] = this.value(here);
  }

  /** A key: bare or quoted parts joined by dots. */
  private key(): string[] {
    const parts: string[] = [];
    for (;;) {
      const c = this.peek();
      if (c === '"') {
        if (this.startsWith('"""')) this.fail("a key cannot be a multi-line string");
        parts.push(this.basicString());
      } else if (c === "'") {
        if (this.startsWith("'''")) this.fail("a key cannot be a multi-line string");
        parts.push(this.literalString());
      } else {
        const start = this.pos;
        while (BARE_KEY.test(this.peek()) && !this.eof()) this.pos++;
        if (this.pos === start) this.fail(this.eof() || this.peek() === "\n" ? "a key is missing" : `a key cannot start with ${describeChar(c)}; quote it`);
        parts.push(this.text.slice(start, this.pos));
      }
      this.skipSpaces();
      if (this.peek() !== ".") return parts;
      this.pos++;
      this.skipSpaces();
    }
  }

  private value(path: readonly (string | number)[]): TomlValue {
    const c = this.peek();
    if (this.startsWith('"""')) return this.multiLineBasic();
    if (c === '"') return this.basicString();
    if (this.startsWith("'''")) return this.multiLineLiteral();
    if (c === "'") return this.literalString();
    if (c === "[") return this.array(path);
    if (c === "{") return this.inlineTable(path);
    if (this.eof() || c === "\n" || c === "\r" || c === "#") this.fail(`the value of ${tomlPath(path)} is missing`);
    const start = this.pos;
    while (!this.eof() && /[A-Za-z0-9_+\-.:]/.test(this.peek())) this.pos++;
    const token = this.text.slice(start, this.pos);
    if (token === "true") return true;
    if (token === "false") return false;
    return this.number(token, path);
  }

  private number(token: string, path: readonly (string | number)[]): TomlValue {
    const where = tomlPath(path);
    if (token === "") this.fail(`${where}: ${describeChar(this.peek())} does not start a value (a string needs quotes)`);
    if (/^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}/.test(token)) this.fail(`${where}: dates and times are not supported here`);
    if (/^[+-]?(?:inf|nan)$/.test(token)) return new TomlFloat(token.endsWith("nan") ? NaN : token.startsWith("-") ? -Infinity : Infinity);
    const prefixed = /^0([xob])([0-9A-Fa-f_]+)$/.exec(token);
    if (prefixed) {
      const [, base = "", digits = ""] = prefixed;
      const valid = { x: /^[0-9A-Fa-f](?:_?[0-9A-Fa-f])*$/, o: /^[0-7](?:_?[0-7])*$/, b: /^[01](?:_?[01])*$/ }[base as "x" | "o" | "b"];
      if (!valid.test(digits)) this.fail(`${where}: ${token} is not a valid integer`);
      return this.safe(parseInt(digits.replace(/_/g, ""), { x: 16, o: 8, b: 2 }[base as "x" | "o" | "b"]), token, where);
    }
    const digits = "(?:0|[1-9](?:_?[0-9])*)";
    if (new RegExp(`^[+-]?${digits}$`).test(token)) return this.safe(Number(token.replace(/_/g, "")), token, where);
    if (new RegExp(`^[+-]?${digits}(?:\\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?$`).test(token) && /[.eE]/.test(token)) return new TomlFloat(Number(token.replace(/_/g, "")));
    if (/^[A-Za-z]/.test(token)) this.fail(`${where}: ${token} is not a TOML value; a string needs quotes ("${token}")`);
    this.fail(`${where}: ${token} is not a valid number`);
  }

  private safe(n: number, token: string, where: string): number {
    if (!Number.isSafeInteger(n)) this.fail(`${where}: the integer ${token} is too large`);
    return n;
  }

  private array(path: readonly (string | number)[]): TomlValue[] {
    this.pos++;
    const out: TomlValue[] = [];
    for (;;) {
      this.skipBlank();
      if (this.peek() === "]") {
        this.pos++;
        return out;
      }
      if (this.eof()) this.fail(`the array ${tomlPath(path)} is not closed with ]`);
      const here = [...path, out.length];
      this.lines.set(tomlPath(here), this.line);
      out.push(this.value(here));
      this.skipBlank();
      if (this.peek() === ",") this.pos++;
      else if (this.eof()) this.fail(`the array ${tomlPath(path)} is not closed with ]`);
      else if (this.peek() !== "]") this.fail(`expected , or ] in the array ${tomlPath(path)}, found ${describeChar(this.peek())}`);
    }
  }

  private inlineTable(path: readonly (string | number)[]): TomlTable {
    this.pos++;
    const table: TomlTable = {};
    this.kinds.set(table, "inline");
    this.skipSpaces();
    if (this.peek() === "}") {
      this.pos++;
      return table;
    }
    for (;;) {
      this.skipSpaces();
      if (this.peek() === "\n" || this.startsWith("\r\n")) this.fail(`the inline table ${tomlPath(path)} must be on one line`);
      this.keyValue(table, path, true);
      this.skipSpaces();
      const c = this.peek();
      if (c === "}") {
        this.pos++;
        return table;
      }
      if (c !== ",") this.fail(this.eof() || c === "\n" || c === "\r" ? `the inline table ${tomlPath(path)} is not closed with } on its line` : `expected , or } in the inline table ${tomlPath(path)}, found ${describeChar(c)}`);
      this.pos++;
      this.skipSpaces();
      if (this.peek() === "}") this.fail(`the inline table ${tomlPath(path)} ends with a comma, which TOML does not allow`);
    }
  }

  private basicString(): string {
    this.pos++;
    let out = "";
    for (;;) {
      if (this.eof() || this.peek() === "\n" || this.startsWith("\r\n")) this.fail('a string is not closed with " on its line');
      const c = this.text.charAt(this.pos++);
      if (c === '"') return out;
      if (c === "\\") out += this.escape();
      else if (isControl(c) && c !== "\t") this.fail(`a string holds the control character U+${hex(c)}; write it as an escape`);
      else out += c;
    }
  }

  private escape(): string {
    const c = this.text.charAt(this.pos++);
    const simple = ESCAPES[c];
    if (simple !== undefined) return simple;
    if (c === "u" || c === "U") {
      const length = c === "u" ? 4 : 8;
      const digits = this.text.slice(this.pos, this.pos + length);
      if (!new RegExp(`^[0-9A-Fa-f]{${length}}$`).test(digits)) this.fail(`\\${c} needs ${length} hexadecimal digits`);
      const code = parseInt(digits, 16);
      if (code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) this.fail(`\\${c}${digits} is not a Unicode scalar value`);
      this.pos += length;
      return String.fromCodePoint(code);
    }
    this.fail(`\\${c === "\n" ? "(newline)" : c} is not a valid escape in a basic string (use \\\\ for a backslash)`);
  }

  private literalString(): string {
    this.pos++;
    const start = this.pos;
    for (;;) {
      if (this.eof() || this.peek() === "\n" || this.startsWith("\r\n")) this.fail("a literal string is not closed with ' on its line");
      const c = this.text.charAt(this.pos++);
      if (c === "'") return this.text.slice(start, this.pos - 1);
      if (isControl(c) && c !== "\t") this.fail(`a literal string holds the control character U+${hex(c)}`);
    }
  }

  /** After the opening delimiter of a multi-line string: a newline right there is not part of it. */
  private trimFirstNewline(): void {
    this.newline();
  }

  /** The closing `"""` or `'''` with up to two quotes of content before it. */
  private closing(quote: string): number {
    let n = 0;
    while (this.peek(n) === quote) n++;
    if (n < 3) return 0;
    if (n > 5) this.fail(`too many ${quote} in a row at the end of a multi-line string`);
    return n;
  }

  private multiLineBasic(): string {
    const line = this.line;
    this.pos += 3;
    this.trimFirstNewline();
    let out = "";
    for (;;) {
      if (this.eof()) this.fail('a multi-line string is not closed with """', line);
      const quotes = this.peek() === '"' ? this.closing('"') : 0;
      if (quotes > 0) {
        out += '"'.repeat(quotes - 3);
        this.pos += quotes;
        return out;
      }
      if (this.peek() === "\\") {
        this.pos++;
        // A backslash ending a line: the newline and the blanks after it are not part of the string.
        let look = 0;
        while (this.peek(look) === " " || this.peek(look) === "\t") look++;
        if (this.peek(look) === "\n" || (this.peek(look) === "\r" && this.peek(look + 1) === "\n")) {
          this.pos += look;
          while (this.newline() || this.peek() === " " || this.peek() === "\t") if (this.peek() === " " || this.peek() === "\t") this.pos++;
          continue;
        }
        out += this.escape();
        continue;
      }
      if (this.startsWith("\r\n")) {
        this.newline();
        out += "\n";
        continue;
      }
      const c = this.next();
      if (isControl(c) && c !== "\t" && c !== "\n") this.fail(`a string holds the control character U+${hex(c)}; write it as an escape`);
      out += c;
    }
  }

  private multiLineLiteral(): string {
    const line = this.line;
    this.pos += 3;
    this.trimFirstNewline();
    let out = "";
    for (;;) {
      if (this.eof()) this.fail("a multi-line literal string is not closed with '''", line);
      const quotes = this.peek() === "'" ? this.closing("'") : 0;
      if (quotes > 0) {
        out += "'".repeat(quotes - 3);
        this.pos += quotes;
        return out;
      }
      if (this.startsWith("\r\n")) {
        this.newline();
        out += "\n";
        continue;
      }
      const c = this.next();
      if (isControl(c) && c !== "\t" && c !== "\n") this.fail(`a literal string holds the control character U+${hex(c)}`);
      out += c;
    }
  }
}

function isControl(c: string): boolean {
  const code = c.charCodeAt(0);
  return code < 0x20 || code === 0x7f;
}

function hex(c: string): string {
  return c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
}

function describeChar(c: string): string {
  if (c === "") return "the end of the file";
  if (c === "\n" || c === "\r") return "the end of the line";
  return isControl(c) ? `U+${hex(c)}` : JSON.stringify(c);
}

/**
 * Reads a TOML document.
 *
 * @throws {TomlError} naming the line and what is wrong, for anything that is not valid TOML 1.0
 *   (and for dates, which this reader does not support)
 */
export function readToml(text: string): TomlDocument {
  const reader = new Reader(text.startsWith("\uFEFF") ? text.slice(1) : text);
  const value = reader.parse();
  return { value, lines: reader.lines };
}
