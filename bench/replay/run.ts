/**
 * bench/replay: records a 10,000+ event trace through the real engine into a temp database,
 * serves a production build against it, and times in Chromium:
 *   - opening the replay (navigation start → timeline and step detail rendered), target < 2 s
 *   - one step (key press → the step's detail rendered), target < 50 ms
 *   - clicking Run → the first event rendered (scripted model), target < 150 ms
 * Prints JSON. Usage: npx tsx bench/replay/run.ts [--no-build]
 * Env: BENCH_PORT (default 3217), HOOKWRIGHT_DIST_DIR (default .next-bench-replay), CHROMIUM (default /usr/bin/chromium).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { openSqliteStore } from "../../db/sqlite/sqliteStore";
import { getRunBus } from "../../server/runs";
import { defaultRunEngine } from "../../server/runs/engine";
import { createRunService } from "../../server/runs/runService";
import { benchPipeline } from "./benchScenario";

const port = Number(process.env.BENCH_PORT ?? 3217);
const distDir = process.env.HOOKWRIGHT_DIST_DIR ?? ".next-bench-replay";
const base = `http://127.0.0.1:${port}`;

function stats(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
  const round = (n: number) => Math.round(n * 100) / 100;
  return { n: s.length, mean: round(s.reduce((a, b) => a + b, 0) / Math.max(1, s.length)), p50: round(at(0.5)), p95: round(at(0.95)), max: round(s[s.length - 1] ?? 0) };
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

/*
 * In-page measurements are plain strings: tsx (esbuild) wraps named functions in a `__name`
 * helper that does not exist in the page, so functions cannot be handed to page.evaluate.
 */

/** Time from dispatching `key` until the step detail shows event `expectSeq` (or any other step) with its body. */
const STEP_SCRIPT = `(async ({ key, expectSeq }) => new Promise((resolve) => {
  const detail = () => document.querySelector('[data-testid="step-detail"]');
  const before = detail()?.dataset.seq;
  const t0 = performance.now();
  document.body.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true }));
  const check = () => {
    const d = detail();
    const seq = d?.dataset.seq;
    const ready = d && seq !== before && (expectSeq === null || seq === String(expectSeq)) && !/^Loading/.test(d.textContent ?? "");
    if (ready) resolve(performance.now() - t0);
    else if (performance.now() - t0 > 10000) resolve(-1);
    else requestAnimationFrame(check);
  };
  queueMicrotask(check);
}))`;

/** Time from clicking Run until the first timeline row is in the DOM. */
const RUN_SCRIPT = `(async () => new Promise((resolve) => {
  const button = document.querySelector('[data-testid="run-button"]');
  const t0 = performance.now();
  const obs = new MutationObserver(() => {
    if (document.querySelector(".run-timeline-row")) {
      obs.disconnect();
      resolve(performance.now() - t0);
    }
  });
  obs.observe(document.body, { childList: true, subtree: true });
  button?.click();
}))`;

async function timeKey(page: Page, key: string, expectSeq: number | null): Promise<number> {
  const ms = (await page.evaluate(`${STEP_SCRIPT}(${JSON.stringify({ key, expectSeq })})`)) as number;
  if (ms < 0) throw new Error(`pressing ${key} did not show step ${expectSeq ?? "(next hook)"} within 10 s`);
  return ms;
}

const progress = (message: string) => process.stderr.write(`bench/replay: ${message}\n`);

async function main() {
  const build = !process.argv.includes("--no-build");
  const dir = mkdtempSync(path.join(tmpdir(), "hw-bench-replay-"));
  const dbFile = path.join(dir, "bench.db");
  const env = { ...process.env, HOOKWRIGHT_DB: dbFile, HOOKWRIGHT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };

  // 1. Record the trace through the real engine (sandbox + simulator), as the app would.
  const store = openSqliteStore({ file: dbFile });
  const pipeline = await store.pipelines.create(benchPipeline({ replies: 850, perReply: 1, compactAtChars: 6000 }));
  const small = await store.pipelines.create({ ...benchPipeline({ replies: 1, perReply: 2 }), name: "Bench: first event" });
  const service = createRunService({ store, bus: getRunBus(), engine: defaultRunEngine });
  const t0 = performance.now();
  const { runId } = await service.start({ pipelineId: pipeline.id, scenario: { name: "many-tools" } });
  await service.settled(runId);
  const recordMs = performance.now() - t0;
  progress(`recorded the trace in ${Math.round(recordMs)} ms`);
  const row = await store.runs.get(runId);
  await store.close();
  if (!row || row.eventCount < 10_000) throw new Error(`the bench trace has ${row?.eventCount ?? 0} events, fewer than 10,000`);

  // 2. A production build in its own folder, served against the temp database.
  if (build) {
    const r = spawnSync(process.execPath, ["node_modules/next/dist/bin/next", "build"], { env, stdio: ["ignore", "ignore", "inherit"] });
    if (r.status !== 0) throw new Error("next build failed");
  }
  const server = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-H", "127.0.0.1", "-p", String(port)], { env, stdio: "ignore" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    await waitForServer();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    // Warm the route once (first compile of server chunks is not what a user waits for twice).
    await page.goto(`${base}/pipelines/${pipeline.id}/runs/${runId}`);
    await page.waitForSelector('[data-testid="step-detail"][data-seq="1"] >> text=/Run of/');

    progress("server up, timing the replay");
    // 3. Open: navigation start → first timeline rows and the step detail rendered.
    const opens: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${base}/pipelines/${pipeline.id}/runs/${runId}`);
      await page.waitForSelector('[data-testid="step-detail"][data-seq="1"] >> text=/Run of/');
      await page.waitForSelector(".run-timeline-row");
      opens.push((await page.evaluate("performance.now()")) as number);
    }

    // 4. Steps: 300 single steps (arrow), then 100 hook jumps (J), then a deep link far in.
    const steps: number[] = [];
    for (let i = 0; i < 300; i++) steps.push(await timeKey(page, "ArrowRight", i + 2));
    const hookSteps: number[] = [];
    for (let i = 0; i < 100; i++) hookSteps.push(await timeKey(page, "j", null));
    await page.goto(`${base}/pipelines/${pipeline.id}/runs/${runId}?step=9000`);
    await page.waitForSelector('[data-testid="step-detail"][data-seq="9000"]');
    // Step once the page has finished loading (the outline and the first pages of events).
    await page.waitForLoadState("networkidle");
    const farSteps: number[] = [];
    for (let i = 0; i < 100; i++) farSteps.push(await timeKey(page, "ArrowRight", 9001 + i));

    // 5. Run → first event rendered, on the runs page with the scripted model.
    const firstEvent: number[] = [];
    for (let i = 0; i < 5; i++) {
      await page.goto(`${base}/pipelines/${small.id}/runs`);
      await page.waitForSelector('[data-testid="run-button"]:not([disabled])');
      firstEvent.push((await page.evaluate(`${RUN_SCRIPT}()`)) as number);
    }

    console.log(
      JSON.stringify(
        {
          bench: "replay",
          events: row.eventCount,
          recordMs: Math.round(recordMs),
          openMs: stats(opens),
          stepMs: stats(steps),
          hookJumpMs: stats(hookSteps),
          stepAt9000Ms: stats(farSteps),
          runToFirstEventMs: stats(firstEvent),
          targets: { openMs: 2000, stepMs: 50, runToFirstEventMs: 150 },
          met: {
            open: stats(opens).p50 < 2000,
            step: stats(steps).p95 < 50 && stats(farSteps).p95 < 50,
            runToFirstEvent: stats(firstEvent).p50 < 150,
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
