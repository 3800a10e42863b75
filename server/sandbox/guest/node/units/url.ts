import type { UnitEnv } from "../unitEnv";
import { stringify as queryStringify } from "./querystring";
import { utf8Decode, utf8Encode } from "./text";

/**
 * Guest unit `url`: WHATWG `URL` and `URLSearchParams`, and Node's `url` module functions
 * (`fileURLToPath`, `pathToFileURL`, `format`, the legacy `parse` / `resolve`). The parser
 * follows the URL standard for special schemes (http, https, ws, wss, ftp, file) and opaque
 * ones (mailto:, data:); it does not map international domain names to punycode or rewrite
 * numeric IPv4 hosts (docs/sandbox.md).
 */

const SPECIAL: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443", "ftp:": "21", "file:": "" };

const C0 = (c: number) => c < 0x20 || c > 0x7e;
const FRAGMENT = (c: number) => C0(c) || c === 0x20 || c === 0x22 || c === 0x3c || c === 0x3e || c === 0x60;
const QUERY = (c: number) => C0(c) || c === 0x20 || c === 0x22 || c === 0x23 || c === 0x3c || c === 0x3e;
const SPECIAL_QUERY = (c: number) => QUERY(c) || c === 0x27;
const PATH = (c: number) => QUERY(c) || c === 0x3f || c === 0x5e || c === 0x60 || c === 0x7b || c === 0x7d;
const USERINFO = (c: number) => PATH(c) || c === 0x2f || c === 0x3a || c === 0x3b || c === 0x3d || c === 0x40 || (c >= 0x5b && c <= 0x5d) || c === 0x7c;
const FORM = (c: number) => !((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x2a || c === 0x2d || c === 0x2e || c === 0x5f);

function encode(text: string, set: (c: number) => boolean, spaceAsPlus = false): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (code < 0x80 && !set(code)) out += ch;
    else if (spaceAsPlus && code === 0x20) out += "+";
    else for (const b of utf8Encode(ch)) out += `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function percentDecode(text: string): string {
  if (text.indexOf("%") === -1) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x25 && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else for (const b of utf8Encode(text[i] as string)) bytes.push(b);
  }
  return utf8Decode(new Uint8Array(bytes));
}

interface Record_ {
  protocol: string;
  username: string;
  password: string;
  hostname: string | null;
  port: string;
  /** Path segments, or the whole opaque path as one string. */
  path: string[] | string;
  query: string | null;
  fragment: string | null;
}

function invalid(input: string): TypeError {
  const e = new TypeError("Invalid URL");
  Object.assign(e, { code: "ERR_INVALID_URL", input });
  return e;
}

const isSingleDot = (s: string) => s === "." || s.toLowerCase() === "%2e";
const isDoubleDot = (s: string) => /^(\.|%2e)(\.|%2e)$/i.test(s);

function pushSegments(path: string[], raw: string, special: boolean): void {
  const parts = raw.split(special ? /[/\\]/ : /\//);
  parts.forEach((part, i) => {
    const last = i === parts.length - 1;
    if (isDoubleDot(part)) {
      path.pop();
      if (last) path.push("");
    } else if (isSingleDot(part)) {
      if (last) path.push("");
    } else path.push(encode(part, PATH));
  });
}

function parseHost(raw: string, special: boolean, input: string): string {
  if (raw.startsWith("[")) {
    if (!raw.endsWith("]") || !/^\[[0-9A-Fa-f:.]+\]$/.test(raw)) throw invalid(input);
    return raw.toLowerCase();
  }
  if (!special) return encode(raw, C0);
  const host = percentDecode(raw).toLowerCase();
  if (host === "" || /[\0\t\n\r #/:<>?@[\\\]^|%]/.test(host)) throw invalid(input);
  return host;
}

function parse(input: string, base: Record_ | null): Record_ {
  const text = input.replace(/^[\0- ]+|[\0- ]+$/g, "").replace(/[\t\n\r]/g, "");
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(text);
  if (m) {
    const protocol = `${(m[1] as string).toLowerCase()}:`;
    const rest = text.slice(m[0].length);
    const special = protocol in SPECIAL;
    // "http:foo" with an http base is relative to it.
    if (special && base && base.protocol === protocol && !/^[/\\]/.test(rest)) return relative(rest, base, input);
    return absolute(protocol, rest, input);
  }
  if (!base) throw invalid(input);
  return relative(text, base, input);
}

function splitTail(rest: string): { head: string; query: string | null; fragment: string | null } {
  let fragment: string | null = null;
  let query: string | null = null;
  const hash = rest.indexOf("#");
  if (hash !== -1) {
    fragment = rest.slice(hash + 1);
    rest = rest.slice(0, hash);
  }
  const q = rest.indexOf("?");
  if (q !== -1) {
    query = rest.slice(q + 1);
    rest = rest.slice(0, q);
  }
  return { head: rest, query, fragment };
}

function finish(r: Record_, query: string | null, fragment: string | null): Record_ {
  const special = r.protocol in SPECIAL;
  r.query = query === null ? null : encode(query, special ? SPECIAL_QUERY : QUERY);
  r.fragment = fragment === null ? null : encode(fragment, FRAGMENT);
  return r;
}

function absolute(protocol: string, rest: string, input: string): Record_ {
  const special = protocol in SPECIAL;
  const { head, query, fragment } = splitTail(rest);
  const r: Record_ = { protocol, username: "", password: "", hostname: null, port: "", path: [], query: null, fragment: null };
  const slashes = special ? /^[/\\]*/.exec(head)?.[0] ?? "" : head.startsWith("//") ? "//" : "";
  if (special || slashes === "//") {
    if (protocol === "file:" && slashes.length < 2) {
      r.hostname = "";
      pushSegments(r.path as string[], head.replace(/^[/\\]/, ""), true);
      return finish(r, query, fragment);
    }
    // file: takes exactly two slashes before its host ("file:///etc" has an empty host); other special schemes take any number.
    const after = head.slice(protocol === "file:" ? 2 : slashes.length);
    const end = after.search(special ? /[/\\]/ : /\//);
    const authority = end === -1 ? after : after.slice(0, end);
    const pathPart = end === -1 ? "" : after.slice(end + 1);
    authorityInto(r, authority, special, input);
    const path: string[] = [];
    if (end !== -1 || special) pushSegments(path, pathPart, special);
    r.path = path;
    if (protocol === "file:" && r.hostname === "localhost") r.hostname = "";
    return finish(r, query, fragment);
  }
  if (head.startsWith("/")) {
    pushSegments(r.path as string[], head.slice(1), false);
    return finish(r, query, fragment);
  }
  r.path = encode(head, C0);
  return finish(r, query, fragment);
}

function authorityInto(r: Record_, authority: string, special: boolean, input: string): void {
  const at = authority.lastIndexOf("@");
  let hostPort = authority;
  if (at !== -1) {
    const info = authority.slice(0, at);
    hostPort = authority.slice(at + 1);
    const colon = info.indexOf(":");
    r.username = encode(colon === -1 ? info : info.slice(0, colon), USERINFO);
    r.password = colon === -1 ? "" : encode(info.slice(colon + 1), USERINFO);
  }
  const portMatch = /:(\d*)$/.exec(hostPort.startsWith("[") ? hostPort.slice(hostPort.indexOf("]")) : hostPort);
  let host = hostPort;
  if (portMatch) {
    host = hostPort.slice(0, hostPort.length - portMatch[0].length);
    const digits = portMatch[1] as string;
    if (digits !== "") {
      const n = Number(digits);
      if (n > 65535) throw invalid(input);
      r.port = SPECIAL[r.protocol] === String(n) ? "" : String(n);
    }
  } else if (/:[^\]]*$/.test(hostPort) && !hostPort.startsWith("[")) throw invalid(input);
  if (host === "" && special && r.protocol !== "file:") throw invalid(input);
  r.hostname = host === "" ? "" : parseHost(host, special, input);
}

function relative(text: string, base: Record_, input: string): Record_ {
  const special = base.protocol in SPECIAL;
  if (typeof base.path === "string") {
    if (!text.startsWith("#")) throw invalid(input);
    return finish({ ...base }, base.query, text.slice(1));
  }
  if (special ? /^[/\\]{2}/.test(text) : text.startsWith("//")) return absolute(base.protocol, text, input);
  const { head, query, fragment } = splitTail(text);
  const r: Record_ = { ...base, path: [...base.path], query: base.query, fragment: null };
  if (head === "") {
    if (query === null) return { ...r, fragment: fragment === null ? null : encode(fragment, FRAGMENT) };
    return finish(r, query, fragment);
  }
  if (special ? /^[/\\]/.test(head) : head.startsWith("/")) {
    r.path = [];
    pushSegments(r.path, head.slice(1), special);
  } else {
    const path = r.path as string[];
    path.pop();
    pushSegments(path, head, special);
  }
  return finish(r, query, fragment);
}

function serialize(r: Record_, excludeFragment = false): string {
  let out = r.protocol;
  if (r.hostname !== null) {
    out += "//";
    if (r.username || r.password) out += r.username + (r.password ? `:${r.password}` : "") + "@";
    out += r.hostname + (r.port ? `:${r.port}` : "");
  }
  out += pathname(r);
  if (r.query !== null) out += `?${r.query}`;
  if (!excludeFragment && r.fragment !== null) out += `#${r.fragment}`;
  return out;
}

function pathname(r: Record_): string {
  if (typeof r.path === "string") return r.path;
  return r.path.length === 0 && !(r.protocol in SPECIAL) ? "" : `/${r.path.join("/")}`;
}

const RECORD = new WeakMap<object, Record_>();

export class URLSearchParams {
  private list: [string, string][] = [];
  /** @internal the URL whose query this object is (kept in step both ways). */
  _url: URL | null = null;

  constructor(init: unknown = "") {
    if (typeof init === "string") this.list = parseForm(init.startsWith("?") ? init.slice(1) : init);
    else if (init instanceof URLSearchParams) this.list = init.list.map(([k, v]) => [k, v]);
    else if (typeof init === "object" && init !== null) {
      if (typeof (init as Iterable<unknown>)[Symbol.iterator] === "function") {
        for (const pair of init as Iterable<unknown>) {
          const p = [...(pair as Iterable<unknown>)];
          if (p.length !== 2) throw new TypeError("Each query pair must be an iterable [name, value] tuple");
          this.list.push([String(p[0]), String(p[1])]);
        }
      } else for (const k of Object.keys(init)) this.list.push([k, String((init as Record<string, unknown>)[k])]);
    } else if (init !== undefined && init !== null) this.list = parseForm(String(init));
  }
  private update(): void {
    if (!this._url) return;
    const r = RECORD.get(this._url) as Record_;
    const text = this.toString();
    r.query = text === "" ? null : text;
  }
  get size(): number {
    return this.list.length;
  }
  append(name: string, value: string): void {
    this.list.push([String(name), String(value)]);
    this.update();
  }
  delete(name: string, value?: string): void {
    this.list = this.list.filter(([k, v]) => !(k === String(name) && (value === undefined || v === String(value))));
    this.update();
  }
  get(name: string): string | null {
    const hit = this.list.find(([k]) => k === String(name));
    return hit ? hit[1] : null;
  }
  getAll(name: string): string[] {
    return this.list.filter(([k]) => k === String(name)).map(([, v]) => v);
  }
  has(name: string, value?: string): boolean {
    return this.list.some(([k, v]) => k === String(name) && (value === undefined || v === String(value)));
  }
  set(name: string, value: string): void {
    const i = this.list.findIndex(([k]) => k === String(name));
    if (i === -1) this.list.push([String(name), String(value)]);
    else {
      this.list[i] = [String(name), String(value)];
      this.list = this.list.filter(([k], j) => j <= i || k !== String(name));
    }
    this.update();
  }
  sort(): void {
    // A stable sort by UTF-16 code units, as the standard says.
    this.list = this.list.map((p, i) => [p, i] as const).sort((a, b) => (a[0][0] < b[0][0] ? -1 : a[0][0] > b[0][0] ? 1 : a[1] - b[1])).map(([p]) => p);
    this.update();
  }
  forEach(fn: (value: string, name: string, params: URLSearchParams) => void, thisArg?: unknown): void {
    for (const [k, v] of [...this.list]) fn.call(thisArg, v, k, this);
  }
  keys(): IterableIterator<string> {
    return this.list.map(([k]) => k)[Symbol.iterator]();
  }
  values(): IterableIterator<string> {
    return this.list.map(([, v]) => v)[Symbol.iterator]();
  }
  entries(): IterableIterator<[string, string]> {
    return this.list.map(([k, v]) => [k, v] as [string, string])[Symbol.iterator]();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  toString(): string {
    return this.list.map(([k, v]) => `${encode(k, FORM, true)}=${encode(v, FORM, true)}`).join("&");
  }
  /** @internal */
  _replace(query: string | null): void {
    this.list = parseForm(query ?? "");
  }
}
Object.defineProperty(URLSearchParams.prototype, Symbol.toStringTag, { value: "URLSearchParams" });

function parseForm(text: string): [string, string][] {
  const out: [string, string][] = [];
  for (const part of text.split("&")) {
    if (part === "") continue;
    const eq = part.indexOf("=");
    const name = eq === -1 ? part : part.slice(0, eq);
    const value = eq === -1 ? "" : part.slice(eq + 1);
    out.push([percentDecode(name.replace(/\+/g, " ")), percentDecode(value.replace(/\+/g, " "))]);
  }
  return out;
}

export class URL {
  private readonly params: URLSearchParams;
  constructor(input: unknown, base?: unknown) {
    const baseRecord = base === undefined ? null : recordOf(base);
    const r = parse(String(input), baseRecord);
    RECORD.set(this, r);
    this.params = new URLSearchParams(r.query ?? "");
    this.params._url = this;
    Object.defineProperty(this, "params", { enumerable: false });
  }
  static canParse(input: unknown, base?: unknown): boolean {
    try {
      new URL(input, base);
      return true;
    } catch {
      return false;
    }
  }
  static parse(input: unknown, base?: unknown): URL | null {
    try {
      return new URL(input, base);
    } catch {
      return null;
    }
  }
  private get r(): Record_ {
    return RECORD.get(this) as Record_;
  }
  get href(): string {
    return serialize(this.r);
  }
  set href(value: string) {
    const r = parse(String(value), null);
    RECORD.set(this, r);
    this.params._replace(r.query);
  }
  get origin(): string {
    const r = this.r;
    if (r.protocol === "file:" || !(r.protocol in SPECIAL)) return "null";
    return `${r.protocol}//${r.hostname ?? ""}${r.port ? `:${r.port}` : ""}`;
  }
  get protocol(): string {
    return this.r.protocol;
  }
  set protocol(value: string) {
    const p = `${String(value).replace(/:.*$/, "").toLowerCase()}:`;
    if (!/^[a-z][a-z0-9+.-]*:$/.test(p) || p in SPECIAL !== this.r.protocol in SPECIAL) return;
    this.r.protocol = p;
    if (SPECIAL[p] === this.r.port) this.r.port = "";
  }
  get username(): string {
    return this.r.username;
  }
  set username(value: string) {
    if (this.r.hostname) this.r.username = encode(String(value), USERINFO);
  }
  get password(): string {
    return this.r.password;
  }
  set password(value: string) {
    if (this.r.hostname) this.r.password = encode(String(value), USERINFO);
  }
  get host(): string {
    const r = this.r;
    return (r.hostname ?? "") + (r.port ? `:${r.port}` : "");
  }
  set host(value: string) {
    try {
      const probe = parse(`${this.r.protocol}//${String(value)}/`, null);
      this.r.hostname = probe.hostname;
      this.r.port = probe.port;
    } catch {
      // An invalid host is ignored, as the standard's setter does.
    }
  }
  get hostname(): string {
    return this.r.hostname ?? "";
  }
  set hostname(value: string) {
    try {
      this.r.hostname = parse(`${this.r.protocol}//${String(value).replace(/:.*$/, "")}/`, null).hostname;
    } catch {
      // ignored, as above
    }
  }
  get port(): string {
    return this.r.port;
  }
  set port(value: string) {
    const digits = /^\d*/.exec(String(value))?.[0] ?? "";
    if (digits === "" && String(value) !== "") return;
    const n = digits === "" ? "" : String(Number(digits));
    if (n !== "" && Number(n) > 65535) return;
    this.r.port = SPECIAL[this.r.protocol] === n ? "" : n;
  }
  get pathname(): string {
    return pathname(this.r);
  }
  set pathname(value: string) {
    if (typeof this.r.path === "string") return;
    const path: string[] = [];
    const special = this.r.protocol in SPECIAL;
    pushSegments(path, String(value).replace(special ? /^[/\\]/ : /^\//, ""), special);
    this.r.path = path;
  }
  get search(): string {
    const q = this.r.query;
    return q === null || q === "" ? "" : `?${q}`;
  }
  set search(value: string) {
    const text = String(value).replace(/^\?/, "");
    this.r.query = text === "" ? null : encode(text, this.r.protocol in SPECIAL ? SPECIAL_QUERY : QUERY);
    this.params._replace(this.r.query);
  }
  get searchParams(): URLSearchParams {
    return this.params;
  }
  get hash(): string {
    const f = this.r.fragment;
    return f === null || f === "" ? "" : `#${f}`;
  }
  set hash(value: string) {
    const text = String(value).replace(/^#/, "");
    this.r.fragment = text === "" ? null : encode(text, FRAGMENT);
  }
  toString(): string {
    return this.href;
  }
  toJSON(): string {
    return this.href;
  }
}
Object.defineProperty(URL.prototype, Symbol.toStringTag, { value: "URL" });
for (const key of ["href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "searchParams", "hash"]) {
  const d = Object.getOwnPropertyDescriptor(URL.prototype, key);
  if (d) Object.defineProperty(URL.prototype, key, { ...d, enumerable: true });
}

function recordOf(base: unknown): Record_ {
  if (base instanceof URL) return { ...(RECORD.get(base) as Record_) };
  return parse(String(base), null);
}

/** `url.fileURLToPath`: a file: URL to an absolute POSIX path. */
export function fileURLToPath(input: unknown): string {
  const url = input instanceof URL ? input : new URL(String(input));
  if (url.protocol !== "file:") {
    throw Object.assign(new TypeError("The URL must be of scheme file"), { code: "ERR_INVALID_URL_SCHEME" });
  }
  if (url.hostname !== "") {
    throw Object.assign(new TypeError(`File URL host must be "localhost" or empty on linux`), { code: "ERR_INVALID_FILE_URL_HOST" });
  }
  if (/%2f/i.test(url.pathname)) {
    throw Object.assign(new TypeError("File URL path must not include encoded / characters"), { code: "ERR_INVALID_FILE_URL_PATH" });
  }
  return percentDecode(url.pathname);
}

/** `url.pathToFileURL`: an absolute path (resolved against the plugin's directory) to a file: URL. */
export function pathToFileURL(path: string, cwd: string): URL {
  let p = String(path);
  if (!p.startsWith("/")) p = `${cwd}/${p}`;
  const trailing = p.endsWith("/");
  const parts: string[] = [];
  for (const seg of p.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") parts.pop();
    else parts.push(seg);
  }
  const encoded = parts.map((s) => encode(s, (c) => PATH(c) || c === 0x25 || c === 0x23 || c === 0x3f || c === 0x5c)).join("/");
  return new URL(`file:///${encoded}${trailing && parts.length > 0 ? "/" : ""}`);
}

interface LegacyUrl {
  protocol: string | null;
  slashes: boolean | null;
  auth: string | null;
  host: string | null;
  port: string | null;
  hostname: string | null;
  hash: string | null;
  search: string | null;
  query: string | Record<string, string | string[]> | null;
  pathname: string | null;
  path: string | null;
  href: string;
}

/** The legacy `url.parse`, for absolute URLs and plain paths (built on the WHATWG parser). */
export function legacyParse(input: string, parseQuery = false): LegacyUrl {
  const text = String(input);
  let u: URL | null = null;
  try {
    u = new URL(text);
  } catch {
    u = null;
  }
  const queryOf = (search: string | null) => {
    if (!parseQuery) return search === null ? null : search.slice(1);
    const out: Record<string, string | string[]> = Object.create(null) as Record<string, string | string[]>;
    for (const [k, v] of new URLSearchParams(search ?? "")) {
      const prev = out[k];
      out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
    }
    return out;
  };
  if (!u) {
    const { head, query, fragment } = splitTail(text);
    const search = query === null ? null : `?${query}`;
    return {
      protocol: null,
      slashes: null,
      auth: null,
      host: null,
      port: null,
      hostname: null,
      hash: fragment === null ? null : `#${fragment}`,
      search,
      query: queryOf(search),
      pathname: head === "" ? null : head,
      path: head + (search ?? "") || null,
      href: text,
    };
  }
  const search = u.search === "" ? null : u.search;
  const hasHost = RECORD.get(u)?.hostname !== null;
  return {
    protocol: u.protocol,
    slashes: hasHost ? true : null,
    auth: u.username ? decodeURIComponent(u.username) + (u.password ? `:${decodeURIComponent(u.password)}` : "") : null,
    host: hasHost ? u.host : null,
    port: u.port === "" ? null : u.port,
    hostname: hasHost ? u.hostname : null,
    hash: u.hash === "" ? null : u.hash,
    search,
    query: queryOf(search),
    pathname: u.pathname === "" ? null : u.pathname,
    path: u.pathname + (search ?? ""),
    href: u.href,
  };
}

/** `url.format`: a URL object or a legacy `{ protocol, host, pathname, query, … }` object to text. */
export function format(input: unknown, options: { fragment?: boolean; search?: boolean; auth?: boolean } = {}): string {
  if (input instanceof URL) {
    const r = { ...(RECORD.get(input) as Record_) };
    if (options.auth === false) r.username = r.password = "";
    if (options.search === false) r.query = null;
    if (options.fragment === false) r.fragment = null;
    return serialize(r);
  }
  if (typeof input === "string") return legacyParse(input).href;
  const o = (input ?? {}) as Partial<LegacyUrl> & { query?: unknown };
  let protocol = o.protocol ?? "";
  if (protocol && !protocol.endsWith(":")) protocol += ":";
  const host = o.host ?? (o.hostname ? o.hostname + (o.port ? `:${o.port}` : "") : "");
  const slashes = o.slashes || protocol in SPECIAL ? "//" : "";
  let search = o.search ?? "";
  if (!search && o.query && typeof o.query === "object") {
    const q = queryStringify(o.query);
    search = q ? `?${q}` : "";
  }
  if (search && !search.startsWith("?")) search = `?${search}`;
  let hash = o.hash ?? "";
  if (hash && !hash.startsWith("#")) hash = `#${hash}`;
  let pathname = o.pathname ?? "";
  if (host && pathname && !pathname.startsWith("/")) pathname = `/${pathname}`;
  const auth = o.auth ? `${encodeURIComponent(o.auth).replace(/%3A/i, ":")}@` : "";
  return `${protocol}${host || protocol === "file:" ? slashes : ""}${auth}${host}${pathname}${search}${hash}`;
}

export function create(env: UnitEnv): Record<string, unknown> {
  const cwd = () => String((env.unit<{ cwd(): string }>("process").cwd)());
  return {
    URL,
    URLSearchParams,
    fileURLToPath,
    pathToFileURL: (path: string) => pathToFileURL(path, cwd()),
    format,
    parse: legacyParse,
    resolve: (from: string, to: string) => {
      const resolved = new URL(String(to), new URL(String(from), "resolve://"));
      if (resolved.protocol === "resolve:") {
        const { pathname, search, hash } = resolved;
        return String(from).startsWith("/") ? pathname + search + hash : (pathname + search + hash).slice(1);
      }
      return resolved.toString();
    },
    domainToASCII: (domain: string) => String(domain).toLowerCase(),
    domainToUnicode: (domain: string) => String(domain).toLowerCase(),
    urlToHttpOptions: (url: URL) => ({
      protocol: url.protocol,
      hostname: url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname,
      hash: url.hash,
      search: url.search,
      pathname: url.pathname,
      path: `${url.pathname}${url.search}`,
      href: url.href,
      ...(url.port !== "" ? { port: Number(url.port) } : {}),
      ...(url.username || url.password ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` } : {}),
    }),
  };
}
