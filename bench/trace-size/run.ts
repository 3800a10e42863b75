/**
 * bench/trace-size: the tool-heavy turns of issue 11 recorded through the real engine (sandbox +
 * simulator + run service) into a temp database, then measured:
 *   - trace bytes stored (the run_events rows, and the database file) against
 *     2 × (final history size + the sum of the hooks' patch sizes), and what the same trace
 *     takes with every field in full (the v1 way);
 *   - resolving the stored trace (what replay, compare and re-run read);
 *   - in Chromium against a production build: time from the server finishing the run to the
 *     live panel showing "Run ended", the tab's JS heap then, the first jump to the end of the
 *     replay and single steps there.
 * Cases: 96 results of 200 KB (history ≈ 19 MB) and 40 results of 50 KB (≈ 2 MB).
 * Prints JSON. Usage: npx tsx bench/trace-size/run.ts [--no-browser] [--no-build] [--only=2mb|19mb]
 * Env: BENCH_PORT (default 3293), HOOKWRIGHT_DIST_DIR (default .next-bench-trace-size), CHROMIUM.
 * Run it under the shared lock: flock /tmp/hw-heavy.lock npm run bench:trace-size
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { sql } from "drizzle-orm";
import type { RunEndEvent, TraceEvent } from "../../core/trace/events";
import { deltaKeys } from "../../core/trace/resolve";
import { openDatabase } from "../../db/client";
import { openSqliteStore, type SqliteStore } from "../../db/sqlite/sqliteStore";
import { createRunEventBus } from "../../server/runs/eventBus";
import { defaultRunEngine } from "../../server/runs/engine";
import { createRunService } from "../../server/runs/runService";
import { traceSizePipeline } from "./scenario";

const port = Number(process.env.BENCH_PORT ?? 3293);
const distDir = process.env.HOOKWRIGHT_DIST_DIR ?? ".next-bench-trace-size";
const base = `http://127.0.0.1:${port}`;
const progress = (message: string) => process.stderr.write(`bench/trace-size: ${message}\n`);
const mb = (bytes: number) => Math.round((bytes / 1e6) * 100) / 100;
const bytesOf = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

const CASES = [
  { id: "19mb", results: 96, resultBytes: 200_000 },
  { id: "2mb", results: 40, resultBytes: 50_000 },
] as const;

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  const round = (n: number) => Math.round(n * 10) / 10;
  return { n: s.length, p50: round(at(0.5)), p95: round(at(0.95)), max: round(s[s.length - 1] ?? 0) };
}

/** Sizes of one recorded run, from the database as stored. */
async function measureStored(store: SqliteStore, runId: string) {
  const row = store.handle.db.get<{ bytes: number; events: number }>(sql`select sum(length(cast(data as blob))) as bytes, count(*) as events from run_events where run_id = ${runId}`);
  const stored = await store.runs.readAllStoredEvents(runId);
  const t0 = performance.now();
  const resolved = await store.runs.readAllEvents(runId);
  const readResolvedMs = performance.now() - t0;
  const end = resolved.find((e): e is RunEndEvent => e.type === "run.end");
  const finalHistoryBytes = bytesOf(end?.messages ?? []);
  let hookPatchBytes = 0;
  let deltaPatchBytes = 0;
  for (const e of resolved) if (e.type === "hook.end") hookPatchBytes += bytesOf(e.patch);
  for (const e of stored) for (const k of deltaKeys(e)) deltaPatchBytes += bytesOf((e as unknown as Record<string, { patch: unknown }>)[k]?.patch);
  const expandedBytes = resolved.reduce((n, e: TraceEvent) => n + bytesOf(e), 0);
  const storedBytes = row?.bytes ?? 0;
  const target = 2 * (finalHistoryBytes + hookPatchBytes);
  return {
    events: row?.events ?? 0,
    deltas: stored.filter((e) => deltaKeys(e).length > 0).length,
    storedMB: mb(storedBytes),
    expandedMB: mb(expandedBytes),
    finalHistoryMB: mb(finalHistoryBytes),
    hookPatchMB: mb(hookPatchBytes),
    deltaPatchMB: mb(deltaPatchBytes),
    targetMB: mb(target),
    storedOverTarget: Math.round((storedBytes / target) * 100) / 100,
    readResolvedMs: Math.round(readResolvedMs),
    met: storedBytes <= target,
  };
}

async function record(dbFile: string, c: (typeof CASES)[number]) {
  const store = openSqliteStore({ file: dbFile });
  const before = statSync(dbFile).size;
  const pipeline = await store.pipelines.create(traceSizePipeline(c));
  const service = createRunService({ store, bus: createRunEventBus(), engine: defaultRunEngine });
  const t0 = performance.now();
  const { runId } = await service.start({ pipelineId: pipeline.id, scenario: { name: "big-results" } });
  await service.settled(runId);
  const recordMs = performance.now() - t0;
  const row = await store.runs.get(runId);
  if (row?.status !== "finished") throw new Error(`the ${c.id} run did not finish: ${row?.failure ?? row?.status}`);
  store.handle.db.run(sql`pragma wal_checkpoint(TRUNCATE)`);
  const sizes = await measureStored(store, runId);
  const dbGrowthMB = mb(statSync(dbFile).size - before);
  await store.close();
  return { pipelineId: pipeline.id, runId, result: { case: c.id, results: c.results, resultKB: c.resultBytes / 1000, recordMs: Math.round(recordMs), exitReason: row.exitReason, dbGrowthMB, ...sizes } };
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not start");
}

/* In-page scripts are strings: tsx wraps named functions in a `__name` helper the page lacks. */

/**
 * Clicks Run; resolves when the live panel shows "Run ended" (the exit reason) with Date.now()
 * then and when the stream delivered run.end (EventSource wrapped to see its messages arrive).
 */
const LIVE_SCRIPT = `(async () => new Promise((resolve) => {
  const marks = { runEndReceivedAt: 0, bytes: 0, messages: 0 };
  const Native = window.EventSource;
  window.EventSource = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (m) => {
        marks.messages++;
        marks.bytes += m.data.length;
        if (m.data.includes('"type":"run.end"')) marks.runEndReceivedAt = Date.now();
      });
    }
  };
  const done = () => document.querySelector('[data-testid="exit-reason"]');
  const obs = new MutationObserver(() => { if (done()) { obs.disconnect(); resolve({ shownAt: Date.now(), ...marks }); } });
  obs.observe(document.body, { childList: true, subtree: true, characterData: true });
  document.querySelector('[data-testid="run-button"]')?.click();
}))`;

/** Time from a key press until the step detail shows `expectSeq` with its body. */
const STEP_SCRIPT = `(async ({ key, expectSeq }) => new Promise((resolve) => {
  const detail = () => document.querySelector('[data-testid="step-detail"]');
  const t0 = performance.now();
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  const check = () => {
    const d = detail();
    if (d && d.dataset.seq === String(expectSeq) && !/^Loading/.test(d.textContent ?? "")) resolve(performance.now() - t0);
    else if (performance.now() - t0 > 20000) resolve(-1);
    else requestAnimationFrame(check);
  };
  queueMicrotask(check);
}))`;

async function heapMB(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  await cdp.send("HeapProfiler.collectGarbage");
  const { metrics } = await cdp.send("Performance.getMetrics");
  await cdp.detach();
  return mb(metrics.find((m) => m.name === "JSHeapUsedSize")?.value ?? 0);
}

/** Polls the run's row until the server marks it finished; resolves with Date.now() then. */
async function serverFinished(dbFile: string, pipelineId: string, startedAfter: number): Promise<{ at: number; runId: string }> {
  const handle = openDatabase({ file: dbFile });
  try {
    for (;;) {
      const row = handle.db.get<{ id: string; status: string } | undefined>(
        sql`select id, status from runs where pipeline_id = ${pipelineId} and created_at >= ${startedAfter} order by created_at desc limit 1`,
      );
      if (row && row.status !== "running") return { at: Date.now(), runId: row.id };
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    handle.close();
  }
}

async function browserFigures(page: Page, dbFile: string, rec: { pipelineId: string; runId: string; result: { events: number } }) {
  // Live: Run on the runs page (the panel follows the stream), server finish → "Run ended" shown.
  await page.goto(`${base}/pipelines/${rec.pipelineId}/runs`);
  await page.waitForSelector('[data-testid="run-button"]:not([disabled])');
  const startedAt = Date.now();
  const [shown, finished] = await Promise.all([
    page.evaluate(`${LIVE_SCRIPT}()`) as Promise<{ shownAt: number; runEndReceivedAt: number; bytes: number; messages: number }>,
    serverFinished(dbFile, rec.pipelineId, startedAt - 1000),
  ]);
  const live = {
    serverRunMs: finished.at - startedAt,
    // The server publishes run.end before it marks the run finished: a value just below 0 means
    // the panel showed the end within the 10 ms polling of the run's status.
    runEndedAfterServerMs: shown.shownAt - finished.at,
    runEndReceivedAfterServerMs: shown.runEndReceivedAt > 0 ? shown.runEndReceivedAt - finished.at : null,
    streamedMB: mb(shown.bytes),
    tabHeapMB: await heapMB(page),
  };

  // Replay of the recorded run: the first jump to the end, then steps back and forth there.
  const last = rec.result.events;
  await page.goto(`${base}/pipelines/${rec.pipelineId}/runs/${rec.runId}`);
  await page.waitForSelector('[data-testid="step-detail"][data-seq="1"]');
  const t0 = Date.now();
  await page.goto(`${base}/pipelines/${rec.pipelineId}/runs/${rec.runId}?step=${last}`);
  await page.waitForSelector(`[data-testid="step-detail"][data-seq="${last}"] >> text=/Run ended/`, { timeout: 120_000 });
  const openAtEndMs = Date.now() - t0;
  const steps: number[] = [];
  for (let i = 1; i <= 40; i++) {
    const ms = (await page.evaluate(`${STEP_SCRIPT}(${JSON.stringify({ key: "ArrowLeft", expectSeq: last - i })})`)) as number;
    if (ms < 0) throw new Error(`stepping back to ${last - i} did not render within 20 s`);
    steps.push(ms);
  }
  return { live, replay: { openAtEndMs, stepMs: stats(steps), tabHeapMB: await heapMB(page) } };
}

async function main() {
  const withBrowser = !process.argv.includes("--no-browser");
  const build = !process.argv.includes("--no-build");
  const only = process.argv.find((a) => a.startsWith("--only="))?.slice("--only=".length);
  const dir = mkdtempSync(path.join(tmpdir(), "hw-bench-trace-size-"));
  const dbFile = path.join(dir, "bench.db");
  openDatabase({ file: dbFile }).close();
  const env = { ...process.env, HOOKWRIGHT_DB: dbFile, HOOKWRIGHT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
  const out: Record<string, unknown>[] = [];
  try {
    const recorded = [];
    for (const c of CASES.filter((x) => !only || x.id === only)) {
      progress(`recording ${c.results} results of ${c.resultBytes / 1000} KB`);
      const rec = await record(dbFile, c);
      progress(JSON.stringify(rec.result));
      recorded.push(rec);
    }
    if (withBrowser) {
      if (build) {
        // scripts/nextBuild.mjs puts back the tsconfig.json that `next build` edits for a custom distDir.
        // It runs in a child whose output goes to stderr: stdout carries only the bench's JSON.
        const script = `import("./scripts/nextBuild.mjs").then((m) => m.nextBuild(${JSON.stringify(distDir)})).then((code) => process.exit(code))`;
        const built = spawn(process.execPath, ["-e", script], { env, stdio: ["ignore", 2, 2] });
        const code = await new Promise<number | null>((resolve) => built.on("exit", resolve));
        if (code !== 0) throw new Error("next build failed");
      }
      const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], { env, stdio: "ignore" });
      const browser = await chromium.launch({
        executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
        args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
      });
      try {
        await waitForServer();
        for (const rec of recorded) {
          progress(`browser figures for ${rec.result.case}`);
          const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
          out.push({ ...rec.result, browser: await browserFigures(page, dbFile, rec) });
          await page.close();
        }
      } finally {
        await browser.close();
        server.kill("SIGTERM");
      }
    } else out.push(...recorded.map((r) => r.result));
    console.log(
      JSON.stringify(
        {
          bench: "trace-size",
          cases: out,
          targets: { storedBytes: "≤ 2 × (final history + hook patches)", runEndedAfterServerMs: 1000, tabHeapMB: 300, stepMs: 50 },
        },
        null,
        2,
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
