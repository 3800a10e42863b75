import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `internal/fetch`: `fetch`, `Headers`, `Request`, `Response`, answered by the host
 * from the scenario's HTTP fixtures (server/sandbox/node/http.ts), never from a network. A
 * fixture's delay passes on the run's virtual clock. A request no fixture matches rejects with
 * `no fixture for POST https://…: add one in the scenario's HTTP fixtures`.
 */

type HeaderInit = Headers | Record<string, string> | [string, string][];

export class Headers implements Iterable<[string, string]> {
  private readonly map = new Map<string, string>();
  constructor(init?: HeaderInit) {
    if (init instanceof Headers) for (const [k, v] of init) this.append(k, v);
    else if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v);
    else if (init && typeof init === "object") for (const k of Object.keys(init)) this.append(k, String(init[k]));
  }
  append(name: string, value: string): void {
    const key = String(name).toLowerCase();
    const prev = this.map.get(key);
    this.map.set(key, prev === undefined ? String(value) : `${prev}, ${String(value)}`);
  }
  set(name: string, value: string): void {
    this.map.set(String(name).toLowerCase(), String(value));
  }
  get(name: string): string | null {
    return this.map.get(String(name).toLowerCase()) ?? null;
  }
  has(name: string): boolean {
    return this.map.has(String(name).toLowerCase());
  }
  delete(name: string): void {
    this.map.delete(String(name).toLowerCase());
  }
  forEach(fn: (value: string, name: string, headers: Headers) => void): void {
    for (const [k, v] of this) fn(v, k, this);
  }
  *entries(): IterableIterator<[string, string]> {
    yield* [...this.map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }
  keys(): IterableIterator<string> {
    return [...this.entries()].map(([k]) => k)[Symbol.iterator]();
  }
  values(): IterableIterator<string> {
    return [...this.entries()].map(([, v]) => v)[Symbol.iterator]();
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }
  /** @internal plain object for the host */
  _plain(): Record<string, string> {
    return Object.fromEntries(this.entries());
  }
}

type BodyInit = string | Uint8Array | ArrayBuffer | URLSearchParamsLike | null | undefined;
interface URLSearchParamsLike {
  toString(): string;
}

let decodeUtf8: (bytes: Uint8Array) => string = () => "";
let encodeUtf8: (text: string) => Uint8Array = () => new Uint8Array(0);

class Body {
  protected bodyText: string | null;
  bodyUsed = false;
  constructor(body: string | null) {
    this.bodyText = body;
  }
  private take(): string {
    if (this.bodyUsed) throw new TypeError("Body is unusable: Body has already been read");
    this.bodyUsed = true;
    return this.bodyText ?? "";
  }
  async text(): Promise<string> {
    return this.take();
  }
  async json(): Promise<unknown> {
    return JSON.parse(this.take()) as unknown;
  }
  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = encodeUtf8(this.take());
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }
  async bytes(): Promise<Uint8Array> {
    return encodeUtf8(this.take());
  }
}

function bodyToText(body: BodyInit): string | null {
  if (body === null || body === undefined) return null;
  if (typeof body === "string") return body;
  if (body instanceof Uint8Array) return decodeUtf8(body);
  if (body instanceof ArrayBuffer) return decodeUtf8(new Uint8Array(body));
  return String(body);
}

export class Request extends Body {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  readonly signal: unknown;
  constructor(input: string | { href: string } | Request, init: { method?: string; headers?: HeaderInit; body?: BodyInit; signal?: unknown } = {}) {
    const base = input instanceof Request ? input : null;
    super(init.body !== undefined ? bodyToText(init.body) : (base?.bodyText ?? null));
    this.url = base ? base.url : typeof input === "string" ? input : String((input as { href: string }).href);
    this.method = String(init.method ?? base?.method ?? "GET").toUpperCase();
    this.headers = new Headers(init.headers ?? base?.headers);
    this.signal = init.signal ?? null;
  }
  /** @internal */
  _body(): string | null {
    return this.bodyText;
  }
}

export class Response extends Body {
  readonly status: number;
  readonly statusText: string;
  readonly headers: Headers;
  readonly ok: boolean;
  readonly url: string;
  readonly redirected = false;
  readonly type = "basic";
  constructor(body?: BodyInit, init: { status?: number; statusText?: string; headers?: HeaderInit } = {}, url = "") {
    super(bodyToText(body));
    this.status = init.status ?? 200;
    this.statusText = init.statusText ?? "";
    this.headers = new Headers(init.headers);
    this.ok = this.status >= 200 && this.status < 300;
    this.url = url;
  }
  static json(data: unknown, init: { status?: number; headers?: HeaderInit } = {}): Response {
    const headers = new Headers(init.headers);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
    return new Response(JSON.stringify(data), { ...init, headers });
  }
  clone(): Response {
    return new Response(this.bodyText, { status: this.status, statusText: this.statusText, headers: this.headers }, this.url);
  }
}

interface Answer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  delayMs: number;
}

export function create(env: UnitEnv): Record<string, unknown> {
  const text = env.unit<{ TextDecoder: new () => { decode(b: Uint8Array): string }; TextEncoder: new () => { encode(s: string): Uint8Array } }>("internal/text");
  decodeUtf8 = (b) => new text.TextDecoder().decode(b);
  encodeUtf8 = (s) => new text.TextEncoder().encode(s);
  const setTimer = (globalThis as unknown as { setTimeout(fn: () => void, ms: number): unknown }).setTimeout;

  async function fetch(input: string | { href: string } | Request, init?: { method?: string; headers?: HeaderInit; body?: BodyInit; signal?: { aborted: boolean; reason: unknown } }): Promise<Response> {
    const request = new Request(input, init);
    const signal = init?.signal;
    if (signal?.aborted) throw signal.reason;
    // The host matches the scenario's fixtures and records the exchange on the hook's card.
    let answer: Answer;
    try {
      answer = env.call("fetch", { method: request.method, url: request.url, headers: request.headers._plain(), body: request._body() }) as Answer;
    } catch (error) {
      // Node's fetch rejects with a TypeError when a request cannot be made.
      throw new TypeError((error as Error).message);
    }
    if (answer.delayMs > 0) await new Promise<void>((resolve) => setTimer(resolve, answer.delayMs));
    if (signal?.aborted) throw signal.reason;
    return new Response(answer.body, { status: answer.status, statusText: answer.statusText, headers: answer.headers }, request.url);
  }
  return { fetch, Headers, Request, Response };
}
