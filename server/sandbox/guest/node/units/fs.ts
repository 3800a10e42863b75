import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `fs`: Node's file functions over the run's virtual file system (the host's
 * VirtualFs, server/sandbox/node/vfs.ts): sync, callback and promise forms. Nothing reaches a
 * real disk; every change is recorded on the hook's card. Streams, file descriptors and
 * watching are refused with a message.
 */

type BufferLike = Uint8Array & { toString(encoding?: string): string };
type BufferCtor = { from(value: unknown, encoding?: string): BufferLike; isBuffer(v: unknown): boolean };
interface Stat {
  type: "file" | "dir";
  size: number;
  mtimeMs: number;
}

export function create(env: UnitEnv): Record<string, unknown> {
  const { Buffer } = env.unit<{ Buffer: BufferCtor }>("buffer");
  const { fileURLToPath } = env.unit<{ fileURLToPath(u: unknown): string }>("url");

  /** Node's path arguments: a string, a Buffer or a file: URL. */
  const pathOf = (p: unknown): string => {
    if (typeof p === "string") return p;
    if (p instanceof Uint8Array) return Buffer.from(p).toString();
    if (typeof p === "object" && p !== null && (p as { protocol?: unknown }).protocol === "file:") return fileURLToPath(p);
    throw Object.assign(new TypeError(`The "path" argument must be of type string or an instance of Buffer or URL. Received ${p === null ? "null" : typeof p}`), { code: "ERR_INVALID_ARG_TYPE" });
  };
  const encodingOf = (options: unknown): string | null => {
    if (typeof options === "string") return options;
    if (typeof options === "object" && options !== null && typeof (options as { encoding?: unknown }).encoding === "string") return (options as { encoding: string }).encoding;
    return null;
  };
  const call = (op: string, payload: Record<string, unknown>): unknown => {
    try {
      return env.call(op, payload);
    } catch (error) {
      // Node's errors carry code, syscall and path; the host's message has them in Node's words.
      const e = error as Error & { code?: string; errno?: number; syscall?: string; path?: string };
      const m = /^([A-Z]+): .*, (\w+) '(.*)'$/.exec(e.message);
      if (m) Object.assign(e, { errno: -(ERRNO[m[1] as string] ?? 1), syscall: m[2], path: m[3] });
      throw e;
    }
  };
  const toBase64 = (data: unknown, encoding: string | null): string => {
    if (typeof data === "string") return Buffer.from(data, encoding ?? "utf8").toString("base64");
    if (ArrayBuffer.isView(data)) return Buffer.from(new Uint8Array(data.buffer, data.byteOffset, data.byteLength)).toString("base64");
    throw Object.assign(new TypeError(`The "data" argument must be of type string or an instance of Buffer, TypedArray, or DataView. Received ${data === null ? "null" : typeof data}`), { code: "ERR_INVALID_ARG_TYPE" });
  };

  class Stats {
    readonly dev = 2049;
    readonly ino = 0;
    readonly mode: number;
    readonly nlink = 1;
    readonly uid = 1000;
    readonly gid = 1000;
    readonly rdev = 0;
    readonly size: number;
    readonly blksize = 4096;
    readonly blocks: number;
    readonly atimeMs: number;
    readonly mtimeMs: number;
    readonly ctimeMs: number;
    readonly birthtimeMs: number;
    readonly atime: Date;
    readonly mtime: Date;
    readonly ctime: Date;
    readonly birthtime: Date;
    constructor(private readonly info: Stat) {
      this.mode = info.type === "dir" ? 0o40755 : 0o100644;
      this.size = info.size;
      this.blocks = Math.ceil(info.size / 512);
      this.atimeMs = this.mtimeMs = this.ctimeMs = this.birthtimeMs = info.mtimeMs;
      this.atime = new Date(info.mtimeMs);
      this.mtime = new Date(info.mtimeMs);
      this.ctime = new Date(info.mtimeMs);
      this.birthtime = new Date(info.mtimeMs);
      Object.defineProperty(this, "info", { enumerable: false });
    }
    isFile(): boolean {
      return this.info.type === "file";
    }
    isDirectory(): boolean {
      return this.info.type === "dir";
    }
    isSymbolicLink(): boolean {
      return false;
    }
    isFIFO(): boolean {
      return false;
    }
    isSocket(): boolean {
      return false;
    }
    isBlockDevice(): boolean {
      return false;
    }
    isCharacterDevice(): boolean {
      return false;
    }
  }

  class Dirent {
    constructor(
      readonly name: string,
      private readonly type: "file" | "dir",
      readonly parentPath: string,
    ) {
      Object.defineProperty(this, "type", { enumerable: false });
    }
    get path(): string {
      return this.parentPath;
    }
    isFile(): boolean {
      return this.type === "file";
    }
    isDirectory(): boolean {
      return this.type === "dir";
    }
    isSymbolicLink(): boolean {
      return false;
    }
  }

  const sync = {
    existsSync(p: unknown): boolean {
      try {
        call("fs.stat", { path: pathOf(p) });
        return true;
      } catch {
        return false;
      }
    },
    statSync(p: unknown, options?: { throwIfNoEntry?: boolean }): Stats | undefined {
      try {
        return new Stats(call("fs.stat", { path: pathOf(p) }) as Stat);
      } catch (error) {
        if (options?.throwIfNoEntry === false && (error as { code?: string }).code === "ENOENT") return undefined;
        throw error;
      }
    },
    lstatSync(p: unknown, options?: { throwIfNoEntry?: boolean }): Stats | undefined {
      return sync.statSync(p, options);
    },
    accessSync(p: unknown): void {
      call("fs.stat", { path: pathOf(p) });
    },
    readFileSync(p: unknown, options?: unknown): unknown {
      const bytes = Buffer.from(call("fs.readFile", { path: pathOf(p) }) as string, "base64");
      const encoding = encodingOf(options);
      return encoding ? bytes.toString(encoding) : bytes;
    },
    readdirSync(p: unknown, options?: { withFileTypes?: boolean; encoding?: string; recursive?: boolean }): unknown[] {
      const dir = pathOf(p);
      const entries = call("fs.readdir", { path: dir }) as { name: string; type: "file" | "dir" }[];
      if (options?.recursive) {
        const out: unknown[] = [];
        const walk = (base: string, rel: string, list: { name: string; type: "file" | "dir" }[]) => {
          for (const e of list) {
            const name = rel ? `${rel}/${e.name}` : e.name;
            out.push(options.withFileTypes ? new Dirent(e.name, e.type, rel ? `${dir}/${rel}` : dir) : name);
            if (e.type === "dir") walk(`${base}/${e.name}`, name, call("fs.readdir", { path: `${base}/${e.name}` }) as typeof list);
          }
        };
        walk(dir, "", entries);
        return out;
      }
      return entries.map((e) => (options?.withFileTypes ? new Dirent(e.name, e.type, dir) : e.name));
    },
    writeFileSync(p: unknown, data: unknown, options?: unknown): void {
      const flag = typeof options === "object" && options !== null && typeof (options as { flag?: unknown }).flag === "string" ? (options as { flag: string }).flag : "w";
      call("fs.writeFile", { path: pathOf(p), data: toBase64(data, encodingOf(options)), flag: flag.startsWith("a") ? "a" : flag === "wx" ? "wx" : "w" });
    },
    appendFileSync(p: unknown, data: unknown, options?: unknown): void {
      call("fs.writeFile", { path: pathOf(p), data: toBase64(data, encodingOf(options)), flag: "a" });
    },
    mkdirSync(p: unknown, options?: unknown): string | undefined {
      const recursive = typeof options === "object" && options !== null && (options as { recursive?: unknown }).recursive === true;
      const path = pathOf(p);
      const existed = sync.existsSync(path);
      call("fs.mkdir", { path, recursive });
      return recursive && !existed ? path : undefined;
    },
    rmSync(p: unknown, options?: { recursive?: boolean; force?: boolean }): void {
      call("fs.rm", { path: pathOf(p), recursive: options?.recursive === true, force: options?.force === true });
    },
    rmdirSync(p: unknown, options?: { recursive?: boolean }): void {
      const path = pathOf(p);
      if ((call("fs.stat", { path }) as Stat).type !== "dir") throw Object.assign(new Error(`ENOTDIR: not a directory, rmdir '${path}'`), { code: "ENOTDIR", syscall: "rmdir", path });
      call("fs.rm", { path, recursive: options?.recursive === true, force: false, syscall: "rmdir" });
    },
    unlinkSync(p: unknown): void {
      const path = pathOf(p);
      if ((call("fs.stat", { path }) as Stat).type === "dir") throw Object.assign(new Error(`EISDIR: illegal operation on a directory, unlink '${path}'`), { code: "EISDIR", syscall: "unlink", path });
      call("fs.rm", { path, recursive: false, force: false, syscall: "unlink" });
    },
    renameSync(from: unknown, to: unknown): void {
      call("fs.rename", { from: pathOf(from), to: pathOf(to) });
    },
    copyFileSync(from: unknown, to: unknown, mode?: number): void {
      call("fs.copyFile", { from: pathOf(from), to: pathOf(to), exclusive: ((mode ?? 0) & 1) === 1 });
    },
    realpathSync(p: unknown): string {
      const path = pathOf(p);
      call("fs.stat", { path });
      return env.unit<{ resolve(...a: string[]): string }>("path").resolve(path);
    },
    mkdtempSync(prefix: string): string {
      const path = `${prefix}${Math.floor(env.random() * 0x1000000).toString(36).padStart(6, "0").slice(0, 6)}`;
      call("fs.mkdir", { path, recursive: false });
      return path;
    },
  };

  const refused = (name: string) =>
    function refusedFs(): never {
      throw new Error(`fs.${name} is not available in the sandbox: its virtual file system has whole-file reads and writes, not ${name.includes("Stream") ? "streams" : name.startsWith("watch") ? "watching" : "file descriptors"}`);
    };

  // Promise and callback forms, run after the current microtasks as Node's would be.
  const names = Object.keys(sync).filter((k) => k.endsWith("Sync") && k !== "existsSync") as (keyof typeof sync)[];
  const promises: Record<string, unknown> = {};
  const callbacks: Record<string, unknown> = {};
  for (const name of names) {
    const base = name.slice(0, -4);
    const fn = sync[name] as (...args: unknown[]) => unknown;
    promises[base] = (...args: unknown[]) => new Promise((resolve, reject) => queueMicrotask(() => {
      try {
        resolve(fn(...args));
      } catch (error) {
        reject(error);
      }
    }));
    callbacks[base] = (...args: unknown[]) => {
      const callback = args.pop();
      if (typeof callback !== "function") throw Object.assign(new TypeError('The "cb" argument must be of type function. Received undefined'), { code: "ERR_INVALID_ARG_TYPE" });
      queueMicrotask(() => {
        let result: unknown;
        try {
          result = fn(...args);
        } catch (error) {
          (callback as (e: unknown) => void)(error);
          return;
        }
        (callback as (e: null, r: unknown) => void)(null, result);
      });
    };
  }
  promises.access = (p: unknown) => (promises.stat as (p: unknown) => Promise<unknown>)(p).then(() => undefined);
  promises.constants = CONSTANTS;
  for (const name of ["open", "opendir", "watch", "cp", "symlink", "link", "readlink", "chmod", "chown", "utimes", "truncate"]) promises[name] ??= refused(name);
  callbacks.exists = (p: unknown, cb: (exists: boolean) => void) => queueMicrotask(() => cb(sync.existsSync(p)));

  const fs: Record<string, unknown> = {
    ...sync,
    ...callbacks,
    promises,
    constants: CONSTANTS,
    Stats,
    Dirent,
    F_OK: 0,
    R_OK: 4,
    W_OK: 2,
    X_OK: 1,
  };
  for (const name of ["createReadStream", "createWriteStream", "openSync", "closeSync", "readSync", "writeSync", "fstatSync", "watch", "watchFile", "unwatchFile", "open", "close", "read", "write", "symlinkSync", "linkSync", "readlinkSync", "chmodSync", "chownSync", "utimesSync", "truncateSync", "cpSync"]) fs[name] ??= refused(name);
  return fs;
}

const CONSTANTS = { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1, COPYFILE_EXCL: 1, COPYFILE_FICLONE: 2, COPYFILE_FICLONE_FORCE: 4, O_RDONLY: 0, O_WRONLY: 1, O_RDWR: 2, O_CREAT: 64, O_EXCL: 128, O_TRUNC: 512, O_APPEND: 1024 };
const ERRNO: Record<string, number> = { ENOENT: 2, EEXIST: 17, ENOTDIR: 20, EISDIR: 21, EROFS: 30, EACCES: 13, ENOTEMPTY: 39, EINVAL: 22 };
