/**
 * The module specifiers a TypeScript/JavaScript file imports: static `import … from`,
 * `export … from`, side-effect `import "x"`, dynamic `import("x")` and `require("x")` with a
 * string literal. A small lexer, not a parser: it skips comments, strings, template literals
 * and regular expressions so that text inside them never counts. Pure, so the importer can
 * stay in core; its results are checked against TypeScript's own `preProcessFile` on every
 * file of the real host package in the tests.
 */

type Token = { kind: "word" | "string" | "punct"; text: string };

const WORD = /[A-Za-z_$][\w$]*/y;
const NUMBER = /[\w.]+/y;
const REGEX_AFTER_WORDS = new Set(["return", "typeof", "instanceof", "in", "of", "new", "delete", "void", "throw", "case", "do", "else", "yield", "await"]);

function readQuoted(src: string, start: number): { value: string; end: number } {
  const quote = src[start];
  let value = "";
  let i = start + 1;
  while (i < src.length && src[i] !== quote) {
    if (src[i] === "\\") {
      value += src[i + 1] ?? "";
      i += 2;
    } else if (src[i] === "\n") {
      break;
    } else {
      value += src[i];
      i++;
    }
  }
  return { value, end: i + 1 };
}

function skipRegex(src: string, start: number): number {
  let i = start + 1;
  let inClass = false;
  while (i < src.length && src[i] !== "\n") {
    const c = src[i];
    if (c === "\\") i += 2;
    else {
      if (c === "[") inClass = true;
      else if (c === "]") inClass = false;
      else if (c === "/" && !inClass) break;
      i++;
    }
  }
  i++;
  while (i < src.length && /[a-z]/i.test(src[i] ?? "")) i++;
  return i;
}

function regexAllowedAfter(prev: Token | undefined): boolean {
  if (prev === undefined) return true;
  if (prev.kind === "string") return false;
  if (prev.kind === "word") return REGEX_AFTER_WORDS.has(prev.text);
  return prev.text !== ")" && prev.text !== "]" && prev.text !== "}";
}

function tokenize(src: string): Token[] {
  const tokens: Token[] = [];
  /** Brace depth at which each open template literal's `${` started. */
  const templateStack: number[] = [];
  let depth = 0;
  let i = 0;
  const skipTemplate = (from: number): number => {
    let j = from;
    while (j < src.length) {
      if (src[j] === "\\") j += 2;
      else if (src[j] === "`") return j + 1;
      else if (src[j] === "$" && src[j + 1] === "{") {
        templateStack.push(depth);
        depth++;
        return j + 2;
      } else j++;
    }
    return j;
  };
  while (i < src.length) {
    const c = src[i] ?? "";
    const next = src[i + 1];
    const code = src.charCodeAt(i);
    if (code <= 32 || (code > 127 && /\s/.test(c))) i++;
    else if (c === "/" && next === "/") {
      while (i < src.length && src[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = src.indexOf("*/", i + 2);
      i = end < 0 ? src.length : end + 2;
    } else if (c === '"' || c === "'") {
      const { value, end } = readQuoted(src, i);
      tokens.push({ kind: "string", text: value });
      i = end;
    } else if (c === "`") {
      tokens.push({ kind: "string", text: "" });
      i = skipTemplate(i + 1);
    } else if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95 || code === 36) {
      WORD.lastIndex = i;
      const word = WORD.exec(src)?.[0] ?? c;
      tokens.push({ kind: "word", text: word });
      i += word.length;
    } else if (c >= "0" && c <= "9") {
      NUMBER.lastIndex = i;
      i += (NUMBER.exec(src)?.[0] ?? c).length;
      tokens.push({ kind: "word", text: "0" });
    } else if (c === "/" && regexAllowedAfter(tokens[tokens.length - 1])) {
      tokens.push({ kind: "string", text: "" });
      i = skipRegex(src, i);
    } else if (c === "{") {
      depth++;
      tokens.push({ kind: "punct", text: c });
      i++;
    } else if (c === "}") {
      depth--;
      if (templateStack.length > 0 && templateStack[templateStack.length - 1] === depth) {
        templateStack.pop();
        i = skipTemplate(i + 1);
      } else {
        tokens.push({ kind: "punct", text: c });
        i++;
      }
    } else {
      tokens.push({ kind: "punct", text: c });
      i++;
    }
  }
  return tokens;
}

/** Every module specifier `source` imports or re-exports, in order of appearance, without duplicates. */
export function importSpecifiers(source: string): string[] {
  const tokens = tokenize(source);
  const found: string[] = [];
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    const afterParen = tokens[i + 2];
    const prevText = tokens[i - 1]?.text;
    if (t.kind !== "word" || prevText === ".") return;
    if (t.text === "from" && next?.kind === "string") found.push(next.text);
    else if (t.text === "import" && next?.kind === "string") found.push(next.text);
    else if ((t.text === "import" || t.text === "require") && next?.text === "(" && afterParen?.kind === "string" && tokens[i + 3]?.text === ")") {
      found.push(afterParen.text);
    }
  });
  return [...new Set(found)];
}

/**
 * Whether `source` has a default export (`export default …`, or `export { x as default }`),
 * which the host requires of every hook file (`V:src/plugins/external-plugin-loader.ts:128-137`).
 */
export function hasDefaultExport(source: string): boolean {
  const tokens = tokenize(source);
  return tokens.some((t, i) => t.kind === "word" && t.text === "default" && (tokens[i - 1]?.text === "export" || tokens[i - 1]?.text === "as"));
}
