import type { UnitEnv } from "../unitEnv";
import { utf8Decode, utf8Encode } from "./text";

/** Guest unit `querystring`: Node's `parse` / `stringify` / `escape` / `unescape` (+ `decode` / `encode`). */

const UNRESERVED = /[A-Za-z0-9\-_.!~*'()]/;

export function escape(value: unknown): string {
  let out = "";
  for (const ch of String(value)) {
    if (ch.length === 1 && UNRESERVED.test(ch)) out += ch;
    else for (const b of utf8Encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

export function unescape(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    // Node falls back to decoding byte by byte, keeping malformed escapes as they are.
    const bytes: number[] = [];
    for (let i = 0; i < value.length; i++) {
      if (value[i] === "%" && /^[0-9a-fA-F]{2}$/.test(value.slice(i + 1, i + 3))) {
        bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
        i += 2;
      } else for (const b of utf8Encode(value[i] as string)) bytes.push(b);
    }
    return utf8Decode(new Uint8Array(bytes));
  }
}

function stringifyPrimitive(v: unknown): string {
  if (typeof v === "string") return v;
  if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "bigint" || typeof v === "boolean") return String(v);
  return "";
}

export function stringify(obj: unknown, sep = "&", eq = "=", options: { encodeURIComponent?: (s: string) => string } = {}): string {
  const encode = options.encodeURIComponent ?? escape;
  if (typeof obj !== "object" || obj === null) return "";
  const parts: string[] = [];
  for (const key of Object.keys(obj)) {
    const value = (obj as Record<string, unknown>)[key];
    const k = encode(stringifyPrimitive(key)) + eq;
    if (Array.isArray(value)) for (const v of value) parts.push(k + encode(stringifyPrimitive(v)));
    else parts.push(k + encode(stringifyPrimitive(value)));
  }
  return parts.join(sep);
}

export function parse(text: unknown, sep = "&", eq = "=", options: { maxKeys?: number; decodeURIComponent?: (s: string) => string } = {}): Record<string, string | string[]> {
  const out = Object.create(null) as Record<string, string | string[]>;
  if (typeof text !== "string" || text.length === 0) return out;
  const decode = options.decodeURIComponent ?? unescape;
  const maxKeys = options.maxKeys ?? 1000;
  let parts = text.split(sep);
  if (maxKeys > 0) parts = parts.slice(0, maxKeys);
  for (const part of parts) {
    if (part === "") continue;
    const i = part.indexOf(eq);
    const rawKey = i === -1 ? part : part.slice(0, i);
    const rawValue = i === -1 ? "" : part.slice(i + eq.length);
    const key = decode(rawKey.replace(/\+/g, " "));
    const value = decode(rawValue.replace(/\+/g, " "));
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export function create(_env: UnitEnv): Record<string, unknown> {
  return { parse, stringify, escape, unescape, decode: parse, encode: stringify, unescapeBuffer: (s: string) => utf8Encode(unescape(s)) };
}
