/**
 * Where a hook that timed out was spinning, when QuickJS cannot say.
 *
 * QuickJS records a source position only at some operations (calls, property writes, …), and an
 * interrupt's stack names the last one recorded. A loop of pure arithmetic (`for (;;) n++;`)
 * records none, so the stack points at whatever ran before it: the function's header, or the
 * statement above the loop. In that case the loop is the first one after that position in the same
 * block, which this finds in the transpiled JavaScript (esbuild's output: no comments, one
 * statement per line). A position inside a loop is kept: the block ends before another loop starts.
 */

/** 1-based line and column in `lines` of the first loop after (line, column), or null. */
export function loopAfter(lines: readonly string[], line: number, column: number): { line: number; column: number } | null {
  const scan = new Scanner(lines, line - 1, column - 1);
  let depth = 0;
  /** Depth at which a nested function's body opened: its loops are not where the caller spins. */
  const skipped: number[] = [];
  let functionPending = false;
  // A stack at a function's header (nothing recorded yet in its body) starts the scan before its own
  // body: that first brace, before any statement ended, is the spinning function, not a nested one.
  let statementEnded = false;
  for (let ch = scan.next(); ch !== null; ch = scan.next()) {
    if (ch === ";") statementEnded = true;
    if (ch === "{") {
      const ownBody = !statementEnded && depth === 0 && skipped.length === 0;
      depth++;
      if (functionPending && !ownBody) skipped.push(depth);
      functionPending = false;
    } else if (ch === "}") {
      if (skipped.at(-1) === depth) skipped.pop();
      depth--;
      if (depth < 0) return null;
    } else if (ch === "=" && scan.peek() === ">") {
      scan.next();
      functionPending = scan.restOfLineStartsWith("{");
    } else if (isIdentifierStart(ch) && !scan.afterIdentifierChar()) {
      const at = scan.position();
      const word = ch + scan.identifierRest();
      if (word === "function") functionPending = true;
      else if (skipped.length === 0 && LOOP_KEYWORDS.has(word) && isLoopStart(word, scan)) return at;
    }
  }
  return null;
}

const LOOP_KEYWORDS = new Set(["for", "while", "do"]);

/** `for (`, `while (`, `do {` / `do x` — not a property or variable named like one. */
function isLoopStart(word: string, scan: Scanner): boolean {
  if (scan.previousSignificant() === ".") return false;
  const after = scan.nextSignificant();
  return word === "do" ? after !== null && after !== "(" && after !== "." && after !== "=" : after === "(";
}

function isIdentifierStart(ch: string): boolean {
  return /[A-Za-z_$]/.test(ch);
}

/** Walks the code character by character, skipping string and template literals. */
class Scanner {
  private line: number;
  private col: number;
  private lastCharLine = -1;
  private lastCharCol = -1;

  constructor(
    private readonly lines: readonly string[],
    line: number,
    col: number,
  ) {
    this.line = line;
    this.col = col;
  }

  next(): string | null {
    for (;;) {
      const text = this.lines[this.line];
      if (text === undefined) return null;
      if (this.col >= text.length) {
        this.line++;
        this.col = 0;
        continue;
      }
      const ch = text[this.col] as string;
      this.lastCharLine = this.line;
      this.lastCharCol = this.col;
      this.col++;
      if (ch === '"' || ch === "'" || ch === "`") {
        this.skipQuoted(ch);
        continue;
      }
      return ch;
    }
  }

  peek(): string | null {
    return this.lines[this.line]?.[this.col] ?? null;
  }

  /** The 1-based position of the character `next` returned last. */
  position(): { line: number; column: number } {
    return { line: this.lastCharLine + 1, column: this.lastCharCol + 1 };
  }

  /** Whether the character before the last one returned continues an identifier (so it is not a word start). */
  afterIdentifierChar(): boolean {
    const before = this.lines[this.lastCharLine]?.[this.lastCharCol - 1];
    return before !== undefined && /[\w$]/.test(before);
  }

  identifierRest(): string {
    const text = this.lines[this.line] ?? "";
    let end = this.col;
    while (end < text.length && /[\w$]/.test(text[end] as string)) end++;
    const rest = text.slice(this.col, end);
    this.col = end;
    return rest;
  }

  restOfLineStartsWith(s: string): boolean {
    return (this.lines[this.line] ?? "").slice(this.col).trimStart().startsWith(s);
  }

  nextSignificant(): string | null {
    const rest = (this.lines[this.line] ?? "").slice(this.col).trimStart();
    return rest[0] ?? null;
  }

  previousSignificant(): string | null {
    const before = (this.lines[this.lastCharLine] ?? "").slice(0, this.lastCharCol).trimEnd();
    return before.at(-1) ?? null;
  }

  /** Past the closing quote; template literals may span lines (their `${…}` holes are not scanned). */
  private skipQuoted(quote: string): void {
    for (;;) {
      const text = this.lines[this.line];
      if (text === undefined) return;
      if (this.col >= text.length) {
        if (quote !== "`") return;
        this.line++;
        this.col = 0;
        continue;
      }
      const ch = text[this.col++];
      if (ch === "\\") this.col++;
      else if (ch === quote) return;
    }
  }
}
