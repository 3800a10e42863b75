/**
 * Where a JSON text first goes wrong (a character offset), for a parse error a user can find:
 * V8's own messages often give no position ("Unexpected token '}', ... is not valid JSON").
 * Returns null when the text is valid JSON. A small recursive-descent check, not a parser.
 */
export function jsonErrorOffset(text: string): { offset: number; expected: string } | null {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i] as string)) i++;
  };
  class Stop {
    constructor(readonly expected: string) {}
  }
  const fail = (expected: string): never => {
    throw new Stop(expected);
  };
  const literal = (word: string) => {
    if (text.startsWith(word, i)) i += word.length;
    else fail("a value");
  };
  const string = () => {
    i++; // opening quote
    while (i < text.length && text[i] !== '"') {
      if (text[i] === "\\") i++;
      else if ((text.charCodeAt(i) ?? 0) < 0x20) fail("a closing quote (a line break inside a string must be written \\n)");
      i++;
    }
    if (i >= text.length) fail("a closing quote");
    i++;
  };
  const number = () => {
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (!m) fail("a value");
    i += m ? m[0].length : 0;
  };
  const value = (): void => {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      ws();
      if (text[i] === "}") return void i++;
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a key in double quotes, like "name"');
        string();
        ws();
        if (text[i] !== ":") fail('":" after the key');
        i++;
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "}") return void i++;
        fail('"," or "}"');
      }
    }
    if (c === "[") {
      i++;
      ws();
      if (text[i] === "]") return void i++;
      for (;;) {
        value();
        ws();
        if (text[i] === ",") {
          i++;
          continue;
        }
        if (text[i] === "]") return void i++;
        fail('"," or "]"');
      }
    }
    if (c === '"') return string();
    if (c === "t") return literal("true");
    if (c === "f") return literal("false");
    if (c === "n") return literal("null");
    return number();
  };
  try {
    value();
    ws();
    if (i < text.length) fail("the end of the text");
    return null;
  } catch (error) {
    if (error instanceof Stop) return { offset: Math.min(i, text.length), expected: error.expected };
    throw error;
  }
}
