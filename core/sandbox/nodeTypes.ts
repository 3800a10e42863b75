/**
 * Type declarations of the sandbox's simulated Node host (docs/node-surface.md), for the hook
 * editor's TypeScript service: the globals (`process`, `Buffer`, …) and the built-in modules as
 * `node:x` and `x`. Kept to what the sandbox provides, so the editor flags what would fail.
 */

const MODULES: Record<string, string> = {
  path: `
  interface ParsedPath { root: string; dir: string; base: string; ext: string; name: string }
  interface PathModule {
    sep: "/"; delimiter: ":"; posix: PathModule;
    join(...paths: string[]): string; resolve(...paths: string[]): string; normalize(path: string): string; relative(from: string, to: string): string;
    dirname(path: string): string; basename(path: string, suffix?: string): string; extname(path: string): string; isAbsolute(path: string): boolean;
    parse(path: string): ParsedPath; format(path: Partial<ParsedPath>): string; toNamespacedPath(path: string): string;
  }
  const path: PathModule;
  export default path;
  export const sep: "/", delimiter: ":", posix: PathModule, join: PathModule["join"], resolve: PathModule["resolve"], normalize: PathModule["normalize"], relative: PathModule["relative"], dirname: PathModule["dirname"], basename: PathModule["basename"], extname: PathModule["extname"], isAbsolute: PathModule["isAbsolute"], parse: PathModule["parse"], format: PathModule["format"];`,
  util: `
  interface InspectOptions { depth?: number | null; breakLength?: number; compact?: boolean | number; sorted?: boolean; maxArrayLength?: number | null; maxStringLength?: number | null; showHidden?: boolean }
  export function format(format?: unknown, ...args: unknown[]): string;
  export function formatWithOptions(options: InspectOptions, format?: unknown, ...args: unknown[]): string;
  export const inspect: { (value: unknown, options?: InspectOptions): string; readonly custom: unique symbol; defaultOptions: InspectOptions };
  export const promisify: { <T = unknown>(fn: (...args: any[]) => void): (...args: any[]) => Promise<T>; readonly custom: unique symbol };
  export function callbackify(fn: (...args: any[]) => Promise<unknown>): (...args: any[]) => void;
  export function inherits(ctor: Function, superCtor: Function): void;
  export function deprecate<T extends Function>(fn: T, message: string, code?: string): T;
  export function isDeepStrictEqual(a: unknown, b: unknown): boolean;
  export function debuglog(section: string): ((...args: unknown[]) => void) & { enabled: boolean };
  export function stripVTControlCharacters(text: string): string;
  export const types: Record<string, (value: unknown) => boolean>;
  export const TextEncoder: HookTextEncoderClass, TextDecoder: HookTextDecoderClass;
  const util: { format: typeof format; inspect: typeof inspect; promisify: typeof promisify; callbackify: typeof callbackify; inherits: typeof inherits; deprecate: typeof deprecate; isDeepStrictEqual: typeof isDeepStrictEqual; types: typeof types; formatWithOptions: typeof formatWithOptions; debuglog: typeof debuglog; stripVTControlCharacters: typeof stripVTControlCharacters };
  export default util;`,
  events: `
  type Listener = (...args: any[]) => void;
  export class EventEmitter {
    static defaultMaxListeners: number; static readonly errorMonitor: unique symbol;
    on(event: string | symbol, listener: Listener): this; addListener(event: string | symbol, listener: Listener): this; once(event: string | symbol, listener: Listener): this;
    prependListener(event: string | symbol, listener: Listener): this; prependOnceListener(event: string | symbol, listener: Listener): this;
    off(event: string | symbol, listener: Listener): this; removeListener(event: string | symbol, listener: Listener): this; removeAllListeners(event?: string | symbol): this;
    emit(event: string | symbol, ...args: any[]): boolean; listeners(event: string | symbol): Listener[]; rawListeners(event: string | symbol): Listener[];
    listenerCount(event: string | symbol): number; eventNames(): (string | symbol)[]; setMaxListeners(n: number): this; getMaxListeners(): number;
  }
  export function once(emitter: EventEmitter, event: string | symbol): Promise<any[]>;
  export default EventEmitter;`,
  crypto: `
  type BinaryLike = string | ArrayBufferView;
  interface Hash { update(data: BinaryLike, encoding?: string): Hash; digest(): Buffer; digest(encoding: string): string; copy(): Hash }
  interface Hmac { update(data: BinaryLike, encoding?: string): Hmac; digest(): Buffer; digest(encoding: string): string }
  export function createHash(algorithm: "md5" | "sha1" | "sha224" | "sha256" | "sha384" | "sha512" | (string & {})): Hash;
  export function createHmac(algorithm: string, key: BinaryLike): Hmac;
  export function hash(algorithm: string, data: BinaryLike, encoding?: string): string;
  export function getHashes(): string[];
  export function randomBytes(size: number): Buffer;
  export function randomFillSync<T extends ArrayBufferView>(view: T, offset?: number, size?: number): T;
  export function randomInt(max: number): number;
  export function randomInt(min: number, max: number): number;
  export function randomUUID(): string;
  export function getRandomValues<T extends ArrayBufferView>(array: T): T;
  export function timingSafeEqual(a: ArrayBufferView, b: ArrayBufferView): boolean;
  export const webcrypto: { getRandomValues: typeof getRandomValues; randomUUID: typeof randomUUID };
  const crypto: { createHash: typeof createHash; createHmac: typeof createHmac; hash: typeof hash; randomBytes: typeof randomBytes; randomInt: typeof randomInt; randomUUID: typeof randomUUID; getRandomValues: typeof getRandomValues; timingSafeEqual: typeof timingSafeEqual; webcrypto: typeof webcrypto };
  export default crypto;`,
  os: `
  const os: { EOL: string; platform(): string; arch(): string; type(): string; release(): string; hostname(): string; homedir(): string; tmpdir(): string; uptime(): number; totalmem(): number; freemem(): number; cpus(): { model: string; speed: number }[]; endianness(): "LE"; userInfo(): { username: string; uid: number; gid: number; homedir: string; shell: string } };
  export default os;
  export const EOL: string, platform: typeof os.platform, arch: typeof os.arch, hostname: typeof os.hostname, homedir: typeof os.homedir, tmpdir: typeof os.tmpdir, cpus: typeof os.cpus;`,
  buffer: `export const Buffer: HookBufferStatic; export const atob: HookAtob, btoa: HookAtob; const buffer: { Buffer: HookBufferStatic }; export default buffer;`,
  url: `
  export const URL: HookURLClass, URLSearchParams: HookURLSearchParamsClass;
  export function fileURLToPath(url: string | URL): string;
  export function pathToFileURL(path: string): URL;
  export function format(url: URL | Record<string, unknown>, options?: { fragment?: boolean; search?: boolean; auth?: boolean }): string;
  export function parse(url: string, parseQuery?: boolean): Record<string, any>;
  export function resolve(from: string, to: string): string;
  const url: { URL: typeof URL; URLSearchParams: typeof URLSearchParams; fileURLToPath: typeof fileURLToPath; pathToFileURL: typeof pathToFileURL; format: typeof format; parse: typeof parse; resolve: typeof resolve };
  export default url;`,
  querystring: `
  export function parse(text: string, sep?: string, eq?: string): Record<string, string | string[]>;
  export function stringify(obj: Record<string, unknown>, sep?: string, eq?: string): string;
  export function escape(text: string): string;
  export function unescape(text: string): string;
  const querystring: { parse: typeof parse; stringify: typeof stringify; escape: typeof escape; unescape: typeof unescape };
  export default querystring;`,
  assert: `
  export class AssertionError extends Error { actual: unknown; expected: unknown; operator: string; code: "ERR_ASSERTION"; generatedMessage: boolean }
  interface Assert {
    (value: unknown, message?: string | Error): asserts value;
    ok(value: unknown, message?: string | Error): asserts value;
    equal(actual: unknown, expected: unknown, message?: string | Error): void; notEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    strictEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T; notStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    deepEqual(actual: unknown, expected: unknown, message?: string | Error): void; deepStrictEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T;
    notDeepStrictEqual(actual: unknown, expected: unknown, message?: string | Error): void; notDeepEqual(actual: unknown, expected: unknown, message?: string | Error): void;
    throws(fn: () => unknown, expected?: unknown, message?: string | Error): void; doesNotThrow(fn: () => unknown, message?: string | Error): void;
    rejects(promise: Promise<unknown> | (() => Promise<unknown>), expected?: unknown, message?: string | Error): Promise<void>;
    doesNotReject(promise: Promise<unknown> | (() => Promise<unknown>), message?: string | Error): Promise<void>;
    match(value: string, regexp: RegExp, message?: string | Error): void; doesNotMatch(value: string, regexp: RegExp, message?: string | Error): void;
    fail(message?: string | Error): never; ifError(value: unknown): void; strict: Assert; AssertionError: typeof AssertionError;
  }
  const assert: Assert;
  export default assert;`,
  string_decoder: `export class StringDecoder { constructor(encoding?: string); write(chunk: ArrayBufferView | string): string; end(chunk?: ArrayBufferView): string }
  const sd: { StringDecoder: typeof StringDecoder }; export default sd;`,
  timers: `export const setTimeout: HookTimers["setTimeout"], clearTimeout: HookTimers["clearTimeout"], setInterval: HookTimers["setInterval"], clearInterval: HookTimers["clearInterval"], setImmediate: HookTimers["setImmediate"], clearImmediate: HookTimers["clearImmediate"];
  const timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout; setInterval: typeof setInterval; clearInterval: typeof clearInterval; setImmediate: typeof setImmediate; clearImmediate: typeof clearImmediate }; export default timers;`,
  "timers/promises": `
  export function setTimeout<T = void>(ms?: number, value?: T, options?: { signal?: AbortSignal }): Promise<T>;
  export function setImmediate<T = void>(value?: T, options?: { signal?: AbortSignal }): Promise<T>;
  export function setInterval<T = void>(ms?: number, value?: T, options?: { signal?: AbortSignal }): AsyncIterable<T>;
  export const scheduler: { wait(ms: number, options?: { signal?: AbortSignal }): Promise<void>; yield(): Promise<void> };
  const tp: { setTimeout: typeof setTimeout; setImmediate: typeof setImmediate; setInterval: typeof setInterval; scheduler: typeof scheduler }; export default tp;`,
  fs: `
  type PathLike = string | URL | Uint8Array;
  type Encoding = "utf8" | "utf-8" | "base64" | "base64url" | "hex" | "latin1" | "ascii" | "utf16le";
  export interface Stats { size: number; mode: number; mtimeMs: number; mtime: Date; isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }
  export interface Dirent { name: string; parentPath: string; isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }
  export function readFileSync(path: PathLike): Buffer;
  export function readFileSync(path: PathLike, options: Encoding | { encoding: Encoding }): string;
  export function writeFileSync(path: PathLike, data: string | ArrayBufferView, options?: Encoding | { encoding?: Encoding; flag?: string }): void;
  export function appendFileSync(path: PathLike, data: string | ArrayBufferView, options?: Encoding | { encoding?: Encoding }): void;
  export function existsSync(path: PathLike): boolean;
  export function statSync(path: PathLike): Stats;
  export function lstatSync(path: PathLike): Stats;
  export function accessSync(path: PathLike, mode?: number): void;
  export function readdirSync(path: PathLike): string[];
  export function readdirSync(path: PathLike, options: { withFileTypes: true; recursive?: boolean }): Dirent[];
  export function mkdirSync(path: PathLike, options?: { recursive?: boolean }): string | undefined;
  export function mkdtempSync(prefix: string): string;
  export function rmSync(path: PathLike, options?: { recursive?: boolean; force?: boolean }): void;
  export function rmdirSync(path: PathLike, options?: { recursive?: boolean }): void;
  export function unlinkSync(path: PathLike): void;
  export function renameSync(from: PathLike, to: PathLike): void;
  export function copyFileSync(from: PathLike, to: PathLike, mode?: number): void;
  export function realpathSync(path: PathLike): string;
  export function readFile(path: PathLike, ...rest: any[]): void;
  export function writeFile(path: PathLike, ...rest: any[]): void;
  export function appendFile(path: PathLike, ...rest: any[]): void;
  export function mkdir(path: PathLike, ...rest: any[]): void;
  export function readdir(path: PathLike, ...rest: any[]): void;
  export function stat(path: PathLike, ...rest: any[]): void;
  export function rm(path: PathLike, ...rest: any[]): void;
  export function unlink(path: PathLike, ...rest: any[]): void;
  export function rename(from: PathLike, to: PathLike, callback: (err: Error | null) => void): void;
  export const constants: Record<string, number>;
  export const promises: typeof import("node:fs/promises");
  const fs: typeof import("node:fs");
  export default fs;`,
  "fs/promises": `
  type PathLike = string | URL | Uint8Array;
  type Encoding = "utf8" | "utf-8" | "base64" | "base64url" | "hex" | "latin1" | "ascii" | "utf16le";
  export function readFile(path: PathLike): Promise<Buffer>;
  export function readFile(path: PathLike, options: Encoding | { encoding: Encoding }): Promise<string>;
  export function writeFile(path: PathLike, data: string | ArrayBufferView, options?: Encoding | { encoding?: Encoding; flag?: string }): Promise<void>;
  export function appendFile(path: PathLike, data: string | ArrayBufferView, options?: Encoding | { encoding?: Encoding }): Promise<void>;
  export function stat(path: PathLike): Promise<import("node:fs").Stats>;
  export function lstat(path: PathLike): Promise<import("node:fs").Stats>;
  export function access(path: PathLike, mode?: number): Promise<void>;
  export function readdir(path: PathLike): Promise<string[]>;
  export function readdir(path: PathLike, options: { withFileTypes: true; recursive?: boolean }): Promise<import("node:fs").Dirent[]>;
  export function mkdir(path: PathLike, options?: { recursive?: boolean }): Promise<string | undefined>;
  export function rm(path: PathLike, options?: { recursive?: boolean; force?: boolean }): Promise<void>;
  export function unlink(path: PathLike): Promise<void>;
  export function rename(from: PathLike, to: PathLike): Promise<void>;
  export function copyFile(from: PathLike, to: PathLike, mode?: number): Promise<void>;
  const fsp: typeof import("node:fs/promises");
  export default fsp;`,
  process: `const p: HookProcess; export default p; export const env: typeof p.env, argv: string[], platform: string, arch: string, version: string, cwd: () => string, nextTick: typeof p.nextTick, hrtime: typeof p.hrtime, exit: typeof p.exit, stdout: typeof p.stdout, stderr: typeof p.stderr;`,
};

const HTTP = `
  interface IncomingMessage { statusCode: number; statusMessage: string; headers: Record<string, string>; setEncoding(encoding: string): IncomingMessage; on(event: "data", listener: (chunk: any) => void): IncomingMessage; on(event: "end" | "close", listener: () => void): IncomingMessage; [Symbol.asyncIterator](): AsyncIterator<any> }
  interface ClientRequest { write(chunk: string | Uint8Array): boolean; end(chunk?: string | Uint8Array): ClientRequest; setHeader(name: string, value: string | number): void; on(event: "response", listener: (res: IncomingMessage) => void): ClientRequest; on(event: "error", listener: (err: Error) => void): ClientRequest; on(event: string, listener: (...args: any[]) => void): ClientRequest; destroy(error?: Error): ClientRequest }
  interface RequestOptions { protocol?: string; hostname?: string; host?: string; port?: number | string; path?: string; method?: string; headers?: Record<string, string | number | string[]> }
  export function request(url: string | URL | RequestOptions, options?: RequestOptions | ((res: IncomingMessage) => void), callback?: (res: IncomingMessage) => void): ClientRequest;
  export function get(url: string | URL | RequestOptions, options?: RequestOptions | ((res: IncomingMessage) => void), callback?: (res: IncomingMessage) => void): ClientRequest;
  const http: { request: typeof request; get: typeof get }; export default http;`;
MODULES.http = HTTP;
MODULES.https = HTTP;

const ALIASES: Record<string, string> = { "path/posix": "path", "util/types": "util", "assert/strict": "assert" };

const GLOBALS = `
interface HookWritable { write(chunk: string | Uint8Array, encoding?: string | (() => void), callback?: () => void): boolean; isTTY: false; columns: number }
interface HookProcess {
  /** Only the variables declared in the pipeline's Settings. */
  env: Record<string, string | undefined>;
  /** Each write is one log entry of the hook (stdout: log, stderr: error). */
  stdout: HookWritable; stderr: HookWritable;
  argv: string[]; argv0: string; execPath: string; execArgv: string[]; pid: number; ppid: number; title: string;
  platform: string; arch: string; version: string; versions: Record<string, string>; release: { name: string; lts?: string };
  /** The plugin's directory, /workspace/plugins/<pipeline>. */
  cwd(): string;
  hrtime: { (previous?: [number, number]): [number, number]; bigint(): bigint };
  uptime(): number;
  memoryUsage(): { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  nextTick(callback: (...args: any[]) => void, ...args: any[]): void;
  emitWarning(warning: string | Error, type?: string): void;
  /** Ends the hook call (never the host). */
  exit(code?: number): never;
  exitCode: number | undefined;
  getBuiltinModule(id: string): any;
  on(event: string, listener: (...args: any[]) => void): HookProcess; once(event: string, listener: (...args: any[]) => void): HookProcess; emit(event: string, ...args: any[]): boolean;
}
declare const process: HookProcess;
declare const global: typeof globalThis;
type BufferEncoding = "utf8" | "utf-8" | "base64" | "base64url" | "hex" | "latin1" | "binary" | "ascii" | "utf16le" | "ucs2";
interface Buffer extends Uint8Array {
  toString(encoding?: BufferEncoding, start?: number, end?: number): string;
  toJSON(): { type: "Buffer"; data: number[] };
  equals(other: Uint8Array): boolean; compare(other: Uint8Array): number;
  write(text: string, offset?: number, length?: number, encoding?: BufferEncoding): number;
  subarray(start?: number, end?: number): Buffer;
  indexOf(value: string | number | Uint8Array, byteOffset?: number, encoding?: BufferEncoding): number; includes(value: string | number | Uint8Array, byteOffset?: number): boolean;
  readUInt8(offset?: number): number; readUInt16LE(offset?: number): number; readUInt16BE(offset?: number): number; readUInt32LE(offset?: number): number; readUInt32BE(offset?: number): number;
  readInt8(offset?: number): number; readInt16LE(offset?: number): number; readInt32LE(offset?: number): number; readInt32BE(offset?: number): number;
  readBigUInt64LE(offset?: number): bigint; readBigUInt64BE(offset?: number): bigint; readDoubleLE(offset?: number): number; readFloatLE(offset?: number): number;
  writeUInt8(value: number, offset?: number): number; writeUInt16LE(value: number, offset?: number): number; writeUInt32LE(value: number, offset?: number): number; writeUInt32BE(value: number, offset?: number): number; writeInt32LE(value: number, offset?: number): number;
}
declare const Buffer: {
  from(value: string, encoding?: BufferEncoding): Buffer; from(value: ArrayBuffer | ArrayLike<number> | Uint8Array): Buffer;
  alloc(size: number, fill?: string | number): Buffer; allocUnsafe(size: number): Buffer;
  concat(list: readonly Uint8Array[], totalLength?: number): Buffer; isBuffer(value: unknown): value is Buffer; byteLength(value: string | ArrayBufferView, encoding?: BufferEncoding): number;
  compare(a: Uint8Array, b: Uint8Array): number; isEncoding(encoding: string): boolean;
};
declare class TextEncoder { readonly encoding: "utf-8"; encode(input?: string): Uint8Array; encodeInto(input: string, dest: Uint8Array): { read: number; written: number } }
declare class TextDecoder { constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean }); readonly encoding: string; decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string }
declare class URLSearchParams implements Iterable<[string, string]> {
  constructor(init?: string | Record<string, string> | Iterable<[string, string]> | URLSearchParams);
  readonly size: number; append(name: string, value: string): void; delete(name: string, value?: string): void; get(name: string): string | null; getAll(name: string): string[];
  has(name: string, value?: string): boolean; set(name: string, value: string): void; sort(): void; forEach(fn: (value: string, name: string) => void): void;
  keys(): IterableIterator<string>; values(): IterableIterator<string>; entries(): IterableIterator<[string, string]>; [Symbol.iterator](): IterableIterator<[string, string]>; toString(): string;
}
declare class URL {
  constructor(input: string | URL, base?: string | URL); static canParse(input: string, base?: string): boolean; static parse(input: string, base?: string): URL | null;
  href: string; readonly origin: string; protocol: string; username: string; password: string; host: string; hostname: string; port: string; pathname: string; search: string; readonly searchParams: URLSearchParams; hash: string;
  toString(): string; toJSON(): string;
}
declare class Event { constructor(type: string, init?: { bubbles?: boolean; cancelable?: boolean }); readonly type: string; defaultPrevented: boolean; preventDefault(): void; stopImmediatePropagation(): void }
declare class EventTarget { addEventListener(type: string, listener: ((event: Event) => void) | null, options?: boolean | { once?: boolean; signal?: AbortSignal }): void; removeEventListener(type: string, listener: ((event: Event) => void) | null): void; dispatchEvent(event: Event): boolean }
declare class AbortSignal extends EventTarget { readonly aborted: boolean; readonly reason: unknown; onabort: ((event: Event) => void) | null; throwIfAborted(): void; static abort(reason?: unknown): AbortSignal; static timeout(ms: number): AbortSignal; static any(signals: AbortSignal[]): AbortSignal }
declare class AbortController { readonly signal: AbortSignal; abort(reason?: unknown): void }
declare class DOMException extends Error { constructor(message?: string, name?: string) }
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare function setTimeout(callback: (...args: any[]) => void, ms?: number, ...args: any[]): number;
declare function clearTimeout(id: number | undefined): void;
declare function setInterval(callback: (...args: any[]) => void, ms?: number, ...args: any[]): number;
declare function clearInterval(id: number | undefined): void;
declare function setImmediate(callback: (...args: any[]) => void, ...args: any[]): number;
declare function clearImmediate(id: number | undefined): void;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;
declare const performance: { now(): number; readonly timeOrigin: number };
declare const crypto: { getRandomValues<T extends ArrayBufferView>(array: T): T; randomUUID(): string };
type HookTextEncoderClass = typeof TextEncoder;
type HookAtob = (data: string) => string;
type HookTextDecoderClass = typeof TextDecoder;
type HookBufferStatic = typeof Buffer;
type HookURLClass = typeof URL;
type HookURLSearchParamsClass = typeof URLSearchParams;
interface HookTimers { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout; setInterval: typeof setInterval; clearInterval: typeof clearInterval; setImmediate: typeof setImmediate; clearImmediate: typeof clearImmediate }
`;

/** The `.d.ts` text: globals, then `declare module "node:x"` and `"x"` for each simulated module. */
export function nodeSurfaceDeclarations(): string {
  const parts = [GLOBALS];
  for (const [name, body] of Object.entries(MODULES)) {
    parts.push(`declare module "node:${name}" {${body}\n}`);
    parts.push(`declare module "${name}" {\n  export * from "node:${name}";\n  export { default } from "node:${name}";\n}`);
  }
  for (const [alias, target] of Object.entries(ALIASES)) {
    parts.push(`declare module "node:${alias}" {\n  export * from "node:${target}";\n  export { default } from "node:${target}";\n}`);
    parts.push(`declare module "${alias}" {\n  export * from "node:${target}";\n  export { default } from "node:${target}";\n}`);
  }
  return parts.join("\n");
}
