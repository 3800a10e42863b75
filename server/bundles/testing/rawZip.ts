import { deflateSync, strToU8 } from "fflate";
import { crc32 } from "../crc32";

/**
 * Builds zip archives byte by byte for tests, including ones no honest zipper writes:
 * lying sizes, links, raw non-UTF-8 names, duplicate or overlapping entries.
 */
export interface RawEntry {
  name: string | Uint8Array;
  data?: Uint8Array | string;
  /** Deflate the data (method 8) instead of storing it. */
  deflate?: boolean;
  /** Override the uncompressed size written in the headers. */
  declaredSize?: number;
  crc?: number;
  /** Version-made-by OS byte (3 = Unix). */
  os?: number;
  externalAttrs?: number;
  flags?: number;
  method?: number;
  /** Write no local header: the central entry points at this byte offset instead. */
  atOffset?: number;
}

function u16(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff];
}
function u32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
}

function append(out: number[], bytes: Uint8Array): void {
  for (const b of bytes) out.push(b);
}

export function buildRawZip(entries: RawEntry[]): Uint8Array {
  const out: number[] = [];
  const central: number[] = [];
  entries.forEach((entry) => {
    const name = typeof entry.name === "string" ? strToU8(entry.name) : entry.name;
    const raw = typeof entry.data === "string" ? strToU8(entry.data) : (entry.data ?? new Uint8Array(0));
    const body = entry.deflate ? deflateSync(raw) : raw;
    const method = entry.method ?? (entry.deflate ? 8 : 0);
    const crc = entry.crc ?? crc32(raw);
    const size = entry.declaredSize ?? raw.length;
    const flags = entry.flags ?? 0;
    const offset = entry.atOffset ?? out.length;
    if (entry.atOffset === undefined) {
      out.push(...u32(0x04034b50), ...u16(20), ...u16(flags), ...u16(method), ...u16(0), ...u16(0x21));
      out.push(...u32(crc), ...u32(body.length), ...u32(size), ...u16(name.length), ...u16(0));
      append(out, name);
      append(out, body);
    }
    central.push(...u32(0x02014b50), ...u16(((entry.os ?? 3) << 8) | 20), ...u16(20), ...u16(flags), ...u16(method));
    central.push(...u16(0), ...u16(0x21), ...u32(crc), ...u32(body.length), ...u32(size), ...u16(name.length));
    central.push(...u16(0), ...u16(0), ...u16(0), ...u16(0), ...u32(entry.externalAttrs ?? (0o100644 << 16) >>> 0), ...u32(offset));
    append(central, name);
  });
  const cdOffset = out.length;
  out.push(...central);
  out.push(...u32(0x06054b50), ...u16(0), ...u16(0), ...u16(entries.length), ...u16(entries.length));
  out.push(...u32(central.length), ...u32(cdOffset), ...u16(0));
  return Uint8Array.from(out);
}

/** The local header plus data of one stored entry, to hide inside another entry's data. */
export function storedLocalEntry(name: string, data: string): Uint8Array {
  const zip = buildRawZip([{ name, data }]);
  const nameLength = strToU8(name).length;
  return zip.subarray(0, 30 + nameLength + strToU8(data).length);
}
