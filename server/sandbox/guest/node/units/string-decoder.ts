import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `string_decoder`: `StringDecoder` for utf8, utf16le, base64, base64url, hex and
 * latin1, keeping a multi-byte character split across writes until it is complete.
 */

type BufferLike = Uint8Array & { toString(encoding?: string, start?: number, end?: number): string };
type BufferCtor = { from(v: unknown): BufferLike; concat(list: Uint8Array[]): BufferLike; isEncoding(e: string): boolean };

export function create(env: UnitEnv): Record<string, unknown> {
  const { Buffer } = env.unit<{ Buffer: BufferCtor }>("buffer");
  const NAMES: Record<string, string> = { utf8: "utf8", "utf-8": "utf8", ucs2: "utf16le", "ucs-2": "utf16le", utf16le: "utf16le", "utf-16le": "utf16le", latin1: "latin1", binary: "latin1", base64: "base64", base64url: "base64url", hex: "hex", ascii: "ascii" };

  class StringDecoder {
    readonly encoding: string;
    private pending: Uint8Array = new Uint8Array(0);
    constructor(encoding = "utf8") {
      const e = NAMES[String(encoding).toLowerCase()];
      if (!e) throw Object.assign(new TypeError(`Unknown encoding: ${String(encoding)}`), { code: "ERR_UNKNOWN_ENCODING" });
      this.encoding = e;
    }
    private keep(bytes: Uint8Array): number {
      if (this.encoding === "utf16le") return bytes.length % 2;
      if (this.encoding === "base64" || this.encoding === "base64url") return bytes.length % 3;
      if (this.encoding !== "utf8") return 0;
      for (let back = 1; back <= 3 && back <= bytes.length; back++) {
        const b = bytes[bytes.length - back] as number;
        if ((b & 0xc0) === 0x80) continue;
        const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1;
        return need > back ? back : 0;
      }
      return 0;
    }
    write(chunk: unknown): string {
      const input = typeof chunk === "string" ? chunk : null;
      if (input !== null) return input;
      const bytes = Buffer.concat([this.pending, Buffer.from(chunk)]);
      const keep = this.keep(bytes);
      this.pending = bytes.slice(bytes.length - keep);
      return bytes.toString(this.encoding, 0, bytes.length - keep);
    }
    end(chunk?: unknown): string {
      const head = chunk === undefined ? "" : this.write(chunk);
      const rest = this.pending.length > 0 ? Buffer.from(this.pending).toString(this.encoding) : "";
      this.pending = new Uint8Array(0);
      return head + rest;
    }
  }
  return { StringDecoder };
}
