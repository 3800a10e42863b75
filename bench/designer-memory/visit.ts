import { readFileSync } from "node:fs";
import type { Browser, CDPSession, Page } from "@playwright/test";

/*
 * One visit of a pipeline's designer as a user makes it, and the memory figures of the page
 * after it. Shared by bench/designer-memory/run.ts and e2e/designer-memory.spec.ts.
 */

export interface Memory {
  /** JS heap in use after a full garbage collection (CDP Performance.getMetrics JSHeapUsedSize), MB. */
  heapUsedMB: number;
  /** Resident memory of the page's renderer process, MB (0 where /proc cannot be read). */
  rendererMB: number;
  nodes: number;
  listeners: number;
  documents: number;
  /** Web workers the page has running (Monaco's editor and TypeScript workers). */
  workers: number;
  /** Monaco text models alive in the heap (counted in a heap snapshot), or null when not counted. */
  models: number | null;
  /** Monaco code editors alive in the heap (the same snapshot), or null when not counted. */
  editors: number | null;
}

export interface Visit {
  name: string;
  /** ms from clicking the pipeline in the list to Monaco showing the hook. */
  editorMs: number;
  /** ms from clicking Run to the run's exit reason. */
  runMs: number;
  /** In the designer, the run over. */
  memory: Memory;
  /** DOM nodes back on the pipeline list: the same after every visit unless designers are kept. */
  listNodes: number;
}

export type Measure = (options?: { models?: boolean }) => Promise<Memory>;

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The figures of `page` (garbage collected first); models only when asked (a heap snapshot takes a while). */
export async function measureDesignerMemory(browser: Browser, page: Page): Promise<Measure> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const browserCdp = await browser.newBrowserCDPSession();
  return async (options = {}) => {
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
    const { metrics } = await cdp.send("Performance.getMetrics");
    const metric = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return {
      heapUsedMB: mb(metric("JSHeapUsedSize")),
      rendererMB: await rendererRss(browserCdp),
      nodes: metric("Nodes"),
      listeners: metric("JSEventListeners"),
      documents: metric("Documents"),
      workers: page.workers().length,
      ...(options.models ? await countMonacoObjects(cdp) : { models: null, editors: null }),
    };
  };
}

/** The largest renderer's resident memory: the page under test is the only one open. */
async function rendererRss(browserCdp: CDPSession): Promise<number> {
  const info = (await browserCdp.send("SystemInfo.getProcessInfo")) as { processInfo: { type: string; id: number }[] };
  let largest = 0;
  for (const p of info.processInfo.filter((x) => x.type === "renderer")) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.id}/status`, "utf8"))?.[1];
      largest = Math.max(largest, Number(kb ?? 0) * 1024);
    } catch {
      // the process ended, or /proc is not there (not Linux)
    }
  }
  return mb(largest);
}

/** Fields only Monaco's TextModel, resp. its CodeEditorWidget, has (set in their constructors). */
const MODEL_FIELDS = ["_attachedEditorCount", "_isTooLargeForSyncing"];
const EDITOR_FIELDS = ["_contributions", "_contentWidgets", "_glyphMarginWidgets"];

/**
 * Monaco's text models and code editors alive in the page's heap. The production bundle renames
 * classes, so each is recognised by the fields only it has, in a heap snapshot. A disposed model
 * or editor that something still references counts too: that is what a leak looks like.
 */
async function countMonacoObjects(cdp: CDPSession): Promise<{ models: number; editors: number }> {
  const chunks: string[] = [];
  const onChunk = (e: { chunk: string }) => chunks.push(e.chunk);
  cdp.on("HeapProfiler.addHeapSnapshotChunk", onChunk);
  try {
    await cdp.send("HeapProfiler.takeHeapSnapshot", { reportProgress: false, captureNumericValue: false });
  } finally {
    cdp.off("HeapProfiler.addHeapSnapshotChunk", onChunk);
  }
  const snapshot = JSON.parse(chunks.join("")) as {
    snapshot: { meta: { node_fields: string[]; edge_fields: string[]; edge_types: [string[]] } };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const { node_fields: nodeFields, edge_fields: edgeFields, edge_types: edgeTypes } = snapshot.snapshot.meta;
  const nodeSize = nodeFields.length;
  const edgeSize = edgeFields.length;
  const edgeCountAt = nodeFields.indexOf("edge_count");
  const edgeTypeAt = edgeFields.indexOf("type");
  const edgeNameAt = edgeFields.indexOf("name_or_index");
  const propertyType = edgeTypes[0].indexOf("property");
  const fieldSet = (names: string[]) => new Set(names.map((name) => snapshot.strings.indexOf(name)));
  const kinds = [fieldSet(MODEL_FIELDS), fieldSet(EDITOR_FIELDS)];
  const counts = [0, 0];
  let edge = 0;
  for (let node = 0; node < snapshot.nodes.length; node += nodeSize) {
    const edges = snapshot.nodes[node + edgeCountAt] ?? 0;
    const found = [0, 0];
    for (let e = 0; e < edges; e++, edge += edgeSize) {
      if (snapshot.edges[edge + edgeTypeAt] !== propertyType) continue;
      const name = snapshot.edges[edge + edgeNameAt] ?? -1;
      kinds.forEach((fields, k) => {
        if (fields.has(name)) found[k] = (found[k] ?? 0) + 1;
      });
    }
    kinds.forEach((fields, k) => {
      if (!fields.has(-1) && found[k] === fields.size) counts[k] = (counts[k] ?? 0) + 1;
    });
  }
  return { models: counts[0] ?? 0, editors: counts[1] ?? 0 };
}

/**
 * From the pipeline list: opens `pipeline`, opens its first hook in Monaco, runs its scenario to
 * the end, measures, and goes back to the list. Every navigation is the app's own link, so the
 * page (and whatever it keeps) is never reloaded.
 */
export async function visitPipeline(page: Page, pipeline: { id: string; name: string }, measure: Measure, options: { models?: boolean } = {}): Promise<Visit> {
  const t0 = Date.now();
  await page.locator(`a[href="/pipelines/${pipeline.id}"]`).first().click();
  await page.waitForURL(`**/pipelines/${pipeline.id}`);
  // The first hook point that has hooks, from the hook panel's list of points.
  const point = page.locator('[data-testid^="point-item-"]').filter({ hasNot: page.locator('[class*="pointCountZero"]') }).first();
  await point.click();
  await page.getByTestId("hook-name").first().click();
  await page.locator(".monaco-editor .view-lines").filter({ hasText: /\S/ }).waitFor({ timeout: 60_000 });
  const editorMs = Date.now() - t0;

  const t1 = Date.now();
  await page.getByTestId("run-button").click();
  // A run that asks for approval waits for an answer: give the first one offered (allow, approve, …).
  const exit = page.getByTestId("exit-reason").first();
  const answer = page.getByTestId("approval-card").locator('.approval-actions button:not([disabled])').first();
  const deadline = Date.now() + 60_000;
  while (!(await exit.isVisible())) {
    if (Date.now() > deadline) throw new Error(`the run of ${pipeline.name} did not end within 60 s`);
    if (await answer.isVisible()) await answer.click().catch(() => undefined);
    await page.waitForTimeout(100);
  }
  const runMs = Date.now() - t1;

  const memory = await measure(options);
  await page.getByRole("link", { name: "← All pipelines" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.locator(`a[href="/pipelines/${pipeline.id}"]`).first().waitFor();
  const listNodes = (await measure()).nodes;
  return { name: pipeline.name, editorMs, runMs, memory, listNodes };
}
