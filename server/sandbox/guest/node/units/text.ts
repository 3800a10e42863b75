import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `internal/text`: TextEncoder / TextDecoder (UTF-8, UTF-16LE, latin1) and
 * atob / btoa, written from the WHATWG Encoding and HTML specs.
 */

export function utf8Encode(input: string): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < input.length; i++) {
    let c = input.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < input.length) {
      const d = input.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return new Uint8Array(out);
}

/** UTF-8 decoding with U+FFFD for each maximal invalid subpart (as the Encoding standard says); `fatal` throws instead. */
export function utf8Decode(bytes: Uint8Array, fatal = false): string {
  let out = "";
  let i = 0;
  const bad = () => {
    if (fatal) throw new TypeError("The encoded data was not valid for encoding utf-8");
    out += "\ufffd";
  };
  while (i < bytes.length) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      out += String.fromCharCode(b);
      i++;
      continue;
    }
    let need = 0;
    let cp = 0;
    let lower = 0x80;
    let upper = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      cp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      cp = b & 0xf;
      if (b === 0xe0) lower = 0xa0;
      if (b === 0xed) upper = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      cp = b & 0x7;
      if (b === 0xf0) lower = 0x90;
      if (b === 0xf4) upper = 0x8f;
    } else {
      bad();
      i++;
      continue;
    }
    let j = 1;
    for (; j <= need; j++) {
      const c = bytes[i + j];
      if (c === undefined || c < lower || c > upper) break;
      lower = 0x80;
      upper = 0xbf;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (j <= need) {
      bad();
      i += j;
      continue;
    }
    i += need + 1;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += String.fromCharCode(0xd800 + (cp >> 10), 0xdc00 + (cp & 0x3ff));
    } else out += String.fromCharCode(cp);
  }
  return out;
}

function bytesOf(input: unknown): Uint8Array {
  if (input === undefined) return new Uint8Array(0);
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  throw new TypeError('The "input" argument must be an instance of ArrayBuffer or ArrayBufferView');
}

const LABELS: Record<string, string> = {
  "utf-8": "utf-8",
  utf8: "utf-8",
  "unicode-1-1-utf-8": "utf-8",
  "utf-16le": "utf-16le",
  "utf-16": "utf-16le",
  latin1: "windows-1252",
  "iso-8859-1": "windows-1252",
  ascii: "windows-1252",
  "windows-1252": "windows-1252",
  "us-ascii": "windows-1252",
};

export class TextEncoder {
  get encoding(): string {
    return "utf-8";
  }
  encode(input = ""): Uint8Array {
    return utf8Encode(String(input));
  }
  encodeInto(input: string, dest: Uint8Array): { read: number; written: number } {
    let read = 0;
    let written = 0;
    for (const ch of String(input)) {
      const bytes = utf8Encode(ch);
      if (written + bytes.length > dest.length) break;
      dest.set(bytes, written);
      written += bytes.length;
      read += ch.length;
    }
    return { read, written };
  }
}

export class TextDecoder {
  readonly encoding: string;
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;
  private pending: number[] = [];

  constructor(label = "utf-8", options: { fatal?: boolean; ignoreBOM?: boolean } = {}) {
    const encoding = LABELS[String(label).trim().toLowerCase()];
    if (!encoding) throw new RangeError(`The "${String(label)}" encoding is not supported`);
    this.encoding = encoding;
    this.fatal = options.fatal === true;
    this.ignoreBOM = options.ignoreBOM === true;
  }

  decode(input?: unknown, options: { stream?: boolean } = {}): string {
    let bytes = bytesOf(input);
    if (this.pending.length > 0) {
      const joined = new Uint8Array(this.pending.length + bytes.length);
      joined.set(this.pending);
      joined.set(bytes, this.pending.length);
      bytes = joined;
      this.pending = [];
    }
    if (options.stream) {
      const keep = incompleteTail(bytes, this.encoding);
      this.pending = Array.from(bytes.subarray(bytes.length - keep));
      bytes = bytes.subarray(0, bytes.length - keep);
    }
    let text: string;
    if (this.encoding === "utf-8") text = utf8Decode(bytes, this.fatal);
    else if (this.encoding === "utf-16le") {
      text = "";
      for (let i = 0; i + 1 < bytes.length; i += 2) text += String.fromCharCode((bytes[i] as number) | ((bytes[i + 1] as number) << 8));
      if (bytes.length % 2 === 1) text += "\ufffd";
    } else text = String.fromCharCode(...bytes);
    if (!this.ignoreBOM && text.charCodeAt(0) === 0xfeff && this.encoding !== "windows-1252") text = text.slice(1);
    return text;
  }
}

/** Bytes at the end of `bytes` that start a character not yet complete. */
function incompleteTail(bytes: Uint8Array, encoding: string): number {
  if (encoding === "utf-16le") return bytes.length % 2;
  if (encoding !== "utf-8") return 0;
  for (let back = 1; back <= 3 && back <= bytes.length; back++) {
    const b = bytes[bytes.length - back] as number;
    if ((b & 0xc0) === 0x80) continue;
    const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
    return need > back ? back : 0;
  }
  return 0;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

export function btoa(data: unknown): string {
  const s = String(data);
  let out = "";
  for (let i = 0; i < s.length; i += 3) {
    const codes = [s.charCodeAt(i), s.charCodeAt(i + 1), s.charCodeAt(i + 2)];
    for (let k = 0; k < 3 && i + k < s.length; k++) {
      if ((codes[k] as number) > 0xff) throw new DOMExceptionLike("Invalid character", "InvalidCharacterError");
    }
    const [a = 0, b = 0, c = 0] = codes.map((x) => (Number.isNaN(x) ? 0 : x));
    const n = (a << 16) | (b << 8) | c;
    out += B64.charAt((n >> 18) & 63) + B64.charAt((n >> 12) & 63) + (i + 1 < s.length ? B64.charAt((n >> 6) & 63) : "=") + (i + 2 < s.length ? B64.charAt(n & 63) : "=");
  }
  return out;
}

export function atob(data: unknown): string {
  let s = String(data).replace(/[\t\n\f\r ]/g, "");
  if (s.length % 4 === 0) s = s.replace(/==?$/, "");
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new DOMExceptionLike("The string to be decoded is not correctly encoded.", "InvalidCharacterError");
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const ch of s) {
    buffer = (buffer << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((buffer >> bits) & 0xff);
    }
  }
  return out;
}

/** DOMException as Node has it (a global since Node 17): name, message, legacy code. */
export class DOMExceptionLike extends Error {
  constructor(message = "", name = "Error") {
    super(message);
    Object.defineProperty(this, "name", { value: name, configurable: true, writable: true });
  }
}

export function create(_env: UnitEnv): Record<string, unknown> {
  return { TextEncoder, TextDecoder, atob, btoa, DOMException: DOMExceptionLike };
}
