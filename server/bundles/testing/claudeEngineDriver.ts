/**
 * Runs the REAL Claude Code engine once against a local scripted model server (semantics.md §3f).
 * Meant to run inside `unshare -rn` (a network namespace with loopback only, brought up by the
 * caller), so nothing can leave the machine: the model server and the engine share that namespace.
 *
 * Usage: node --import tsx claudeEngineDriver.ts CONFIG.json  →  prints one JSON line:
 * `{ code, stdout, stderr, modelCalls: [request bodies] }`.
 *
 * CONFIG: `{ engine, args, cwd, home, replies }`: the engine binary, its arguments (the prompt,
 * `--plugin-dir`, …), the working folder, a fresh HOME, and the model's replies in order. Requests
 * without tools (the engine's side calls: titles, quota checks) are answered with a short text and
 * do not use up a scripted reply.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { anthropicProtocol, type FakeAnthropicReply } from "../../providers/testing/fakeAnthropic";

interface Config {
  engine: string;
  args: string[];
  cwd: string;
  home: string;
  replies: FakeAnthropicReply[];
}

const config = JSON.parse(readFileSync(process.argv[2] ?? "", "utf8")) as Config;
const modelCalls: unknown[] = [];
const sideCalls: unknown[] = [];
let next = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    if (req.method !== "POST" || !(req.url ?? "").startsWith("/v1/messages")) {
      res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "not here" } }));
      return;
    }
    const body = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as { tools?: unknown[]; stream?: boolean };
    if ((req.url ?? "").includes("count_tokens")) {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ input_tokens: 10 }));
      return;
    }
    const scripted = Array.isArray(body.tools) && body.tools.length > 0;
    if (scripted) modelCalls.push(body);
    else sideCalls.push(body);
    const reply: FakeAnthropicReply = scripted ? (config.replies[next++] ?? { content: [{ type: "text", text: "(no more scripted replies)" }] }) : { content: [{ type: "text", text: "ok" }] };
    if (body.stream === false) {
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({ id: "msg_side", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: reply.content, stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 10, output_tokens: 5 } }),
      );
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    for (const e of anthropicProtocol.events(reply, body)) res.write(`event: ${e.event ?? "message"}\ndata: ${JSON.stringify(e.data)}\n\n`);
    res.end();
  });
});

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  const child = spawn(config.engine, config.args, {
    cwd: config.cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: config.home,
      TMPDIR: config.home,
      ANTHROPIC_BASE_URL: `http://127.0.0.1:${port}`,
      ANTHROPIC_API_KEY: "dummy",
      DISABLE_TELEMETRY: "1",
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
      DISABLE_AUTOUPDATER: "1",
      DISABLE_ERROR_REPORTING: "1",
      // Only these variables: Next's ProcessEnv type insists on NODE_ENV, which the engine must not get.
    } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  child.on("close", (code) => {
    process.stdout.write(`${JSON.stringify({ code, stdout, stderr, modelCalls, sideCalls: sideCalls.length })}\n`);
    server.close();
    process.exit(0);
  });
});
