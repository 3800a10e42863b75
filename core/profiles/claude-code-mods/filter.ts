import type { Json, JsonObject } from "../../json";

/**
 * A mod's filter, `on(event, filter, hook)`: an object whose values are literals, RegExps or
 * arrays of them (claude-code-mods.md facts 8 and 48, pinned in claudeCodeMods.engine.test.ts):
 * - a literal matches with `===`, so case counts;
 * - a RegExp tests the value, its flags counting;
 * - an array matches when any of its items does (literals and RegExps may share one);
 * - every key of the filter must match.
 * As data (a pipeline's `matcher`, the trace) RegExps cannot be JSON, so a filter is kept in the
 * engine's own report shape (`claude plugin validate --json`: `{"has":{"tool":{"is":"Bash"},"command":{"regex":"rm","flags":"i"}}}`, arrays as `{"anyOf":[…]}`)
 * and read from / written as the source text a mod writes.
 */

export type FilterValue = { is: string | number | boolean | null } | { regex: string; flags: string } | { anyOf: FilterValue[] };
export interface ModFilter {
  has: Record<string, FilterValue>;
}

/** Why a filter's source text could not be read, naming where. */
export class FilterSyntaxError extends Error {
  override name = "FilterSyntaxError";
}

/** Whether `event` passes `filter` (null: no filter, everything passes). */
export function matchesFilter(filter: ModFilter | null, event: JsonObject): boolean {
  if (!filter) return true;
  return Object.entries(filter.has).every(([key, spec]) => matchesValue(spec, event[key]));
}

function matchesValue(spec: FilterValue, value: Json | undefined): boolean {
  if ("anyOf" in spec) return spec.anyOf.some((item) => matchesValue(item, value));
  // Only strings are tested: what the engine does with a RegExp on a missing or non-string key was not tried.
  if ("regex" in spec) return typeof value === "string" && new RegExp(spec.regex, spec.flags).test(value);
  return value === spec.is;
}

/** The filter as a mod writes it: `{ tool: "Bash", command: /rm -rf/i }`. */
export function filterSource(filter: ModFilter): string {
  const value = (spec: FilterValue): string => {
    if ("anyOf" in spec) return `[${spec.anyOf.map(value).join(", ")}]`;
    if ("regex" in spec) return `/${spec.regex}/${spec.flags}`;
    return JSON.stringify(spec.is);
  };
  const keys = Object.entries(filter.has).map(([k, spec]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${value(spec)}`);
  return keys.length === 0 ? "{}" : `{ ${keys.join(", ")} }`;
}

/**
 * Reads a filter's source text (an object literal of string, number, boolean and null literals,
 * RegExp literals and arrays of them).
 * @throws FilterSyntaxError naming the offset and what was expected.
 */
export function parseFilterSource(text: string): ModFilter {
  const reader = new Reader(text);
  const has: Record<string, FilterValue> = {};
  reader.expect("{");
  while (!reader.eat("}")) {
    const key = reader.key();
    reader.expect(":");
    has[key] = reader.value(true);
    if (!reader.eat(",")) {
      reader.expect("}");
      break;
    }
  }
  reader.end();
  return { has };
}

class Reader {
  private at = 0;
  constructor(private readonly text: string) {}

  private skip(): void {
    while (this.at < this.text.length && /\s/.test(this.text[this.at] as string)) this.at += 1;
  }

  private fail(expected: string): never {
    throw new FilterSyntaxError(`filter: expected ${expected} at offset ${this.at} of ${JSON.stringify(this.text)}`);
  }

  eat(char: string): boolean {
    this.skip();
    if (this.text[this.at] !== char) return false;
    this.at += 1;
    return true;
  }

  expect(char: string): void {
    if (!this.eat(char)) this.fail(`"${char}"`);
  }

  end(): void {
    this.skip();
    if (this.at !== this.text.length) this.fail("the end of the filter");
  }

  key(): string {
    this.skip();
    const quote = this.text[this.at];
    if (quote === '"' || quote === "'") return this.string();
    const match = /^[A-Za-z_$][\w$]*/.exec(this.text.slice(this.at));
    if (!match) this.fail("a key");
    this.at += match[0].length;
    return match[0];
  }

  value(arrayAllowed: boolean): FilterValue {
    this.skip();
    const c = this.text[this.at];
    if (c === '"' || c === "'") return { is: this.string() };
    if (c === "/") return this.regex();
    if (c === "[" && arrayAllowed) {
      this.at += 1;
      const anyOf: FilterValue[] = [];
      while (!this.eat("]")) {
        anyOf.push(this.value(false));
        if (!this.eat(",")) {
          this.expect("]");
          break;
        }
      }
      return { anyOf };
    }
    const rest = this.text.slice(this.at);
    const word = /^(true|false|null)\b/.exec(rest);
    if (word) {
      this.at += word[0].length;
      return { is: word[1] === "null" ? null : word[1] === "true" };
    }
    const number = /^-?\d+(\.\d+)?/.exec(rest);
    if (number) {
      this.at += number[0].length;
      return { is: Number(number[0]) };
    }
    return this.fail(arrayAllowed ? "a string, number, boolean, null, RegExp or array" : "a string, number, boolean, null or RegExp");
  }

  private string(): string {
    const quote = this.text[this.at];
    let out = "";
    this.at += 1;
    while (this.at < this.text.length && this.text[this.at] !== quote) {
      const c = this.text[this.at] as string;
      if (c === "\\") {
        const escaped = this.text[this.at + 1] ?? "";
        out += ({ n: "\n", t: "\t", r: "\r" } as Record<string, string>)[escaped] ?? escaped;
        this.at += 2;
      } else {
        out += c;
        this.at += 1;
      }
    }
    if (this.text[this.at] !== quote) this.fail(`the closing ${quote}`);
    this.at += 1;
    return out;
  }

  private regex(): FilterValue {
    let at = this.at + 1;
    let inClass = false;
    while (at < this.text.length) {
      const c = this.text[at];
      if (c === "\\") at += 1;
      else if (c === "[") inClass = true;
      else if (c === "]") inClass = false;
      else if (c === "/" && !inClass) break;
      at += 1;
    }
    if (at >= this.text.length) this.fail("the closing / of a RegExp");
    const re = this.text.slice(this.at + 1, at);
    const flags = /^[dgimsuvy]*/.exec(this.text.slice(at + 1))?.[0] ?? "";
    this.at = at + 1 + flags.length;
    try {
      new RegExp(re, flags);
    } catch (error) {
      throw new FilterSyntaxError(`filter: /${re}/${flags} is not a valid RegExp: ${error instanceof Error ? error.message : String(error)}`);
    }
    return { regex: re, flags };
  }
}
