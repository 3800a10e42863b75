/**
 * bench/designer-memory: one Chromium page visits every example pipeline in turn, as a user
 * clicking through the app would (the list → a pipeline's designer → a hook opened in Monaco →
 * its scenario run to the end → back to the list, all client-side navigations in one page), and
 * records after each visit, with garbage collected first:
 *   - heapUsedMB   the page's JS heap in use (CDP Performance.getMetrics JSHeapUsedSize)
 *   - rendererMB   the resident memory of the page's renderer process (/proc/<pid>/status VmRSS)
 *   - nodes, listeners, documents   (Performance.getMetrics)
 *   - workers      live web workers of the page (Monaco's editor and TypeScript workers)
 *   - models       Monaco text models alive in the heap (a heap snapshot's TextModel objects)
 * Env BENCH_JS_FLAGS: V8 flags for Chromium (see below).
 * Prints JSON. Usage: npx tsx bench/designer-memory/run.ts [--base http://127.0.0.1:PORT] [--visits N]
 * Without --base it serves the production build in HOOKWRIGHT_DIST_DIR (default .next-bench-memory,
 * built first if missing or stale) on BENCH_PORT (default 3218) with a throw-away database, which
 * the server seeds with the examples.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { chromium } from "@playwright/test";
import { examplePipelines } from "../../core/examples";
import { measureDesignerMemory, visitPipeline, type Visit } from "./visit";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function waitForServer(base: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(`${base}/api/trpc/pipelines.list`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server at ${base} did not start`);
}

function startServer(): { base: string; server: ChildProcess; cleanup(): void } {
  const port = process.env.BENCH_PORT ?? "3218";
  const data = mkdtempSync(path.join(tmpdir(), "hookwright-bench-memory-"));
  const server = spawn(process.execPath, ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: port,
      HOOKWRIGHT_DB: path.join(data, "bench.db"),
      HOOKWRIGHT_DIST_DIR: process.env.HOOKWRIGHT_DIST_DIR ?? ".next-bench-memory",
    },
  });
  return {
    base: `http://127.0.0.1:${port}`,
    server,
    cleanup: () => {
      server.kill("SIGTERM");
      rmSync(data, { recursive: true, force: true });
    },
  };
}

const given = arg("--base");
const started = given ? null : startServer();
const base = given ?? started?.base ?? "";
try {
  await waitForServer(base);
  const list = (await (await fetch(`${base}/api/trpc/pipelines.list`)).json()) as { result: { data: { json: { id: string; name: string }[] } } };
  // The seeded examples (each has a scenario to run), in the order of core/examples.
  const seeded = list.result.data.json;
  const examples = examplePipelines.flatMap((e) => seeded.filter((p) => p.name === e.name).slice(0, 1));
  const visits = Number(arg("--visits") ?? examples.length);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    // BENCH_JS_FLAGS, e.g. "--no-opt --no-maglev --no-sparkplug": without V8's optimising tiers the
    // heap does not grow by the compiled code of a page warming up, which leaves what is kept.
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", ...(process.env.BENCH_JS_FLAGS ? [`--js-flags=${process.env.BENCH_JS_FLAGS}`] : [])],
  });
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const measure = await measureDesignerMemory(browser, page);
  await page.goto(`${base}/`);
  const before = await measure({ models: true });
  const results: Visit[] = [];
  for (let i = 0; i < visits; i++) {
    const pipeline = examples[i % examples.length];
    if (!pipeline) break;
    results.push(await visitPipeline(page, pipeline, measure, { models: i === 1 || i === visits - 1 }));
    process.stderr.write(`${JSON.stringify(results.at(-1))}\n`);
  }
  const browserVersion = browser.version();
  await browser.close();
  const last = results.at(-1);
  const second = results[1];
  const summary = {
    chromium: browserVersion,
    visits: results.length,
    before,
    afterVisit2: second?.memory ?? null,
    afterLast: last?.memory ?? null,
    heapGrowthAfter2MB: second && last ? Math.round((last.memory.heapUsedMB - second.memory.heapUsedMB) * 10) / 10 : null,
    perVisit: results,
  };
  process.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
} finally {
  started?.cleanup();
}
