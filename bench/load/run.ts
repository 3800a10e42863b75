/**
 * bench/load: how the production server answers reads while runs execute.
 *
 * Starts the app the way `npm start` does (scripts/start.mjs: build if a source changed, migrate
 * and seed, `next start`) on its own port, build folder and throw-away database. Then, for
 * N = 0, 10 and 50 runs started at once (a Vellum pipeline with one hook, 21 model calls and
 * 20 tool calls of 5 KB each), CONCURRENCY clients read (pipelines.list and runs.list,
 * alternately) from the first start until the N runs have all ended (N = 0: for WINDOW_MS),
 * and it reports the reads' rate and latency.
 * A last round adds a hook spinning at a 60 s limit next to 10 runs (the hostile case of
 * issue 10; with HOOKWRIGHT_RUN_WORKERS=1 the 10 runs wait for it). Finally it stops the server with SIGTERM and reports how long it took to exit.
 *
 * Prints JSON. Run it under the shared lock (it builds):
 *   flock /tmp/hw-heavy.lock npm run bench:load
 * Env: BENCH_PORT (default: a free port), HOOKWRIGHT_DIST_DIR (default .next-bench-load),
 * HOOKWRIGHT_RUN_WORKERS (passed on to the server), CONCURRENCY (default 4), WINDOW_MS (default 3000).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const distDir = process.env.HOOKWRIGHT_DIST_DIR ?? ".next-bench-load";
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const windowMs = Number(process.env.WINDOW_MS ?? 3000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { p50Ms: round(at(0.5)), p95Ms: round(at(0.95)), maxMs: round(s[s.length - 1] ?? 0) };
}

const toolRounds = 20;
const scenario = {
  name: "load",
  prompt: "Look five things up.",
  system: "You are a helpful assistant.",
  model: {
    kind: "scripted",
    responses: [
      ...Array.from({ length: toolRounds }, (_, i) => ({ content: [{ type: "tool_use", id: `toolu_${i}`, name: "search", input: { q: `q${i}` } }], stopReason: "tool_use" })),
      { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
    ],
  },
  tools: [{ name: "search", description: "", inputSchema: { type: "object" }, handler: "export default function (input) { return `found ${input.q}: ` + 'x'.repeat(5000); }\n" }],
};

const hook = (id: string, code: string) => ({ id, point: "pre-model-call", name: id, enabled: true, code });

class Api {
  constructor(private readonly base: string) {}

  private async send(procedure: string, init: RequestInit & { query?: unknown }): Promise<unknown> {
    const url = init.query === undefined ? `${this.base}/api/trpc/${procedure}` : `${this.base}/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: init.query }))}`;
    const response = await fetch(url, init);
    const body = (await response.json()) as { result?: { data: { json: unknown } }; error?: { json: { message: string } } };
    if (!response.ok || !body.result) throw new Error(`${procedure}: ${response.status} ${body.error?.json.message ?? ""}`);
    return body.result.data.json;
  }

  query<T>(procedure: string, input?: unknown): Promise<T> {
    return this.send(procedure, { method: "GET", query: input }) as Promise<T>;
  }

  mutate<T>(procedure: string, input: unknown): Promise<T> {
    return this.send(procedure, {
      method: "POST",
      // A same-origin request, as the app's own page sends it.
      headers: { "content-type": "application/json", origin: this.base },
      body: JSON.stringify({ json: input }),
    }) as Promise<T>;
  }
}

async function waitForServer(api: Api, server: ReturnType<typeof spawn>): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (code ${server.exitCode}) before answering`);
    try {
      await api.query("pipelines.list");
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  throw new Error("the server did not answer within 6 minutes");
}

interface Row {
  id: string;
  status: string;
  exitReason: string | null;
}

/** Reads from `concurrency` clients until `until()` holds; every read's latency. */
async function readWhile(api: Api, pipelineId: string, until: () => Promise<boolean> | boolean): Promise<{ latencies: number[]; seconds: number }> {
  const latencies: number[] = [];
  let stop = false;
  const t0 = performance.now();
  const client = async (k: number) => {
    for (let i = k; !stop; i++) {
      const t = performance.now();
      if (i % 2 === 0) await api.query("pipelines.list");
      else await api.query("runs.list", { pipelineId, limit: 50 });
      latencies.push(performance.now() - t);
    }
  };
  const clients = Array.from({ length: concurrency }, (_, k) => client(k));
  while (!(await until())) await new Promise((r) => setTimeout(r, 50));
  stop = true;
  await Promise.all(clients);
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}

async function round(api: Api, pipelineId: string, runs: number, extra?: { pipelineId: string }) {
  if (extra) await api.mutate("runs.start", { pipelineId: extra.pipelineId, scenarioName: scenario.name });
  const started = performance.now();
  // The readers start with the runs: the starts are part of the load.
  let ids: string[] | null = null;
  const starting = Promise.all(Array.from({ length: runs }, () => api.mutate<{ runId: string }>("runs.start", { pipelineId, scenarioName: scenario.name }).then((r) => r.runId))).then(
    (started) => (ids = started),
  );
  let runsSeconds = 0;
  const ended = async () => {
    if (runs === 0) return performance.now() - started >= windowMs;
    if (ids === null) return false;
    const rows = await api.query<Row[]>("runs.list", { pipelineId, limit: 500 });
    const mine = rows.filter((r) => ids?.includes(r.id));
    const done = mine.length === runs && mine.every((r) => r.status !== "running");
    if (done && runsSeconds === 0) runsSeconds = (performance.now() - started) / 1000;
    return done;
  };
  const { latencies, seconds } = await readWhile(api, pipelineId, ended);
  const mine = await starting;
  const rows = (await api.query<Row[]>("runs.list", { pipelineId, limit: 500 })).filter((r) => mine.includes(r.id));
  const completed = rows.filter((r) => r.status === "finished" && r.exitReason === "no_tool_calls").length;
  return {
    runs,
    ...(extra ? { plusSpinningHook: true } : {}),
    reads: latencies.length,
    readsPerSecond: Math.round(latencies.length / seconds),
    ...stats(latencies),
    ...(runs > 0 ? { runsCompleted: completed, runsSeconds: Math.round(runsSeconds * 100) / 100 } : {}),
  };
}

async function main() {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const folder = mkdtempSync(path.join(tmpdir(), "hookwright-bench-load-"));
  const base = `http://127.0.0.1:${port}`;
  const api = new Api(base);
  const env = { ...process.env, PORT: String(port), HOST: "127.0.0.1", HOOKWRIGHT_DIST_DIR: distDir, HOOKWRIGHT_DB: path.join(folder, "bench.db"), NEXT_TELEMETRY_DISABLED: "1" };
  // The build's output goes to stderr so stdout stays the JSON result.
  const server = spawn(process.execPath, [path.join(root, "scripts", "start.mjs")], { cwd: root, env, stdio: ["ignore", process.stderr, process.stderr] });
  try {
    await waitForServer(api, server);
    const create = (name: string, hooks: ReturnType<typeof hook>[], limits?: { timeoutMs: number; memoryMiB: number }) =>
      api.mutate<{ id: string }>("pipelines.create", {
        from: "document",
        // The spinning pipeline's turn has one model call, so its hook spins once (60 s), not at every call.
        document: { format: "hookwright.pipeline/v1", name, profile: "vellum", hooks, scenarios: [limits ? { ...scenario, tools: [], model: { kind: "scripted", responses: scenario.model.responses.slice(-1) } } : scenario], ...(limits ? { limits } : {}) },
      });
    const pipeline = await create("Load", [hook("concise", 'export default function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise."; }\n')]);
    const spin = await create("Spin", [hook("spin", "export default async function () { for (;;) {} }\n")], { timeoutMs: 60_000, memoryMiB: 64 });

    await round(api, pipeline.id, 5); // warm-up: the worker bundle, QuickJS, the route's first compile
    const results = [];
    for (const n of [0, 10, 50]) results.push(await round(api, pipeline.id, n));
    results.push(await round(api, pipeline.id, 10, { pipelineId: spin.id }));

    const stopping = performance.now();
    server.kill("SIGTERM");
    const exitCode = await new Promise<number | null>((resolve) => server.once("exit", (code) => resolve(code)));
    const shutdown = { signal: "SIGTERM", exitCode, exitMs: Math.round(performance.now() - stopping) };
    console.log(JSON.stringify({ bench: "load", build: distDir, concurrency, runWorkers: process.env.HOOKWRIGHT_RUN_WORKERS ?? "default", results, shutdown }, null, 2));
  } finally {
    if (server.exitCode === null) server.kill("SIGKILL");
    rmSync(folder, { recursive: true, force: true });
  }
}

await main();
