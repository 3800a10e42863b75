import { utf8Decode, utf8Encode } from "../units/text";

/**
 * Percent-encoding as the URL standard does it. Each set below is true for a code point the
 * standard's percent-encode set of that name encodes; FORM is application/x-www-form-urlencoded.
 */

export const C0 = (c: number) => c < 0x20 || c > 0x7e;
export const FRAGMENT = (c: number) => C0(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
export const QUERY = (c: number) => C0(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
export const SPECIAL_QUERY = (c: number) => QUERY(c) || c === 0x27;
export const PATH = (c: number) => QUERY(c) || c === 0x3f || c === 0x5e || c === 0x60 || c === 0x7b || c === 0x7d;
export const USERINFO = (c: number) => PATH(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5d) || c === 0x7c;
export const FORM = (c: number) => !((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2a || c === 0x2d || c === 0x2e || c === 0x5f);

export function encode(text: string, set: (c: number) => boolean, spaceAsPlus = false): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x80 && !set(code)) out += ch;
    else if (spaceAsPlus && code === 0x20) out += "+";
    else for (const b of utf8Encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

export function percentDecode(text: string): string {
  if (text.indexOf("%") === -1) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x25 && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else for (const b of utf8Encode(text[i] as string)) bytes.push(b);
  }
  return utf8Decode(new Uint8Array(bytes));
}
