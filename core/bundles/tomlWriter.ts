/**
 * The pieces of TOML 1.0 an exporter writes: keys and basic strings escaped per the spec, so any
 * text (a command with quotes, backslashes, `$`, newlines or emoji) reads back byte for byte.
 * Codex reads config.toml with the `toml` crate, which accepts exactly this.
 */

const BARE_KEY = /^[A-Za-z0-9_-]+$/;

/**
 * A basic string: `"` and `\` escaped, control characters (U+0000–U+001F, U+007F) as their short
 * escape or `\uXXXX`; everything else, including non-ASCII, as it is.
 */
export function tomlString(text: string): string {
  let out = '"';
  for (const c of text) {
    const code = c.codePointAt(0) ?? 0;
    if (c === '"') out += '\\"';
    else if (c === "\\") out += "\\\\";
    else if (c === "\n") out += "\\n";
    else if (c === "\t") out += "\\t";
    else if (c === "\r") out += "\\r";
    else if (c === "\b") out += "\\b";
    else if (c === "\f") out += "\\f";
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).toUpperCase().padStart(4, "0")}`;
    else out += c;
  }
  return `${out}"`;
}

/** A key: bare when it may be (`PreToolUse`), else a quoted basic string. */
export function tomlKey(key: string): string {
  return BARE_KEY.test(key) ? key : tomlString(key);
}

/** A dotted key path (`hooks.PreToolUse`), each part bare or quoted. */
export function tomlKeyPath(parts: readonly string[]): string {
  return parts.map(tomlKey).join(".");
}

/** A value as JSON holds it: what a hook handler may carry. */
export type TomlInput = string | number | boolean | readonly TomlInput[] | { readonly [key: string]: TomlInput };

/**
 * One value as TOML writes it: integers as integers, other numbers as floats, arrays inline and
 * objects as inline tables (a handler's fields are flat; an external hook's may not be).
 *
 * @throws {Error} for null, which TOML cannot write
 */
export function tomlValue(value: TomlInput): string {
  if (typeof value === "string") return tomlString(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (Number.isSafeInteger(value)) return String(value);
    if (Number.isNaN(value)) return "nan";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    const text = String(value);
    return /[.e]/.test(text) ? text : `${text}.0`;
  }
  if (Array.isArray(value)) return `[${value.map((v: TomlInput) => tomlValue(v)).join(", ")}]`;
  if (value === null || typeof value !== "object") throw new Error(`${String(value)} cannot be written in TOML`);
  const entries = Object.entries(value as { readonly [key: string]: TomlInput });
  return entries.length === 0 ? "{}" : `{ ${entries.map(([k, v]) => `${tomlKey(k)} = ${tomlValue(v)}`).join(", ")} }`;
}
