import type { Json } from "../../../core/json";

/**
 * JSON as R source, the way deputy's callbacks receive it (tool arguments parsed by ellmer from
 * the model's JSON): objects become named lists, arrays of strings / numbers / booleans become
 * atomic vectors (jsonlite's simplification), other arrays lists, null NULL. R strings cannot hold
 * NUL: a "\u0000" becomes U+FFFD.
 *
 * @example rLiteral({ command: "ls", flags: ["-l", "-a"] }) // 'list(`command` = "ls", `flags` = c("-l", "-a"))'
 */
export function rLiteral(value: Json): string {
  if (value === null) return "NULL";
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  if (typeof value === "number") return Number.isFinite(value) ? numberLiteral(value) : "NA_real_";
  if (typeof value === "string") return rString(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return "list()";
    if (value.every((v) => typeof v === "string")) return `c(${value.map((v) => rString(v as string)).join(", ")})`;
    if (value.every((v) => typeof v === "number")) return `c(${value.map((v) => rLiteral(v)).join(", ")})`;
    if (value.every((v) => typeof v === "boolean")) return `c(${value.map((v) => rLiteral(v)).join(", ")})`;
    return `list(${value.map(rLiteral).join(", ")})`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return "structure(list(), names = character(0))";
  // R has no zero-length argument names: such a list is built with its names given apart.
  if (entries.some(([k]) => k === "")) return `structure(list(${entries.map(([, v]) => rLiteral(v)).join(", ")}), names = c(${entries.map(([k]) => rString(k)).join(", ")}))`;
  return `list(${entries.map(([k, v]) => `${rName(k)} = ${rLiteral(v)}`).join(", ")})`;
}

/** R reads 1e+21 and 1e-7 as JavaScript writes them; a whole number stays a double. */
function numberLiteral(n: number): string {
  return String(n);
}

/** A double-quoted R string literal (UTF-8 kept as is; control characters escaped). */
export function rString(s: string): string {
  let out = '"';
  for (const ch of s) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '"') out += '\\"';
    else if (ch === "\\") out += "\\\\";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code === 0) out += "\\uFFFD";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return `${out}"`;
}

/** A list element's name as R source (backquoted, so any non-empty name works). */
function rName(name: string): string {
  return `\`${name.replace(/\\/g, "\\\\").replace(/`/g, "\\`")}\``;
}
