import { strToU8, unzipSync, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { ArchiveError } from "./archiveError";
import { buildRawZip, storedLocalEntry } from "./testing/rawZip";
import { readZipArchive } from "./unzip";
import { zipPlugin } from "./zip";

const MiB = 1024 * 1024;

function refusal(bytes: Uint8Array, limits?: Parameters<typeof readZipArchive>[1]): { code: string; message: string } {
  try {
    readZipArchive(bytes, limits);
  } catch (err) {
    if (err instanceof ArchiveError) return { code: err.code, message: err.message };
    throw err;
  }
  throw new Error("the archive was accepted");
}

describe("readZipArchive", () => {
  it("reads back what zipPlugin wrote", () => {
    const files = [
      { path: "package.json", content: '{"name":"x"}\n' },
      { path: "hooks/stop.ts", content: "export default async function stop() {}\n" },
    ];
    const read = readZipArchive(zipPlugin("x", files));
    expect([...read.keys()]).toEqual(["x/hooks/stop.ts", "x/package.json"]);
    expect(new TextDecoder().decode(read.get("x/package.json"))).toBe('{"name":"x"}\n');
  });

  it("reads deflated and stored entries from another zipper, skipping folders", () => {
    const bytes = zipSync({ p: { "a.ts": [strToU8("a".repeat(5000)), { level: 6 }], "b.ts": [strToU8("b"), { level: 0 }] }, empty: {} });
    const read = readZipArchive(bytes);
    expect([...read.keys()]).toEqual(["p/a.ts", "p/b.ts"]);
    expect(read.get("p/a.ts")?.length).toBe(5000);
  });

  it("normalises ./ segments", () => {
    const read = readZipArchive(buildRawZip([{ name: "./p/./a.ts", data: "a" }]));
    expect([...read.keys()]).toEqual(["p/a.ts"]);
  });

  it("refuses a file that is not a zip", () => {
    expect(refusal(strToU8("just some text that is long enough to scan"))).toEqual({ code: "NOT_ZIP", message: "The file is not a zip archive." });
  });

  it("refuses an archive above the upload limit", () => {
    const bytes = buildRawZip([{ name: "a.ts", data: "x".repeat(2000) }]);
    expect(refusal(bytes, { maxArchiveBytes: 1024, maxEntries: 500, maxFileBytes: 2 * MiB, maxTotalBytes: 20 * MiB })).toEqual({
      code: "ARCHIVE_TOO_LARGE",
      message: `The archive is ${(bytes.length / 1024).toFixed(1)} KB; at most 1 KB are allowed.`,
    });
  });

  it("refuses an absolute path", () => {
    expect(refusal(buildRawZip([{ name: "/etc/cron.d/evil", data: "x" }]))).toEqual({
      code: "ABSOLUTE_PATH",
      message: 'Entry "/etc/cron.d/evil" has an absolute path; entries must be relative to the plugin folder.',
    });
    expect(refusal(buildRawZip([{ name: "C:/evil.ts", data: "x" }])).code).toBe("ABSOLUTE_PATH");
  });

  it("refuses a path with ..", () => {
    expect(refusal(buildRawZip([{ name: "plugin/../../evil.ts", data: "x" }]))).toEqual({
      code: "PARENT_PATH",
      message: 'Entry "plugin/../../evil.ts" contains "..", which could point outside the plugin folder.',
    });
  });

  it("refuses backslashes and control characters in names", () => {
    expect(refusal(buildRawZip([{ name: "..\\evil.ts", data: "x" }]))).toEqual({
      code: "BAD_NAME",
      message: 'Entry "..\\\\evil.ts" has a backslash in its name; zip paths use forward slashes.',
    });
    expect(refusal(buildRawZip([{ name: "a.ts\u0000.png", data: "x" }]))).toEqual({
      code: "BAD_NAME",
      message: 'Entry "a.ts\\u0000.png" has control characters in its name.',
    });
  });

  it("refuses a name that is not UTF-8", () => {
    expect(refusal(buildRawZip([{ name: Uint8Array.from([0x68, 0xff, 0xfe, 0x2e, 0x74, 0x73]), data: "x" }]))).toEqual({
      code: "BAD_NAME",
      message: "Entry #1 has a name that is not valid UTF-8.",
    });
  });

  it("refuses symbolic links", () => {
    const link = buildRawZip([{ name: "p/hooks/stop.ts", data: "/etc/passwd", os: 3, externalAttrs: (0o120777 << 16) >>> 0 }]);
    expect(refusal(link)).toEqual({ code: "LINK", message: 'Entry "p/hooks/stop.ts" is a symbolic link; links are not allowed in a plugin archive.' });
    const fifo = buildRawZip([{ name: "p/fifo", os: 3, externalAttrs: (0o010644 << 16) >>> 0 }]);
    expect(refusal(fifo)).toEqual({ code: "NOT_REGULAR_FILE", message: 'Entry "p/fifo" is not a regular file or folder.' });
  });

  it("refuses duplicate entries", () => {
    expect(refusal(buildRawZip([{ name: "p/a.ts", data: "1" }, { name: "p/./a.ts", data: "2" }]))).toEqual({
      code: "DUPLICATE_ENTRY",
      message: 'Entry "p/a.ts" appears more than once in the archive.',
    });
  });

  it("refuses more entries than allowed", () => {
    const entries = Array.from({ length: 501 }, (_, i) => ({ name: `p/f${i}.ts`, data: "x" }));
    expect(refusal(buildRawZip(entries))).toEqual({ code: "TOO_MANY_ENTRIES", message: "The archive has 501 entries; at most 500 are allowed." });
  });

  it("refuses a file whose declared size is over the per-file limit", () => {
    const bytes = zipSync({ "p/big.ts": new Uint8Array(3 * MiB) });
    expect(refusal(bytes)).toEqual({ code: "FILE_TOO_LARGE", message: 'Entry "p/big.ts" unpacks to 3 MB; at most 2 MB per file are allowed.' });
  });

  it("refuses an archive whose declared total is over the limit", () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 11; i++) files[`p/f${i}.ts`] = new Uint8Array(2 * MiB);
    expect(refusal(zipSync(files))).toEqual({ code: "TOTAL_TOO_LARGE", message: "The archive unpacks to more than 20 MB, the limit for a plugin." });
  });

  it("stops inflating a zip bomb that lies about its size", () => {
    const bomb = buildRawZip([{ name: "p/bomb.ts", data: new Uint8Array(16 * MiB), deflate: true, declaredSize: 1000 }]);
    expect(bomb.length).toBeLessThan(100 * 1024);
    expect(refusal(bomb)).toEqual({ code: "SIZE_MISMATCH", message: 'Entry "p/bomb.ts" unpacks to more than the 1000 bytes its header declares.' });
  });

  it("refuses an entry that unpacks to less than it declares", () => {
    expect(refusal(buildRawZip([{ name: "p/a.ts", data: "x".repeat(100), deflate: true, declaredSize: 200 }]))).toEqual({
      code: "SIZE_MISMATCH",
      message: 'Entry "p/a.ts" unpacks to 100 bytes, not the 200 bytes its header declares.',
    });
  });

  it("refuses entries that share their data", () => {
    const inner = storedLocalEntry("p/b.ts", "shared");
    const bytes = buildRawZip([
      { name: "p/a.ts", data: inner },
      { name: "p/b.ts", data: "shared", atOffset: 30 + "p/a.ts".length },
    ]);
    expect(refusal(bytes)).toEqual({
      code: "OVERLAPPING_ENTRIES",
      message: 'Entries "p/a.ts" and "p/b.ts" share their data, a zip-bomb trick; the archive is refused.',
    });
  });

  it("refuses a corrupted entry", () => {
    expect(refusal(buildRawZip([{ name: "p/a.ts", data: "hello", crc: 1234 }]))).toEqual({
      code: "CORRUPT",
      message: 'Entry "p/a.ts" is corrupt: its checksum does not match.',
    });
  });

  it("refuses encrypted entries and unknown compression", () => {
    expect(refusal(buildRawZip([{ name: "p/a.ts", data: "x", flags: 1 }]))).toEqual({
      code: "UNSUPPORTED_ZIP",
      message: 'Entry "p/a.ts" is encrypted; encrypted archives are not supported.',
    });
    expect(refusal(buildRawZip([{ name: "p/a.ts", data: "x", method: 12 }]))).toEqual({
      code: "UNSUPPORTED_ZIP",
      message: 'Entry "p/a.ts" uses compression method 12; only stored and deflated entries are supported.',
    });
  });

  it("agrees with fflate on an honest archive", () => {
    const bytes = zipPlugin("x", [{ path: "a.ts", content: "é ✓" }]);
    const theirs = unzipSync(bytes);
    const ours = readZipArchive(bytes);
    expect(ours.get("x/a.ts")).toEqual(theirs["x/a.ts"]);
  });
});
