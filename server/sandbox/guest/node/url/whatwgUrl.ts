import { encode, FRAGMENT, QUERY, SPECIAL_QUERY, USERINFO } from "./percentEncoding";
import { parse, pathname, pushSegments, RECORD, serialize, SPECIAL, type UrlRecord } from "./urlParser";
import { URLSearchParams } from "./urlSearchParams";

/** WHATWG `URL`: a view over its parsed record, with the standard's setters. */
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
  private get r(): UrlRecord {
    return RECORD.get(this) as UrlRecord;
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

function recordOf(base: unknown): UrlRecord {
  if (base instanceof URL) return { ...(RECORD.get(base) as UrlRecord) };
  return parse(String(base), null);
}
