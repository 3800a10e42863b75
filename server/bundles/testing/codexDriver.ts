/**
 * Runs the REAL Codex CLI once (`codex exec`, headless) against a local scripted Responses-API
 * server (../shared/reference/codex.md §2-§3). Meant to run inside `unshare -rn` (loopback only,
 * brought up by the caller): the model server and Codex share that namespace, so nothing can leave
 * the machine.
 *
 * Usage: node --import tsx codexDriver.ts CONFIG.json  →  prints one JSON line (a {@link DriverOutput}).
 *
 * The config's `configToml` holds `__PORT__` where the server's port goes; it is written to
 * `$CODEX_HOME/config.toml` once the server listens. When the scripted replies run out, the request
 * that finds none is recorded and Codex is killed: that is how a run bounded by its script ends
 * (Codex never stops an always-blocking Stop hook by itself, codex.md fact 21).
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

/** One output item of a scripted reply, as Codex takes it from `response.output_item.done`. */
export type ResponsesItem = { type: "message"; text: string } | { type: "function_call"; callId: string; name: string; arguments: string };

export interface DriverConfig {
  codex: string;
  args: string[];
  cwd: string;
  env: Record<string, string>;
  codexHome: string;
  configToml: string;
  replies: ResponsesItem[][];
  /** Kill Codex after this long (a hung run must not hang the test). */
  timeoutMs: number;
}

export interface DriverOutput {
  code: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Every `POST /v1/responses` body, in order (the last one found no reply when `exhausted`). */
  requests: unknown[];
  /** Requests to any other path (none expected, codex.md §2). */
  otherRequests: string[];
  /** The scripted replies ran out and Codex was killed. */
  exhausted: boolean;
  timedOut: boolean;
}

function sse(res: ServerResponse, n: number, items: ResponsesItem[]): void {
  const send = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
  const id = `resp_${n}`;
  send({ type: "response.created", response: { id } });
  items.forEach((item, i) => {
    const wire =
      item.type === "message"
        ? { type: "message", role: "assistant", id: `msg_${n}_${i}`, content: [{ type: "output_text", text: item.text, annotations: [] }] }
        : { type: "function_call", id: `fc_${n}_${i}`, call_id: item.callId, name: item.name, arguments: item.arguments };
    send({ type: "response.output_item.added", output_index: i, item: wire });
    if (item.type === "message") send({ type: "response.output_text.delta", output_index: i, content_index: 0, delta: item.text });
    send({ type: "response.output_item.done", output_index: i, item: wire });
  });
  send({ type: "response.completed", response: { id, usage: { input_tokens: 10, output_tokens: 5, total_tokens: 15 } } });
  res.end();
}

const config = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as DriverConfig;
const requests: unknown[] = [];
const otherRequests: string[] = [];
let exhausted = false;
let kill: () => void = () => undefined;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.method !== "POST" || !(req.url ?? "").startsWith("/v1/responses")) {
      otherRequests.push(`${req.method ?? "?"} ${req.url ?? "?"}`);
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not here" } }));
      return;
    }
    requests.push(JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}"));
    const reply = config.replies[requests.length - 1];
    if (!reply) {
      exhausted = true;
      res.writeHead(500).end();
      kill();
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    sse(res, requests.length, reply);
  });
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  writeFileSync(join(config.codexHome, "config.toml"), config.configToml.replaceAll("__PORT__", String(port)));
  // Only these variables: Next's ProcessEnv type insists on NODE_ENV, which Codex must not get.
  const child = spawn(config.codex, config.args, { cwd: config.cwd, env: config.env as unknown as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  let timedOut = false;
  kill = () => child.kill("SIGKILL");
  const timer = setTimeout(() => {
    timedOut = true;
    kill();
  }, config.timeoutMs);
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.on("close", (code, signal) => {
    clearTimeout(timer);
    const out: DriverOutput = { code, signal, stdout, stderr, requests, otherRequests, exhausted, timedOut };
    server.close();
    // A pipe takes a large write asynchronously: exit only once it is flushed.
    process.stdout.write(`${JSON.stringify(out)}\n`, () => process.exit(0));
  });
});
