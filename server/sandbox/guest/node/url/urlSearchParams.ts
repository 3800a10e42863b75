import { encode, FORM, percentDecode } from "./percentEncoding";
import { RECORD, type UrlRecord } from "./urlParser";
import type { URL } from "./whatwgUrl";

/** WHATWG `URLSearchParams`; one that belongs to a URL writes every change back to that URL's query. */
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
    const r = RECORD.get(this._url) as UrlRecord;
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
