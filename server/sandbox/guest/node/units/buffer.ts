import * as pkg from "buffer/index.js";
import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `buffer`: Node's Buffer, from the pure-JavaScript `buffer` package (feross, MIT).
 * `Buffer.allocUnsafe` hands out fresh zeroed memory: there is no shared pool whose stale
 * bytes a hook could read.
 */

// The package's own typings omit these two, which its code exports.
const { Buffer, SlowBuffer, kMaxLength } = pkg as typeof pkg & { SlowBuffer: unknown; kMaxLength: number };

type Encoding = string | undefined;
const isBase64Url = (encoding: unknown) => typeof encoding === "string" && encoding.toLowerCase() === "base64url";
const toBase64 = (text: string) => text.replace(/-/g, "+").replace(/_/g, "/");

/** Node's `base64url` encoding (the package predates it): base64 with `-_` and no padding. */
function addBase64Url(): void {
  const proto = Buffer.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const toString = proto.toString as (this: unknown, encoding?: Encoding, start?: number, end?: number) => string;
  proto.toString = function (this: unknown, encoding?: unknown, start?: unknown, end?: unknown) {
    if (!isBase64Url(encoding)) return toString.call(this, encoding as Encoding, start as number, end as number);
    return toString.call(this, "base64", start as number, end as number).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
  const write = proto.write as (this: unknown, ...args: unknown[]) => number;
  proto.write = function (this: unknown, text: unknown, ...rest: unknown[]) {
    const i = rest.findIndex(isBase64Url);
    if (i === -1) return write.call(this, text, ...rest);
    rest[i] = "base64";
    return write.call(this, toBase64(String(text)), ...rest);
  };
  const statics = Buffer as unknown as Record<string, (...args: unknown[]) => unknown>;
  const from = statics.from as (...args: unknown[]) => unknown;
  statics.from = function (value: unknown, encoding?: unknown, ...rest: unknown[]) {
    if (typeof value === "string" && isBase64Url(encoding)) return from.call(Buffer, toBase64(value), "base64");
    return from.call(Buffer, value, encoding, ...rest);
  };
  const byteLength = statics.byteLength as (...args: unknown[]) => number;
  statics.byteLength = function (value: unknown, encoding?: unknown) {
    if (typeof value === "string" && isBase64Url(encoding)) return byteLength.call(Buffer, toBase64(value), "base64");
    return byteLength.call(Buffer, value, encoding);
  };
  const isEncoding = statics.isEncoding as (e: unknown) => boolean;
  statics.isEncoding = (encoding: unknown) => isBase64Url(encoding) || isEncoding(encoding);
}

export function create(env: UnitEnv): Record<string, unknown> {
  addBase64Url();
  const text = env.unit<{ atob: unknown; btoa: unknown }>("internal/text");
  // Node reads `<Buffer 68 69>` in logs; the package's inspect prints the same shape.
  return {
    Buffer,
    SlowBuffer,
    kMaxLength,
    kStringMaxLength: 536_870_888,
    constants: { MAX_LENGTH: kMaxLength, MAX_STRING_LENGTH: 536_870_888 },
    INSPECT_MAX_BYTES: 50,
    atob: text.atob,
    btoa: text.btoa,
    isUtf8: (input: ArrayBufferView) => {
      try {
        const { TextDecoder } = env.unit<{ TextDecoder: new (l: string, o: { fatal: boolean }) => { decode(v: unknown): string } }>("internal/text");
        new TextDecoder("utf-8", { fatal: true }).decode(input);
        return true;
      } catch {
        return false;
      }
    },
  };
}
