import { Inflate } from "fflate";
import { ArchiveError } from "./archiveError";
import { crc32 } from "./crc32";
import { DEFAULT_ARCHIVE_LIMITS, formatBytes, type ArchiveLimits } from "./limits";
import { checkEntryName } from "./entryName";

interface CentralEntry {
  index: number;
  name: string;
  rawName: Uint8Array;
  isDirectory: boolean;
  method: number;
  flags: number;
  crc: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
/** Inflate input in slices this small so one push can produce at most ~1 MB before the size check runs. */
const INFLATE_SLICE = 1024;

const utf8 = new TextDecoder("utf-8", { fatal: true });

function findEndOfCentralDirectory(view: DataView): number {
  const last = view.byteLength - 22;
  const first = Math.max(0, last - 0xffff);
  for (let at = last; at >= first; at--) {
    if (view.getUint32(at, true) === EOCD_SIGNATURE) return at;
  }
  throw new ArchiveError("NOT_ZIP", "The file is not a zip archive.");
}

function readCentralDirectory(bytes: Uint8Array, limits: ArchiveLimits): CentralEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.byteLength < 22) throw new ArchiveError("NOT_ZIP", "The file is not a zip archive.");
  const eocd = findEndOfCentralDirectory(view);
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (view.getUint16(eocd + 4, true) !== 0 || view.getUint16(eocd + 6, true) !== 0 || view.getUint16(eocd + 8, true) !== count) {
    throw new ArchiveError("UNSUPPORTED_ZIP", "Split (multi-part) zip archives are not supported.");
  }
  if (count === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) {
    throw new ArchiveError("UNSUPPORTED_ZIP", "ZIP64 archives are not supported; a plugin is far smaller than what needs ZIP64.");
  }
  if (count > limits.maxEntries) {
    throw new ArchiveError("TOO_MANY_ENTRIES", `The archive has ${count} entries; at most ${limits.maxEntries} are allowed.`);
  }
  if (cdOffset + cdSize > eocd) throw new ArchiveError("CORRUPT", "The archive is corrupt: its central directory lies outside the file.");

  const entries: CentralEntry[] = [];
  const seen = new Set<string>();
  let declaredTotal = 0;
  let at = cdOffset;
  for (let index = 1; index <= count; index++) {
    if (at + 46 > eocd || view.getUint32(at, true) !== CENTRAL_SIGNATURE) {
      throw new ArchiveError("CORRUPT", `The archive is corrupt: entry #${index} of its central directory is damaged.`);
    }
    const madeBy = view.getUint16(at + 4, true) >> 8;
    const flags = view.getUint16(at + 8, true);
    const method = view.getUint16(at + 10, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const external = view.getUint32(at + 38, true);
    const localOffset = view.getUint32(at + 42, true);
    const rawName = bytes.subarray(at + 46, at + 46 + nameLength);
    at += 46 + nameLength + extraLength + commentLength;

    let decoded: string;
    try {
      decoded = utf8.decode(rawName);
    } catch {
      throw new ArchiveError("BAD_NAME", `Entry #${index} has a name that is not valid UTF-8.`);
    }
    const { name, isDirectory } = checkEntryName(decoded);
    // Unix (3) and macOS (19) archivers keep the file type in the high 16 bits of the external attributes.
    const mode = madeBy === 3 || madeBy === 19 ? external >>> 16 : 0;
    const type = mode & S_IFMT;
    if (type === S_IFLNK) throw new ArchiveError("LINK", `Entry "${name}" is a symbolic link; links are not allowed in a plugin archive.`);
    if (type !== 0 && type !== S_IFREG && type !== S_IFDIR) {
      throw new ArchiveError("NOT_REGULAR_FILE", `Entry "${name}" is not a regular file or folder.`);
    }
    if (seen.has(name)) throw new ArchiveError("DUPLICATE_ENTRY", `Entry "${name}" appears more than once in the archive.`);
    seen.add(name);
    if (flags & 1) throw new ArchiveError("UNSUPPORTED_ZIP", `Entry "${name}" is encrypted; encrypted archives are not supported.`);
    if (method !== 0 && method !== 8) {
      throw new ArchiveError("UNSUPPORTED_ZIP", `Entry "${name}" uses compression method ${method}; only stored and deflated entries are supported.`);
    }
    if (size > limits.maxFileBytes) {
      throw new ArchiveError("FILE_TOO_LARGE", `Entry "${name}" unpacks to ${formatBytes(size)}; at most ${formatBytes(limits.maxFileBytes)} per file are allowed.`);
    }
    declaredTotal += size;
    if (declaredTotal > limits.maxTotalBytes) {
      throw new ArchiveError("TOTAL_TOO_LARGE", `The archive unpacks to more than ${formatBytes(limits.maxTotalBytes)}, the limit for a plugin.`);
    }
    entries.push({ index, name, rawName, isDirectory, method, flags, crc, compressedSize, size, localOffset });
  }
  return entries;
}

/** Where an entry's data starts, after checking its local header agrees with the central one. */
function dataStart(bytes: Uint8Array, view: DataView, entry: CentralEntry): number {
  const at = entry.localOffset;
  if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_SIGNATURE) {
    throw new ArchiveError("CORRUPT", `The archive is corrupt: the data of entry "${entry.name}" is missing.`);
  }
  const nameLength = view.getUint16(at + 26, true);
  const extraLength = view.getUint16(at + 28, true);
  const localName = bytes.subarray(at + 30, at + 30 + nameLength);
  if (localName.length !== entry.rawName.length || localName.some((b, i) => b !== entry.rawName[i])) {
    throw new ArchiveError("CORRUPT", `The archive is corrupt: entry "${entry.name}" has a different name in its local header.`);
  }
  return at + 30 + nameLength + extraLength;
}

function checkNoOverlap(entries: Array<{ entry: CentralEntry; start: number; end: number }>): void {
  const sorted = [...entries].sort((a, b) => a.entry.localOffset - b.entry.localOffset);
  for (let i = 1; i < sorted.length; i++) {
    const prev = sorted[i - 1];
    const cur = sorted[i];
    if (prev && cur && cur.entry.localOffset < prev.end) {
      throw new ArchiveError(
        "OVERLAPPING_ENTRIES",
        `Entries "${prev.entry.name}" and "${cur.entry.name}" share their data, a zip-bomb trick; the archive is refused.`,
      );
    }
  }
}

function inflateEntry(data: Uint8Array, entry: CentralEntry): Uint8Array {
  if (entry.method === 0) return data;
  const out = new Uint8Array(entry.size);
  let written = 0;
  let overflow = false;
  const inflater = new Inflate((chunk) => {
    if (written + chunk.length > entry.size) {
      overflow = true;
      throw new ArchiveError("SIZE_MISMATCH", `Entry "${entry.name}" unpacks to more than the ${formatBytes(entry.size)} its header declares.`);
    }
    out.set(chunk, written);
    written += chunk.length;
  });
  try {
    for (let at = 0; at < data.length; at += INFLATE_SLICE) {
      inflater.push(data.subarray(at, at + INFLATE_SLICE), at + INFLATE_SLICE >= data.length);
    }
    if (data.length === 0) inflater.push(new Uint8Array(0), true);
  } catch (err) {
    if (overflow && err instanceof ArchiveError) throw err;
    throw new ArchiveError("CORRUPT", `Entry "${entry.name}" could not be unpacked: ${err instanceof Error ? err.message : String(err)}.`);
  }
  if (written !== entry.size) {
    throw new ArchiveError("SIZE_MISMATCH", `Entry "${entry.name}" unpacks to ${formatBytes(written)}, not the ${formatBytes(entry.size)} its header declares.`);
  }
  return out;
}

/**
 * Reads an untrusted zip archive entirely in memory (nothing touches the disk) and returns
 * its files by path. Every check runs before anything is used: names (UTF-8, relative, no
 * `..`, no backslashes or control characters), no links or special files, no duplicates,
 * the entry count, declared sizes per file and in total, and then, while inflating, the
 * real sizes (a zip bomb's headers lie) and each entry's checksum.
 *
 * @throws {ArchiveError} with a message naming the entry and what is wrong with it.
 */
export function readZipArchive(bytes: Uint8Array, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Map<string, Uint8Array> {
  if (bytes.byteLength > limits.maxArchiveBytes) {
    throw new ArchiveError("ARCHIVE_TOO_LARGE", `The archive is ${formatBytes(bytes.byteLength)}; at most ${formatBytes(limits.maxArchiveBytes)} are allowed.`);
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(bytes, limits);
  const located = entries.map((entry) => {
    const start = dataStart(bytes, view, entry);
    const end = start + entry.compressedSize;
    if (end > bytes.byteLength) throw new ArchiveError("CORRUPT", `The archive is corrupt: entry "${entry.name}" is cut off.`);
    return { entry, start, end };
  });
  checkNoOverlap(located);

  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (const { entry, start, end } of located) {
    if (entry.isDirectory) continue;
    const data = bytes.subarray(start, end);
    if (entry.method === 0 && entry.compressedSize !== entry.size) {
      throw new ArchiveError("SIZE_MISMATCH", `Entry "${entry.name}" is stored with ${formatBytes(entry.compressedSize)}, not the ${formatBytes(entry.size)} its header declares.`);
    }
    const content = inflateEntry(data, entry);
    total += content.length;
    if (total > limits.maxTotalBytes) {
      throw new ArchiveError("TOTAL_TOO_LARGE", `The archive unpacks to more than ${formatBytes(limits.maxTotalBytes)}, the limit for a plugin.`);
    }
    if (crc32(content) !== entry.crc) throw new ArchiveError("CORRUPT", `Entry "${entry.name}" is corrupt: its checksum does not match.`);
    files.set(entry.name, entry.method === 0 ? content.slice() : content);
  }
  return files;
}
