import { afterEach, describe, expect, it } from "vitest";
import { readZipArchive } from "./unzip";
import { zipPlugin } from "./zip";

const files = [
  { path: "package.json", content: '{ "name": "demo" }\n' },
  { path: "hooks/stop.ts", content: "export default async function stop(): Promise<void> {}\n" },
  { path: "README.md", content: "# demo\n" },
];

/** DOS date/time of the first local header (offsets 10 and 12). */
function firstTimestamp(bytes: Uint8Array): { time: number; date: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { time: view.getUint16(10, true), date: view.getUint16(12, true) };
}

describe("zipPlugin", () => {
  const originalTz = process.env.TZ;
  afterEach(() => {
    process.env.TZ = originalTz;
  });

  it("gives byte-identical archives for the same files in any order", () => {
    const a = zipPlugin("demo", files);
    const b = zipPlugin("demo", [...files].reverse());
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("gives the same bytes in every time zone", () => {
    process.env.TZ = "Pacific/Kiritimati";
    const east = zipPlugin("demo", files);
    process.env.TZ = "America/Los_Angeles";
    const west = zipPlugin("demo", files);
    expect(Buffer.from(east).equals(Buffer.from(west))).toBe(true);
    // 1980-01-01 00:00:00 in DOS format: date (0 << 9) | (1 << 5) | 1, time 0.
    expect(firstTimestamp(east)).toEqual({ time: 0, date: 0x21 });
  });

  it("puts the files in one folder, in path order, as regular rw-r--r-- files", () => {
    const bytes = zipPlugin("demo", files);
    expect([...readZipArchive(bytes).keys()]).toEqual(["demo/README.md", "demo/hooks/stop.ts", "demo/package.json"]);
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    const eocd = bytes.length - 22;
    const central = view.getUint32(eocd + 16, true);
    expect(view.getUint16(central + 4, true) >> 8).toBe(3);
    expect(view.getUint32(central + 38, true) >>> 16).toBe(0o100644);
  });
});
