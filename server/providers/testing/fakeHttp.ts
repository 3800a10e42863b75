import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A real HTTP server on 127.0.0.1 (any free port) for tests: it records every request and
 * answers each with the next scripted answer, so a provider goes through its real SDK, its real
 * HTTP client and real SSE parsing. Only the other end of the wire is scripted.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: unknown;
}

/** What the server answers a model call with (its protocol module turns `stream` into its own SSE). */
export type FakeAnswer<TStream> =
  | { kind: "stream"; reply: TStream; chunkDelayMs?: number }
  | { kind: "status"; status: number; body: unknown; headers?: Record<string, string> }
  /** Accepts the request and never answers (a timeout). */
  | { kind: "hang" }
  /** Status 200 with a body that is not the protocol's answer. */
  | { kind: "raw"; status: number; contentType: string; body: string };

export interface FakeServer<TStream> {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Model calls only (what reached the model endpoint). */
  modelCalls(): RecordedRequest[];
  /** Answers for the next model calls, in order (the last repeats when `repeatLast`). */
  script(answers: FakeAnswer<TStream>[], options?: { repeatLast?: boolean }): void;
  close(): Promise<void>;
}

export interface Protocol<TStream> {
  modelPath: string;
  modelsPath: string;
  /** The models listing body. */
  models(ids: readonly string[]): unknown;
  /** The SSE events (name and data) of a streamed reply to `request`. */
  events(reply: TStream, request: unknown): { event?: string; data: unknown }[];
  /** The error body of a status the test did not give one for. */
  errorBody(status: number, message: string): unknown;
  /** Whether this request carries the expected key (401 otherwise). */
  authorized(headers: IncomingMessage["headers"], key: string | null): boolean;
}

export async function startFakeServer<TStream>(protocol: Protocol<TStream>, options: { key?: string | null; models?: readonly string[] } = {}): Promise<FakeServer<TStream>> {
  const requests: RecordedRequest[] = [];
  let answers: FakeAnswer<TStream>[] = [];
  let repeatLast = false;
  const hanging = new Set<ServerResponse>();
  const key = options.key ?? null;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      let body: unknown = null;
      try {
        body = text === "" ? null : JSON.parse(text);
      } catch {
        body = text;
      }
      const path = (req.url ?? "/").split("?")[0] ?? "/";
      requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
      if (!protocol.authorized(req.headers, key)) return json(res, 401, protocol.errorBody(401, "invalid x-api-key"));
      if (req.method === "GET" && path === protocol.modelsPath) return json(res, 200, protocol.models(options.models ?? []));
      if (req.method !== "POST" || path !== protocol.modelPath) return json(res, 404, protocol.errorBody(404, `no route ${req.method} ${path}`));
      const answer = repeatLast && answers.length === 1 ? answers[0] : answers.shift();
      if (!answer) return json(res, 500, protocol.errorBody(500, "the fake server has no scripted answer left"));
      void respond(res, answer, body);
    });
  });

  async function respond(res: ServerResponse, answer: FakeAnswer<TStream>, request: unknown): Promise<void> {
    switch (answer.kind) {
      case "status":
        return json(res, answer.status, answer.body ?? protocol.errorBody(answer.status, `status ${answer.status}`), answer.headers);
      case "hang":
        hanging.add(res);
        res.on("close", () => hanging.delete(res));
        return;
      case "raw":
        res.writeHead(answer.status, { "content-type": answer.contentType });
        res.end(answer.body);
        return;
      case "stream": {
        res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
        for (const e of protocol.events(answer.reply, request)) {
          if (res.destroyed) return;
          res.write(`${e.event ? `event: ${e.event}\n` : ""}data: ${typeof e.data === "string" ? e.data : JSON.stringify(e.data)}\n\n`);
          if (answer.chunkDelayMs) await new Promise((r) => setTimeout(r, answer.chunkDelayMs));
        }
        res.end();
        return;
      }
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    modelCalls: () => requests.filter((r) => r.path === protocol.modelPath),
    script(next, scriptOptions) {
      answers = [...next];
      repeatLast = scriptOptions?.repeatLast ?? false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { "content-type": "application/json", ...headers });
  res.end(JSON.stringify(body));
}

/** Splits text into pieces of `size` characters (the deltas a stream sends). */
export function pieces(text: string, size: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out.length > 0 ? out : [""];
}
