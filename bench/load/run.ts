/**
 * bench/load: how the production server answers reads while runs execute, on SQLite (one
 * process, as `npm start` runs) and on PostgreSQL (a team: one web instance and two
 * `hookwright worker` processes, docs/deploy.md).
 *
 * SQLite: starts the app the way `npm start` does (scripts/start.mjs: build if a source changed,
 * migrate and seed, `next start`) on its own port, build folder and throw-away database; runs
 * execute on the server's own pool of HOOKWRIGHT_RUN_WORKERS threads.
 * PostgreSQL: a throw-away cluster (scripts/pgCluster.mjs), one web instance
 * (`scripts/start.mjs --no-build` on the same build, DATABASE_URL and a random HOOKWRIGHT_SECRET)
 * and 2 workers (`node bin/hookwright.mjs worker`), for each thread count per worker in
 * BENCH_PG_THREADS (default: half the SQLite pool, so both have the same run threads in all, and
 * the SQLite pool's size, as a worker gets by default).
 *
 * Each round starts N runs at once (a Vellum pipeline with one hook, 21 model calls and 20 tool
 * calls of 5 KB each) while CONCURRENCY clients read (pipelines.list and runs.list, alternately)
 * from the first start until the N runs have all ended (N = 0: for WINDOW_MS). It reports the
 * reads' rate and latency and runs/s: N divided by the time from the first start to the last
 * run's end (its stored finishedAt). Rounds: N = 0, 10, 50 on both; on SQLite a last round adds a
 * hook spinning at a 60 s limit next to 10 runs (the hostile case of issue 10). Finally it stops
 * each process with SIGTERM and reports how long it took to exit.
 *
 * Prints one JSON document. Run it under the shared lock (it may build):
 *   flock /tmp/hw-heavy.lock npm run bench:load [-- --store sqlite|postgres|both]
 * Env: BENCH_STORE (as --store; default both), BENCH_PG_THREADS (threads per worker, a comma
 * list), BENCH_PORT (default: a free port), HOOKWRIGHT_DIST_DIR (default .next-bench-load),
 * HOOKWRIGHT_RUN_WORKERS (the SQLite server's pool), CONCURRENCY (default 4), WINDOW_MS (default 3000).
 */
import { type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import path from "node:path";
import { startCluster } from "../../scripts/pgCluster.mjs";
import { runPoolConfigFromEnv } from "../../server/runs/workers/config";
import { freePort, killNode, root, startNode, startNodeUntil, stopNode, type Shutdown } from "./processes";

const distDir = process.env.HOOKWRIGHT_DIST_DIR ?? ".next-bench-load";
const concurrency = Number(process.env.CONCURRENCY ?? 4);
const windowMs = Number(process.env.WINDOW_MS ?? 3000);
const teamWorkers = 2;

type StoreChoice = "sqlite" | "postgres" | "both";

function storeChoice(): StoreChoice {
  const flag = process.argv.indexOf("--store");
  const raw = (flag >= 0 ? process.argv[flag + 1] : process.env.BENCH_STORE) ?? "both";
  if (raw === "sqlite" || raw === "postgres" || raw === "both") return raw;
  throw new Error(`bench/load: --store (or BENCH_STORE) is sqlite, postgres or both, not "${raw}"`);
}

/** Threads per team worker: BENCH_PG_THREADS, else half the SQLite pool (the same threads in all) and the pool's size. */
function pgThreadCounts(sqlitePool: number): number[] {
  const raw = process.env.BENCH_PG_THREADS;
  if (raw) {
    const counts = raw.split(",").map((s) => Number(s.trim()));
    if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 64)) throw new Error(`bench/load: BENCH_PG_THREADS is a comma list of whole numbers from 1 to 64, not "${raw}"`);
    return counts;
  }
  return [...new Set([Math.max(1, Math.ceil(sqlitePool / teamWorkers)), sqlitePool])];
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

  createPipeline(name: string, hooks: ReturnType<typeof hook>[], limits?: { timeoutMs: number; memoryMiB: number }) {
    return this.mutate<{ id: string }>("pipelines.create", {
      from: "document",
      // The spinning pipeline's turn has one model call, so its hook spins once (60 s), not at every call.
      document: { format: "hookwright.pipeline/v1", name, profile: "vellum", hooks, scenarios: [limits ? { ...scenario, tools: [], model: { kind: "scripted", responses: scenario.model.responses.slice(-1) } } : scenario], ...(limits ? { limits } : {}) },
    });
  }
}

async function waitForServer(api: Api, server: ChildProcess): Promise<void> {
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
  /** A Date on the server; superjson sends it as an ISO string. */
  finishedAt: string | null;
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

interface RoundResult {
  runs: number;
  plusSpinningHook?: true;
  reads: number;
  readsPerSecond: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  runsCompleted?: number;
  runsSeconds?: number;
  runsPerSecond?: number;
}

async function round(api: Api, pipelineId: string, runs: number, extra?: { pipelineId: string }): Promise<RoundResult> {
  if (extra) await api.mutate("runs.start", { pipelineId: extra.pipelineId, scenarioName: scenario.name });
  // Wall-clock, to compare with the runs' finishedAt (stamped by the server or worker on this machine).
  const firstStart = Date.now();
  // The readers start with the runs: the starts are part of the load.
  let ids: string[] | null = null;
  const starting = Promise.all(Array.from({ length: runs }, () => api.mutate<{ runId: string }>("runs.start", { pipelineId, scenarioName: scenario.name }).then((r) => r.runId))).then(
    (started) => (ids = started),
  );
  const ended = async () => {
    if (runs === 0) return Date.now() - firstStart >= windowMs;
    if (ids === null) return false;
    const rows = await api.query<Row[]>("runs.list", { pipelineId, limit: 500 });
    const mine = rows.filter((r) => ids?.includes(r.id));
    return mine.length === runs && mine.every((r) => r.status !== "running");
  };
  const { latencies, seconds } = await readWhile(api, pipelineId, ended);
  const mine = await starting;
  const rows = (await api.query<Row[]>("runs.list", { pipelineId, limit: 500 })).filter((r) => mine.includes(r.id));
  const completed = rows.filter((r) => r.status === "finished" && r.exitReason === "no_tool_calls").length;
  const lastEnd = Math.max(...rows.map((r) => (r.finishedAt ? new Date(r.finishedAt).getTime() : Date.now())));
  const runsSeconds = (lastEnd - firstStart) / 1000;
  return {
    runs,
    ...(extra ? { plusSpinningHook: true as const } : {}),
    reads: latencies.length,
    readsPerSecond: Math.round(latencies.length / seconds),
    ...stats(latencies),
    ...(runs > 0 ? { runsCompleted: completed, runsSeconds: Math.round(runsSeconds * 100) / 100, runsPerSecond: Math.round((runs / runsSeconds) * 10) / 10 } : {}),
  };
}

/** Warm-up (every thread's bundle and QuickJS, the routes' first compile), then N = 0, 10, 50. */
async function rounds(api: Api, pipelineId: string, runThreads: number): Promise<RoundResult[]> {
  await round(api, pipelineId, Math.max(5, 2 * runThreads));
  const results: RoundResult[] = [];
  for (const n of [0, 10, 50]) results.push(await round(api, pipelineId, n));
  return results;
}

/** Without DATABASE_URL or HOOKWRIGHT_DB from the caller's shell: each setup says which store it uses. */
function baseEnv(): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, HOOKWRIGHT_DB: _db, ...env } = process.env;
  return { ...env, HOOKWRIGHT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
}

async function benchSqlite(pool: number) {
  const port = Number(process.env.BENCH_PORT ?? (await freePort()));
  const folder = mkdtempSync(path.join(tmpdir(), "hookwright-bench-load-"));
  const api = new Api(`http://127.0.0.1:${port}`);
  const env = { ...baseEnv(), PORT: String(port), HOST: "127.0.0.1", HOOKWRIGHT_DB: path.join(folder, "bench.db") };
  const server = startNode([path.join(root, "scripts", "start.mjs")], env);
  try {
    await waitForServer(api, server);
    const pipeline = await api.createPipeline("Load", [hook("concise", 'export default function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise."; }\n')]);
    const spin = await api.createPipeline("Spin", [hook("spin", "export default async function () { for (;;) {} }\n")], { timeoutMs: 60_000, memoryMiB: 64 });
    const results = await rounds(api, pipeline.id, pool);
    results.push(await round(api, pipeline.id, 10, { pipelineId: spin.id }));
    const shutdown = await stopNode(server);
    return { processes: "1 (npm start: next start with its run pool)", runWorkers: pool, results, shutdown };
  } finally {
    killNode(server);
    rmSync(folder, { recursive: true, force: true });
  }
}

async function benchPostgres(threadsPerWorker: number) {
  const cluster = await startCluster({ database: "hookwright_bench" });
  const children: ChildProcess[] = [];
  try {
    const port = Number(process.env.BENCH_PORT ?? (await freePort()));
    const api = new Api(`http://127.0.0.1:${port}`);
    // Every instance and worker of a team shares the secret that seals provider keys.
    const env = { ...baseEnv(), DATABASE_URL: cluster.url, HOOKWRIGHT_SECRET: randomBytes(32).toString("hex") };
    const web = startNode([path.join(root, "scripts", "start.mjs"), "--no-build"], { ...env, PORT: String(port), HOST: "127.0.0.1" });
    children.push(web);
    await waitForServer(api, web); // it has migrated the database by now
    const workers = Array.from({ length: teamWorkers }, () =>
      startNodeUntil([path.join(root, "bin", "hookwright.mjs"), "worker"], { ...env, HOOKWRIGHT_RUN_WORKERS: String(threadsPerWorker) }, "taking runs", 120_000),
    );
    children.push(...workers.map((w) => w.child));
    await Promise.all(workers.map((w) => w.ready));
    const pipeline = await api.createPipeline("Load", [hook("concise", 'export default function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe concise."; }\n')]);
    const results = await rounds(api, pipeline.id, teamWorkers * threadsPerWorker);
    const workerShutdowns: Shutdown[] = [];
    for (const w of workers) workerShutdowns.push(await stopNode(w.child));
    const webShutdown = await stopNode(web);
    return {
      processes: `1 web (next start) + ${teamWorkers} hookwright worker`,
      webInstances: 1,
      workers: teamWorkers,
      threadsPerWorker,
      runThreads: teamWorkers * threadsPerWorker,
      clusterStartMs: cluster.timings.total,
      results,
      shutdown: { web: webShutdown, workers: workerShutdowns },
    };
  } finally {
    for (const child of children) killNode(child);
    await cluster.stop();
  }
}

type Outcome<T> = T | { failed: string };

async function attempt<T>(what: string, job: () => Promise<T>): Promise<Outcome<T>> {
  try {
    return await job();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    console.error(`bench/load: ${what} failed: ${message}`);
    process.exitCode = 1;
    return { failed: message };
  }
}

/** runs/s and read p95 per N, side by side. */
function summary(sqlite: Outcome<{ results: RoundResult[] }> | undefined, postgres: Outcome<{ threadsPerWorker: number; results: RoundResult[] }>[]) {
  const pick = (results: RoundResult[], n: number) => {
    const r = results.find((x) => x.runs === n && !x.plusSpinningHook);
    return r ? { runsPerSecond: r.runsPerSecond, readP95Ms: r.p95Ms, readsPerSecond: r.readsPerSecond } : null;
  };
  return [10, 50].map((n) => ({
    runs: n,
    ...(sqlite && "results" in sqlite ? { sqlite: pick(sqlite.results, n) } : {}),
    postgres: postgres.flatMap((p) => ("results" in p ? [{ threadsPerWorker: p.threadsPerWorker, ...pick(p.results, n) }] : [])),
  }));
}

async function main() {
  const choice = storeChoice();
  // The pool the SQLite server sizes itself from the same environment (docs/sandbox.md).
  const pool = runPoolConfigFromEnv().workers;
  const loadAtStart = loadavg();
  const sqlite = choice === "postgres" ? undefined : await attempt("sqlite", () => benchSqlite(pool));
  const postgres: Outcome<Awaited<ReturnType<typeof benchPostgres>>>[] = [];
  if (choice !== "sqlite") for (const threads of pgThreadCounts(pool)) postgres.push(await attempt(`postgres (${threads} threads per worker)`, () => benchPostgres(threads)));
  const round1 = (xs: number[]) => xs.map((x) => Math.round(x * 100) / 100);
  const machine = { cores: availableParallelism(), loadAverage1_5_15AtStart: round1(loadAtStart), loadAverage1_5_15AtEnd: round1(loadavg()) };
  console.log(
    JSON.stringify(
      {
        bench: "load",
        build: distDir,
        concurrency,
        machine,
        summary: summary(sqlite, postgres),
        ...(sqlite ? { sqlite } : {}),
        ...(choice !== "sqlite" ? { postgres } : {}),
      },
      null,
      2,
    ),
  );
}

await main();
