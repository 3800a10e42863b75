import type { FileChange, FinalFile } from "../../../core/files/fileChange";
import { MAX_FILE_CHARS } from "../../../core/files/fileChange";

/**
 * One run's virtual file system (issue 15). Nothing here touches the real disk. The plugin's
 * directory holds the pipeline's files and is read-only, except its `data/` folder (Vellum's
 * pluginStorageDir); the rest of `/workspace` and `/tmp` are writable and start with the
 * scenario's files. Every change is reported (`onChange`) so the trace can show it.
 */

export class FsError extends Error {
  constructor(
    readonly code: "ENOENT" | "EEXIST" | "ENOTDIR" | "EISDIR" | "EROFS" | "EACCES" | "ENOTEMPTY" | "EINVAL",
    syscall: string,
    path: string,
  ) {
    super(`${code}: ${DESCRIPTIONS[code]}, ${syscall} '${path}'`);
  }
}

const DESCRIPTIONS: Record<FsError["code"], string> = {
  ENOENT: "no such file or directory",
  EEXIST: "file already exists",
  ENOTDIR: "not a directory",
  EISDIR: "illegal operation on a directory",
  EROFS: "read-only file system (the plugin's directory holds the pipeline's files)",
  EACCES: "permission denied (the sandbox's file system is /workspace and /tmp)",
  ENOTEMPTY: "directory not empty",
  EINVAL: "invalid argument",
};

export interface VfsOptions {
  /** `/workspace/plugins/<slug>`; also the hooks' working directory. */
  pluginDir: string;
  /** The pipeline's files, relative to the plugin's directory (read-only). */
  pluginFiles: ReadonlyMap<string, string>;
  /** The scenario's starting files (absolute, or relative to the plugin's directory). */
  scenarioFiles: readonly { path: string; content: string }[];
  /** Modification times come from the run's virtual clock (not a read). */
  now: () => number;
  onChange: (change: FileChange) => void;
}

interface Entry {
  bytes: Uint8Array;
  mtimeMs: number;
}

export interface StatInfo {
  type: "file" | "dir";
  size: number;
  mtimeMs: number;
}

/** POSIX normalisation of an absolute path; `..` never goes above `/`. */
export function normalizePath(path: string, cwd: string): string {
  const parts: string[] = [];
  for (const part of (path.startsWith("/") ? path : `${cwd}/${path}`).split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") parts.pop();
    else parts.push(part);
  }
  return `/${parts.join("/")}`;
}

const parentOf = (path: string) => path.slice(0, path.lastIndexOf("/")) || "/";

export class VirtualFs {
  private readonly files = new Map<string, Entry>();
  private readonly dirs = new Set<string>(["/"]);
  /** Files the run changed, for its final state. */
  private readonly changed = new Set<string>();
  /** The pipeline's own files (hook and module sources): the plugin, not the project a command hook sees. */
  private readonly sources = new Set<string>();
  readonly pluginDir: string;
  readonly dataDir: string;

  constructor(private readonly options: VfsOptions) {
    this.pluginDir = options.pluginDir;
    this.dataDir = `${options.pluginDir}/data`;
    const start = options.now();
    for (const dir of ["/workspace", "/tmp", this.pluginDir, this.dataDir]) this.ensureDirs(dir);
    for (const [rel, text] of options.pluginFiles) {
      const path = normalizePath(rel, this.pluginDir);
      this.sources.add(path);
      this.put(path, new TextEncoder().encode(text), start);
    }
    for (const f of options.scenarioFiles) this.put(normalizePath(f.path, this.pluginDir), new TextEncoder().encode(f.content), start);
  }

  private put(path: string, bytes: Uint8Array, mtimeMs: number): void {
    this.ensureDirs(parentOf(path));
    this.files.set(path, { bytes, mtimeMs });
  }

  private ensureDirs(dir: string): void {
    for (let d = dir; !this.dirs.has(d); d = parentOf(d)) this.dirs.add(d);
  }

  /** Whether a hook may change `path`: inside /workspace or /tmp, and not in the plugin's directory (its data/ excepted). */
  private assertWritable(path: string, syscall: string): void {
    const inside = (root: string) => path === root || path.startsWith(`${root}/`);
    if (!inside("/workspace") && !inside("/tmp")) throw new FsError("EACCES", syscall, path);
    if (inside(this.pluginDir) && !inside(this.dataDir)) throw new FsError("EROFS", syscall, path);
  }

  stat(path: string): StatInfo {
    const file = this.files.get(path);
    if (file) return { type: "file", size: file.bytes.length, mtimeMs: file.mtimeMs };
    if (this.dirs.has(path)) return { type: "dir", size: 4096, mtimeMs: 0 };
    throw new FsError("ENOENT", "stat", path);
  }

  readFile(path: string): Uint8Array {
    const file = this.files.get(path);
    if (file) return file.bytes;
    if (this.dirs.has(path)) throw new FsError("EISDIR", "read", path);
    throw new FsError("ENOENT", "open", path);
  }

  readdir(path: string): { name: string; type: "file" | "dir" }[] {
    if (this.files.has(path)) throw new FsError("ENOTDIR", "scandir", path);
    if (!this.dirs.has(path)) throw new FsError("ENOENT", "scandir", path);
    const prefix = path === "/" ? "/" : `${path}/`;
    const out = new Map<string, "file" | "dir">();
    for (const d of this.dirs) if (d.startsWith(prefix) && d !== path && !d.slice(prefix.length).includes("/")) out.set(d.slice(prefix.length), "dir");
    for (const f of this.files.keys()) if (f.startsWith(prefix) && !f.slice(prefix.length).includes("/")) out.set(f.slice(prefix.length), "file");
    return [...out].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, type]) => ({ name, type }));
  }

  writeFile(path: string, bytes: Uint8Array, flag: "w" | "a" | "wx"): void {
    this.assertWritable(path, "open");
    if (this.dirs.has(path)) throw new FsError("EISDIR", "open", path);
    if (!this.dirs.has(parentOf(path))) throw new FsError("ENOENT", "open", path);
    const before = this.files.get(path)?.bytes ?? null;
    if (flag === "wx" && before) throw new FsError("EEXIST", "open", path);
    const after = flag === "a" && before ? concat(before, bytes) : bytes;
    this.files.set(path, { bytes: after, mtimeMs: this.options.now() });
    this.changed.add(path);
    this.options.onChange(change(flag === "a" ? "append" : "write", path, before, after));
  }

  mkdir(path: string, recursive: boolean): void {
    this.assertWritable(path, "mkdir");
    if (this.files.has(path)) throw new FsError("EEXIST", "mkdir", path);
    if (this.dirs.has(path)) {
      if (recursive) return;
      throw new FsError("EEXIST", "mkdir", path);
    }
    const parent = parentOf(path);
    if (!recursive && !this.dirs.has(parent)) throw new FsError("ENOENT", "mkdir", path);
    if (this.files.has(parent)) throw new FsError("ENOTDIR", "mkdir", path);
    this.ensureDirs(path);
    this.options.onChange({ op: "mkdir", path, before: null, after: null, encoding: "utf8" });
  }

  rm(path: string, recursive: boolean, force: boolean, syscall = "rm"): void {
    const file = this.files.get(path);
    if (file) {
      this.assertWritable(path, syscall);
      this.files.delete(path);
      this.changed.add(path);
      this.options.onChange(change("delete", path, file.bytes, null));
      return;
    }
    if (!this.dirs.has(path)) {
      if (force) return;
      throw new FsError("ENOENT", syscall, path);
    }
    this.assertWritable(path, syscall);
    if (path === "/workspace" || path === "/tmp" || path === this.dataDir) throw new FsError("EACCES", syscall, path);
    const prefix = `${path}/`;
    const inside = [...this.files.keys()].filter((f) => f.startsWith(prefix));
    const subdirs = [...this.dirs].filter((d) => d.startsWith(prefix));
    if (!recursive && (inside.length > 0 || subdirs.length > 0)) throw new FsError("ENOTEMPTY", syscall, path);
    for (const f of inside.sort()) this.rm(f, false, false, syscall);
    for (const d of subdirs) this.dirs.delete(d);
    this.dirs.delete(path);
    this.options.onChange({ op: "delete", path, before: null, after: null, encoding: "utf8" });
  }

  rename(from: string, to: string): void {
    this.assertWritable(from, "rename");
    this.assertWritable(to, "rename");
    const file = this.files.get(from);
    if (!file) throw new FsError(this.dirs.has(from) ? "EISDIR" : "ENOENT", "rename", from);
    if (this.dirs.has(to)) throw new FsError("EISDIR", "rename", to);
    if (!this.dirs.has(parentOf(to))) throw new FsError("ENOENT", "rename", to);
    const replaced = this.files.get(to)?.bytes ?? null;
    this.files.delete(from);
    this.files.set(to, { bytes: file.bytes, mtimeMs: this.options.now() });
    this.changed.add(from);
    this.changed.add(to);
    this.options.onChange({ ...change("rename", from, replaced, file.bytes), to });
  }

  copyFile(from: string, to: string, exclusive: boolean): void {
    const bytes = this.readFile(from);
    this.writeFile(to, bytes, exclusive ? "wx" : "w");
  }

  /**
   * Makes a recorded change again (a re-run's tool returns its recorded result, and its handler's
   * writes are put back): a file ends as the change left it (an append adds what was appended to
   * what the file holds now), with the same rules on where a change may go, and nobody is told
   * (the tool result already carries the change).
   */
  replay(recorded: FileChange): void {
    const bytes = (text: string | null) => (text === null ? null : recorded.encoding === "base64" ? new Uint8Array(Buffer.from(text, "base64")) : new TextEncoder().encode(text));
    const path = normalizePath(recorded.path, this.pluginDir);
    this.assertWritable(path, recorded.op);
    switch (recorded.op) {
      case "mkdir":
        this.ensureDirs(path);
        return;
      case "delete":
        if (path === "/workspace" || path === "/tmp" || path === this.dataDir) throw new FsError("EACCES", "rm", path);
        this.remove(path);
        return;
      case "rename":
      case "copy": {
        const to = normalizePath(recorded.to ?? recorded.path, this.pluginDir);
        this.assertWritable(to, recorded.op);
        if (recorded.op === "rename") this.remove(path);
        const after = bytes(recorded.after);
        if (after) this.putChanged(to, after);
        return;
      }
      case "append": {
        // What was appended goes after what the file holds now (a hook edited since may have written it differently).
        const before = bytes(recorded.before);
        const after = bytes(recorded.after);
        const current = this.files.get(path)?.bytes;
        if (before && after && current && !recorded.truncated && startsWith(after, before)) {
          this.putChanged(path, concat(current, after.subarray(before.length)));
          return;
        }
        if (after) this.putChanged(path, after);
        return;
      }
      case "write": {
        const after = bytes(recorded.after);
        if (after) this.putChanged(path, after);
        else this.remove(path);
        return;
      }
    }
  }

  private putChanged(path: string, bytes: Uint8Array): void {
    if (this.dirs.has(path)) throw new FsError("EISDIR", "open", path);
    this.put(path, bytes, this.options.now());
    this.changed.add(path);
  }

  /** Removes a file, or a directory and all it holds, recording the files as changed. */
  private remove(path: string): void {
    if (this.files.delete(path)) {
      this.changed.add(path);
      return;
    }
    if (!this.dirs.has(path)) return;
    const prefix = `${path}/`;
    for (const f of [...this.files.keys()]) {
      if (!f.startsWith(prefix)) continue;
      this.files.delete(f);
      this.changed.add(f);
    }
    for (const d of [...this.dirs]) if (d === path || d.startsWith(prefix)) this.dirs.delete(d);
  }

  /**
   * The files under /workspace as they are now, relative to it, in path order: the project
   * folder a command hook runs in. The pipeline's own sources are left out.
   */
  workspaceFiles(): { path: string; bytes: Uint8Array }[] {
    const out: { path: string; bytes: Uint8Array }[] = [];
    for (const [path, entry] of this.files) {
      if (!path.startsWith("/workspace/") || (this.sources.has(path) && !this.changed.has(path))) continue;
      out.push({ path: path.slice("/workspace/".length), bytes: entry.bytes });
    }
    return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  }

  /** The bytes at `path` now (absolute), or null. */
  bytesAt(path: string): Uint8Array | null {
    return this.files.get(path)?.bytes ?? null;
  }

  /** The files the run changed, in path order, as they are now (null content: deleted). */
  finalFiles(): FinalFile[] {
    return [...this.changed].sort().map((path) => {
      const c = change("write", path, null, this.files.get(path)?.bytes ?? null);
      return { path, content: c.after, encoding: c.encoding, ...(c.truncated ? { truncated: true } : {}) };
    });
  }
}

function startsWith(bytes: Uint8Array, prefix: Uint8Array): boolean {
  return prefix.length <= bytes.length && prefix.every((b, i) => bytes[i] === b);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** A change with both sides as text (or base64 when either is not UTF-8), each cut at MAX_FILE_CHARS. */
function change(op: FileChange["op"], path: string, before: Uint8Array | null, after: Uint8Array | null): FileChange {
  const decode = (b: Uint8Array | null): string | null | undefined => {
    if (b === null) return null;
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(b);
    } catch {
      return undefined;
    }
  };
  let b = decode(before);
  let a = decode(after);
  let encoding: FileChange["encoding"] = "utf8";
  if (b === undefined || a === undefined) {
    encoding = "base64";
    b = before === null ? null : Buffer.from(before).toString("base64");
    a = after === null ? null : Buffer.from(after).toString("base64");
  }
  const cut = (s: string | null) => (s !== null && s.length > MAX_FILE_CHARS ? s.slice(0, MAX_FILE_CHARS) : s);
  const truncated = (b?.length ?? 0) > MAX_FILE_CHARS || (a?.length ?? 0) > MAX_FILE_CHARS;
  return { op, path, before: cut(b ?? null), after: cut(a ?? null), encoding, ...(truncated ? { truncated: true } : {}) };
}
