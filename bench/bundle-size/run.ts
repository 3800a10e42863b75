/**
 * bench/bundle-size: how much JavaScript the designer route makes Chromium download, gzipped:
 * its first load (target < 300 KB, Monaco not included), what loads lazily once it is on
 * screen (the run panel), and what Monaco (its chunks and workers) adds when the first file
 * is opened. Measured on a production build, from what the browser actually requests.
 *
 *   1. build into its own folder (skip with --no-build when it exists), serve it against a
 *      temp database seeded with the example pipelines;
 *   2. open /pipelines/<id> and wait until the graph is drawn and the network is idle. The
 *      first load is every script the HTML names (<script src>, <link rel=preload as=script>),
 *      which is what the browser needs before the page hydrates; any other JavaScript fetched
 *      so far was requested lazily after hydration;
 *   3. open a hook in the editor and wait for Monaco's TypeScript worker to answer a
 *      completion: every JavaScript response since then is Monaco's.
 *
 * Each response body is gzipped here (level 6, like `next start`), so the numbers do not
 * depend on whether the server compressed it. Prints JSON.
 * Usage: npx tsx bench/bundle-size/run.ts [--no-build]
 * Env: BENCH_PORT (default 3218), HOOKWRIGHT_DIST_DIR (default .next-bench-bundle), CHROMIUM.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "@playwright/test";
import { prepareStore } from "../../db/openStore";

const port = Number(process.env.BENCH_PORT ?? 3218);
const distDir = process.env.HOOKWRIGHT_DIST_DIR ?? ".next-bench-bundle";
const base = `http://127.0.0.1:${port}`;
const TARGET_GZIP_BYTES = 300 * 1024;
const nextBin = createRequire(import.meta.url).resolve("next/dist/bin/next");

interface Asset {
  url: string;
  rawBytes: number;
  gzipBytes: number;
}

function summary(assets: readonly Asset[]) {
  const sum = (k: "rawBytes" | "gzipBytes") => assets.reduce((n, a) => n + a[k], 0);
  return {
    files: assets.length,
    rawBytes: sum("rawBytes"),
    gzipBytes: sum("gzipBytes"),
    gzipKB: Math.round((sum("gzipBytes") / 1024) * 10) / 10,
  };
}

async function waitForServer(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/trpc/pipelines.list`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the server did not start on ${base}`);
}

async function build(): Promise<void> {
  // scripts/nextBuild.mjs puts back the tsconfig.json that `next build` edits for a custom distDir.
  // A plain .mjs without declarations: import it by a computed specifier and state its shape.
  const specifier = "../../scripts/nextBuild.mjs";
  const { nextBuild } = (await import(specifier)) as { nextBuild(dir: string): Promise<number> };
  const code = await nextBuild(distDir);
  if (code !== 0) throw new Error(`next build failed (exit ${code})`);
}

async function main(): Promise<void> {
  const skipBuild = process.argv.includes("--no-build");
  if (!skipBuild || !existsSync(path.join(distDir, "BUILD_ID"))) await build();

  const dataDir = mkdtempSync(path.join(tmpdir(), "hookwright-bundle-"));
  const dbFile = path.join(dataDir, "bench.db");
  const { store } = await prepareStore({ dialect: "sqlite", file: dbFile });
  const pipeline = (await store.pipelines.list()).find((p) => p.profile === "vellum" && p.hookCount > 0);
  const hookPoint = pipeline ? (await store.pipelines.get(pipeline.id)).document.hooks[0]?.point : undefined;
  await store.close();
  if (!pipeline || !hookPoint) throw new Error("the seeded examples have no Vellum pipeline with hooks");

  const env = { ...process.env, HOOKWRIGHT_DB: dbFile, HOOKWRIGHT_DIST_DIR: distDir, NEXT_TELEMETRY_DISABLED: "1" };
  const server = spawn(process.execPath, [nextBin, "start", "-H", "127.0.0.1", "-p", String(port)], {
    env,
    stdio: "ignore",
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
  try {
    await waitForServer();
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
    const assets: Asset[] = [];
    const seen = new Set<string>();
    const pending: Promise<void>[] = [];
    const workers: string[] = [];
    const outside: string[] = [];
    context.on("request", (r) => {
      if (!r.url().startsWith(`${base}/`) && !/^(data|blob):/.test(r.url())) outside.push(r.url());
    });
    // Workers' own requests reach the context too. A file fetched twice (by two workers) counts once.
    context.on("response", (response: Response) => {
      const type = response.request().resourceType();
      const isJs = type === "script" || /\.m?js(\?|#|$)/.test(new URL(response.url()).pathname);
      if (!isJs || response.status() !== 200 || seen.has(response.url())) return;
      seen.add(response.url());
      pending.push(
        response.body().then(
          (body) => {
            assets.push({ url: response.url(), rawBytes: body.length, gzipBytes: gzipSync(body).length });
          },
          () => undefined, // a response whose body is gone (navigation) is not counted
        ),
      );
    });

    const page = await context.newPage();
    page.on("worker", (w) => workers.push(new URL(w.url()).pathname));
    const document = await page.goto(`${base}/pipelines/${pipeline.id}`, { waitUntil: "networkidle" });
    const html = (await document?.text()) ?? "";
    const named = new Set(
      [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"|<link[^>]*\sas="script"[^>]*\shref="([^"]+)"|<link[^>]*\shref="([^"]+)"[^>]*\sas="script"/g)].map(
        (m) => new URL(m[1] ?? m[2] ?? m[3] ?? "", base).href,
      ),
    );
    await page.getByTestId("loop-graph").locator(".react-flow__node").first().waitFor();
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const beforeEditor = [...assets];
    const firstLoad = beforeEditor.filter((a) => named.has(a.url));
    const lazyAfterHydration = beforeEditor.filter((a) => !named.has(a.url));
    const monacoBeforeOpen = (await page.locator(".monaco-editor").count()) > 0;

    await page.getByTestId(`point-badge-${hookPoint}`).first().click();
    await page.getByTestId("hook-name").first().click();
    await page.locator(".monaco-editor").waitFor({ timeout: 60_000 });
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Control+Space");
    await page.locator(".suggest-widget .monaco-list-row").first().waitFor({ timeout: 60_000 });
    await page.waitForLoadState("networkidle");
    await Promise.all(pending);
    const monaco = assets.slice(beforeEditor.length);

    const largest = (list: readonly Asset[]) =>
      [...list]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .slice(0, 5)
        .map((a) => ({ file: new URL(a.url).pathname, gzipBytes: a.gzipBytes }));

    const before = summary(firstLoad);
    console.log(
      JSON.stringify(
        {
          bench: "bundle-size",
          route: "/pipelines/[id] (the designer)",
          measuredIn: "Chromium, production build, gzip level 6 of each JavaScript response",
          firstLoad: { ...before, largest: largest(firstLoad) },
          lazyAfterHydration: { ...summary(lazyAfterHydration), largest: largest(lazyAfterHydration) },
          beforeMonaco: summary(beforeEditor),
          monaco: { ...summary(monaco), workersStarted: workers.length, largest: largest(monaco) },
          withMonaco: summary(assets),
          monacoLoadedBeforeAnEditorOpened: monacoBeforeOpen,
          nonLocalRequests: outside,
          targetFirstLoadGzipBytes: TARGET_GZIP_BYTES,
          withinTarget: before.gzipBytes < TARGET_GZIP_BYTES && !monacoBeforeOpen,
        },
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
