import { C0, encode, FRAGMENT, PATH, percentDecode, QUERY, SPECIAL_QUERY, USERINFO } from "./percentEncoding";

/**
 * The URL standard's parser and serializer over a plain record: special schemes (http, https,
 * ws, wss, ftp, file) and opaque ones (mailto:, data:). It does not map international domain
 * names to punycode or rewrite numeric IPv4 hosts (docs/sandbox.md).
 */

/** The special schemes, each with its default port. */
export const SPECIAL: Record<string, string> = { "http:": "80", "https:": "443", "ws:": "80", "wss:": "443", "ftp:": "21", "file:": "" };

export interface UrlRecord {
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

/** The record behind each URL object (URL, and URLSearchParams writing its query back, read it). */
export const RECORD = new WeakMap<object, UrlRecord>();

function invalid(input: string): TypeError {
  const e = new TypeError("Invalid URL");
  Object.assign(e, { code: "ERR_INVALID_URL", input });
  return e;
}

const isSingleDot = (s: string) => s === "." || s.toLowerCase() === "%2e";
const isDoubleDot = (s: string) => /^(\.|%2e)(\.|%2e)$/i.test(s);

export function pushSegments(path: string[], raw: string, special: boolean): void {
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

/** Parses `input` against `base` (null: it must be absolute); throws TypeError "Invalid URL" (code ERR_INVALID_URL) as Node does. */
export function parse(input: string, base: UrlRecord | null): UrlRecord {
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

export function splitTail(rest: string): { head: string; query: string | null; fragment: string | null } {
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

function finish(r: UrlRecord, query: string | null, fragment: string | null): UrlRecord {
  const special = r.protocol in SPECIAL;
  r.query = query === null ? null : encode(query, special ? SPECIAL_QUERY : QUERY);
  r.fragment = fragment === null ? null : encode(fragment, FRAGMENT);
  return r;
}

function absolute(protocol: string, rest: string, input: string): UrlRecord {
  const special = protocol in SPECIAL;
  const { head, query, fragment } = splitTail(rest);
  const r: UrlRecord = { protocol, username: "", password: "", hostname: null, port: "", path: [], query: null, fragment: null };
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

function authorityInto(r: UrlRecord, authority: string, special: boolean, input: string): void {
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

function relative(text: string, base: UrlRecord, input: string): UrlRecord {
  const special = base.protocol in SPECIAL;
  if (typeof base.path === "string") {
    if (!text.startsWith("#")) throw invalid(input);
    return finish({ ...base }, base.query, text.slice(1));
  }
  if (special ? /^[/\\]{2}/.test(text) : text.startsWith("//")) return absolute(base.protocol, text, input);
  const { head, query, fragment } = splitTail(text);
  const r: UrlRecord = { ...base, path: [...base.path], query: base.query, fragment: null };
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

export function serialize(r: UrlRecord, excludeFragment = false): string {
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

export function pathname(r: UrlRecord): string {
  if (typeof r.path === "string") return r.path;
  return r.path.length === 0 && !(r.protocol in SPECIAL) ? "" : `/${r.path.join("/")}`;
}
