/**
 * The throw-away project folder on the host side: written from the spec before the call, read
 * back after it to report what the command changed. Read back only once every process of the
 * sandbox is dead, never following a link (a hook may leave `x -> /etc/shadow` behind).
 */
import { chmod, lstat, mkdir, open, readdir, readlink, writeFile } from "node:fs/promises";
import { constants } from "node:fs";
import path from "node:path";
import { ProcessSandboxError } from "./errors";
import type { FileChange, SandboxFile } from "./types";

/** The folder walk stops after this many entries (a hook that makes a million files). */
const MAX_WALKED_ENTRIES = 100_000;

/** A spec path, checked: relative, `/`-separated, no `.`/`..`/empty segments. */
export function checkedRelativePath(file: string): string {
  const segments = file.split("/");
  const bad = file.length === 0 || file.startsWith("/") || file.includes("\0") || segments.some((s) => s === "" || s === "." || s === "..");
  if (bad) throw new ProcessSandboxError("BAD_SPEC", `file path ${JSON.stringify(file)} is not a plain relative path inside the project folder`);
  return file;
}

function bytesOf(content: string | Uint8Array): Buffer {
  return typeof content === "string" ? Buffer.from(content, "utf8") : Buffer.from(content.buffer, content.byteOffset, content.byteLength);
}

/** What the folder held before the call, to diff against. */
export type FolderSnapshot = ReadonlyMap<string, { readonly bytes: Buffer; readonly mode: number }>;

/**
 * Writes the spec's files under `dir`.
 * @returns the snapshot to diff the folder against after the call
 * @throws {ProcessSandboxError} BAD_SPEC for a path leaving the folder or given twice
 */
export async function materialiseFiles(dir: string, files: readonly SandboxFile[]): Promise<FolderSnapshot> {
  const snapshot = new Map<string, { bytes: Buffer; mode: number }>();
  for (const file of files) {
    const relative = checkedRelativePath(file.path);
    if (snapshot.has(relative)) throw new ProcessSandboxError("BAD_SPEC", `file path ${JSON.stringify(relative)} is given twice`);
    const mode = (file.mode ?? 0o644) & 0o7777;
    const bytes = bytesOf(file.content);
    const target = path.join(dir, relative);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, bytes, { flag: "wx", mode });
    await chmod(target, mode); // the umask may have taken bits off
    snapshot.set(relative, { bytes, mode });
  }
  return snapshot;
}

interface Found {
  readonly type: "file" | "symlink";
  readonly mode: number;
  readonly size: number;
  readonly linkTarget: string | null;
}

/** Files and links under `dir` (directories are walked, not listed). */
async function walk(dir: string): Promise<{ found: Map<string, Found>; complete: boolean }> {
  const found = new Map<string, Found>();
  const pending = [""];
  let visited = 0;
  let complete = true;
  while (pending.length > 0) {
    const relativeDir = pending.pop() ?? "";
    // A folder the command made unreadable (`chmod 000`) hides its files: the list is incomplete.
    const entries = await readdir(path.join(dir, relativeDir), { withFileTypes: true }).catch(() => null);
    if (!entries) {
      complete = false;
      continue;
    }
    for (const entry of entries) {
      if (++visited > MAX_WALKED_ENTRIES) return { found, complete: false };
      const relative = relativeDir ? `${relativeDir}/${entry.name}` : entry.name;
      const full = path.join(dir, relative);
      const stat = await lstat(full);
      if (stat.isDirectory()) pending.push(relative);
      else if (stat.isSymbolicLink()) found.set(relative, { type: "symlink", mode: stat.mode & 0o7777, size: stat.size, linkTarget: await readlink(full) });
      else if (stat.isFile()) found.set(relative, { type: "file", mode: stat.mode & 0o7777, size: stat.size, linkTarget: null });
      // sockets, fifos: not content, not reported
    }
  }
  return { found, complete };
}

/** Reads at most `limit` bytes of a regular file, refusing to follow a link. */
async function readCapped(file: string, limit: number): Promise<Buffer> {
  const handle = await open(file, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const buffer = Buffer.alloc(limit);
    let length = 0;
    while (length < limit) {
      const { bytesRead } = await handle.read(buffer, length, limit - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    return buffer.subarray(0, length);
  } finally {
    await handle.close();
  }
}

function encode(bytes: Buffer, truncated: boolean): { content: string; encoding: "utf8" | "base64" } {
  // A cut may split a character: judge validity on the bytes before the last incomplete one.
  const decoder = new TextDecoder("utf-8", { fatal: true });
  try {
    return { content: decoder.decode(bytes, { stream: truncated }), encoding: "utf8" };
  } catch {
    return { content: bytes.toString("base64"), encoding: "base64" };
  }
}

/**
 * What changed under `dir` since `before`, in path order.
 * @param options.reportedFileBytes new content reported per file, at most
 * @param options.reportedFiles changes reported, at most
 */
export async function diffFolder(
  dir: string,
  before: FolderSnapshot,
  options: { reportedFileBytes: number; reportedFiles: number },
): Promise<{ changes: FileChange[]; truncated: boolean }> {
  const { found, complete } = await walk(dir);
  const changes: FileChange[] = [];
  const paths = [...new Set([...before.keys(), ...found.keys()])].sort();
  for (const relative of paths) {
    if (changes.length >= options.reportedFiles) return { changes, truncated: true };
    const old = before.get(relative);
    const now = found.get(relative);
    if (!now) {
      if (complete) changes.push({ path: relative, kind: "deleted", type: null, content: null, encoding: null, contentTruncated: false, size: 0, mode: null, linkTarget: null });
      continue;
    }
    if (now.type === "symlink") {
      changes.push({ path: relative, kind: old ? "modified" : "added", type: "symlink", content: null, encoding: null, contentTruncated: false, size: now.size, mode: null, linkTarget: now.linkTarget });
      continue;
    }
    const full = path.join(dir, relative);
    const unchangedSize = old !== undefined && old.bytes.length === now.size && old.mode === now.mode;
    if (unchangedSize) {
      const current = await readCapped(full, now.size).catch(() => null);
      if (current?.equals(old.bytes)) continue;
    }
    // A file the command made unreadable (`chmod 000`, a non-root server) is reported without content.
    const bytes = await readCapped(full, Math.min(now.size, options.reportedFileBytes)).catch(() => null);
    if (!bytes) {
      changes.push({ path: relative, kind: old ? "modified" : "added", type: "file", content: null, encoding: null, contentTruncated: now.size > 0, size: now.size, mode: now.mode, linkTarget: null });
      continue;
    }
    const contentTruncated = now.size > bytes.length;
    changes.push({ path: relative, kind: old ? "modified" : "added", type: "file", ...encode(bytes, contentTruncated), contentTruncated, size: now.size, mode: now.mode, linkTarget: null });
  }
  return { changes, truncated: !complete };
}
