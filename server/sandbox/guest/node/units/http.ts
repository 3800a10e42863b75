import type { UnitEnv } from "../unitEnv";

/**
 * Guest units `http` / `https`: `request` and `get` over the scenario's HTTP fixtures, through
 * the same host service as `fetch` (recorded on the hook's card). A ClientRequest collects what
 * is written and sends on `end()`; its `response` is an IncomingMessage that emits `data` and
 * `end` (and can be read with `for await`). No socket exists: servers and agents are refused.
 */

type Emitter = Record<string, unknown> & { emit(name: string, ...args: unknown[]): boolean; on(name: string, fn: (...a: unknown[]) => void): unknown };
type Ctor = new () => Emitter;

interface Answer {
  status: number;
  statusText: string;
  headers: Record<string, string>;
  body: string;
  delayMs: number;
}

interface RequestOptions {
  protocol?: string;
  hostname?: string;
  host?: string;
  port?: number | string;
  path?: string;
  method?: string;
  headers?: Record<string, string | number | string[]>;
}

export function createHttp(env: UnitEnv, scheme: "http:" | "https:"): Record<string, unknown> {
  const EventEmitter = env.unit<Ctor>("events");
  const { Buffer } = env.unit<{ Buffer: { from(s: string): Uint8Array & { toString(enc?: string): string } } }>("buffer");
  const setTimer = (globalThis as unknown as { setTimeout(fn: () => void, ms: number): unknown }).setTimeout;

  const urlOf = (input: unknown, options: RequestOptions): string => {
    if (typeof input === "string") return input;
    if (typeof input === "object" && input !== null && typeof (input as { href?: unknown }).href === "string") return (input as { href: string }).href;
    const o = { ...(input as RequestOptions), ...options };
    const protocol = o.protocol ?? scheme;
    const host = o.hostname ?? o.host ?? "localhost";
    const port = o.port !== undefined && String(o.port) !== (protocol === "https:" ? "443" : "80") ? `:${String(o.port)}` : "";
    return `${protocol}//${host}${port}${o.path ?? "/"}`;
  };

  function request(input: unknown, optionsOrCallback?: unknown, maybeCallback?: unknown): Emitter {
    const options = (typeof optionsOrCallback === "object" && optionsOrCallback !== null ? optionsOrCallback : typeof input === "object" && input !== null && !("href" in input) ? input : {}) as RequestOptions;
    const callback = typeof optionsOrCallback === "function" ? optionsOrCallback : maybeCallback;
    const url = urlOf(input, typeof input === "string" || (typeof input === "object" && input !== null && "href" in input) ? options : {});
    const method = String(options.method ?? "GET").toUpperCase();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : String(v);
    const chunks: string[] = [];
    const req = new EventEmitter();
    let ended = false;
    let aborted = false;
    if (typeof callback === "function") req.on("response", callback as (...a: unknown[]) => void);
    Object.assign(req, {
      method,
      path: new URL(url).pathname + new URL(url).search,
      host: new URL(url).hostname,
      setHeader: (name: string, value: unknown) => {
        headers[name.toLowerCase()] = String(value);
      },
      getHeader: (name: string) => headers[name.toLowerCase()],
      removeHeader: (name: string) => {
        delete headers[name.toLowerCase()];
      },
      write(chunk: unknown) {
        chunks.push(typeof chunk === "string" ? chunk : Buffer.from(chunk as string).toString());
        return true;
      },
      setTimeout: () => req,
      destroy(error?: unknown) {
        aborted = true;
        if (error) queueMicrotask(() => req.emit("error", error));
        return req;
      },
      abort() {
        aborted = true;
      },
      end(chunk?: unknown) {
        if (ended) return req;
        ended = true;
        if (chunk !== undefined && chunk !== null && typeof chunk !== "function") (req.write as (c: unknown) => boolean)(chunk);
        const body = chunks.length > 0 ? chunks.join("") : undefined;
        let answer: Answer;
        try {
          answer = env.call("fetch", { method, url, headers, ...(body !== undefined ? { body } : {}) }) as Answer;
        } catch (error) {
          const e = Object.assign(new Error((error as Error).message), { code: "ENOTFOUND" });
          queueMicrotask(() => req.emit("error", e));
          return req;
        }
        setTimer(() => {
          if (aborted) return;
          const res = new EventEmitter();
          let encoding: string | null = null;
          Object.assign(res, {
            statusCode: answer.status,
            statusMessage: answer.statusText,
            headers: { ...answer.headers },
            url,
            setEncoding: (enc: string) => {
              encoding = enc;
              return res;
            },
            resume: () => res,
            [Symbol.asyncIterator]: async function* () {
              yield encoding ? answer.body : Buffer.from(answer.body);
            },
          });
          req.emit("response", res);
          queueMicrotask(() => {
            if (answer.body !== "") res.emit("data", encoding ? answer.body : Buffer.from(answer.body));
            res.emit("end");
            req.emit("close");
          });
        }, answer.delayMs);
        return req;
      },
    });
    return req;
  }
  const refused = (name: string) =>
    function refusedHttp(): never {
      throw new Error(`http.${name} is not available in the sandbox: there is no network; requests are answered from the scenario's HTTP fixtures`);
    };
  return {
    request,
    get(input: unknown, options?: unknown, callback?: unknown) {
      const req = request(input, options, callback);
      (req.end as () => unknown)();
      return req;
    },
    createServer: refused("createServer"),
    Agent: refused("Agent"),
    globalAgent: {},
    METHODS: ["DELETE", "GET", "HEAD", "OPTIONS", "PATCH", "POST", "PUT"],
    STATUS_CODES: { 200: "OK", 201: "Created", 204: "No Content", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 500: "Internal Server Error" },
  };
}

export function create(env: UnitEnv): Record<string, unknown> {
  return createHttp(env, "http:");
}
