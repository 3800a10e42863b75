import { stringify as queryStringify } from "../units/querystring";
import { RECORD, serialize, SPECIAL, splitTail, type UrlRecord } from "./urlParser";
import { URLSearchParams } from "./urlSearchParams";
import { URL } from "./whatwgUrl";

/** Node's legacy URL API: `url.parse` and `url.format`. */

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
    const r = { ...(RECORD.get(input) as UrlRecord) };
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
