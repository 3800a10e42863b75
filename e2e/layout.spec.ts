import type { Page } from "@playwright/test";
import type { TRPCClient } from "@trpc/client";
import { examplePipelines } from "~/core/examples";
import { listProfiles } from "~/core/profiles";
import type { PipelineInput } from "~/core/pipeline/schema";
import type { AppRouter } from "~/server/api/root";
import { showcase } from "./fixtures/designer";
import { openPoint } from "./fixtures/graph";
import { beConciseWithTools, editHookCode } from "./fixtures/runs";
import { expect, test } from "./test";

/*
 * The designer at the screen sizes people use (issue 17): nothing scrolls sideways, the loop
 * graph's text is readable and every hook-point badge can be clicked, pane sizes survive a
 * reload, and the Runs tab lists runs and compares any two. Sizes are measured from the DOM:
 * a font size times the scale the graph's zoom puts on it is what the eye gets.
 */

const sizes = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
] as const;

function example(name: string): PipelineInput {
  const found = examplePipelines.find((p) => p.name === name);
  if (!found) throw new Error(`the "${name}" example is missing from core/examples`);
  return found;
}

/** Sideways overflow of the page, in pixels (0 when nothing scrolls horizontally). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) - window.innerWidth);
}

/**
 * On-screen font size of every text the graph draws: each badge's point name and counts, each
 * edge's label, each event's label, each frame's label. The graph's zoom is the scale of the
 * React Flow viewport's transform; a font size times it is what the eye gets. (Measuring the
 * scale as an element's rendered width over its layout width is off by up to half a pixel of
 * `offsetWidth` rounding: a short label such as Claude Code's `ask` then reads 10.9 px at 11.04.)
 */
function graphTextSizes(page: Page): Promise<{ what: string; px: number }[]> {
  return page.evaluate(() => {
    const viewport = document.querySelector<HTMLElement>(".react-flow__viewport");
    if (!viewport) return [];
    const zoom = new DOMMatrixReadOnly(getComputedStyle(viewport).transform).a;
    const px = (el: HTMLElement) => parseFloat(getComputedStyle(el).fontSize) * zoom;
    const out: { what: string; px: number }[] = [];
    for (const badge of viewport.querySelectorAll<HTMLElement>("button[data-point]")) {
      for (const part of badge.querySelectorAll<HTMLElement>("span")) out.push({ what: `${badge.dataset.point} ${part.className}`, px: px(part) });
    }
    for (const stack of viewport.querySelectorAll<HTMLElement>("[data-edge-id]")) {
      for (const label of stack.querySelectorAll<HTMLElement>(":scope > span")) out.push({ what: `edge ${stack.dataset.edgeId} label ${label.textContent}`, px: px(label) });
    }
    for (const node of viewport.querySelectorAll<HTMLElement>(".react-flow__node")) {
      const label = node.querySelector<HTMLElement>("span");
      if (label && node.offsetWidth > 0) out.push({ what: `node ${label.textContent}`, px: px(label) });
    }
    return out;
  });
}

/**
 * Where each event of the graph is, horizontally, against the graph's pane, and whether its label
 * shows whole (not clipped to the box's two lines, not cut at its side); the same for each
 * badge stack (its badges and edge label) and each edge's line.
 */
function graphAcross(page: Page) {
  return page.evaluate(() => {
    const flow = document.querySelector<HTMLElement>("[data-testid=loop-graph] .react-flow");
    if (!flow) throw new Error("no graph");
    const pane = flow.getBoundingClientRect();
    const nodes = [...flow.querySelectorAll<HTMLElement>(".react-flow__node-event, .react-flow__node-outside")].map((node) => {
      const r = node.getBoundingClientRect();
      const label = node.querySelector<HTMLElement>("span");
      return {
        what: label?.textContent ?? node.dataset.id ?? "",
        left: r.left - pane.left,
        right: pane.right - r.right,
        truncated: !label || label.scrollHeight > label.clientHeight + 1 || label.scrollWidth > label.clientWidth + 1,
      };
    });
    const stacks = [...flow.querySelectorAll<HTMLElement>("[data-edge-id]")].map((stack) => {
      const r = stack.getBoundingClientRect();
      return { what: stack.dataset.edgeId ?? "", left: r.left - pane.left, right: pane.right - r.right };
    });
    const lines = [...flow.querySelectorAll<SVGPathElement>(".react-flow__edge-path")].map((path) => {
      const r = path.getBoundingClientRect();
      return { what: path.closest<SVGElement>("[data-id]")?.dataset.id ?? "", left: r.left - pane.left, right: pane.right - r.right };
    });
    return { paneWidth: pane.width, nodes, stacks, lines };
  });
}

/**
 * Focuses the badge (the graph pans it into view), then clicks the middle of it as a mouse
 * would: whatever is on top at that spot gets the click, so a badge under a control fails.
 */
async function clickBadgeLikeAUser(page: Page, point: string): Promise<void> {
  const badge = page.getByTestId(`point-badge-${point}`).first();
  await badge.focus();
  // Wait for the graph to stop moving: it pans a badge out of view into it (a frame after the
  // focus, then a 150 ms animation).
  await page.waitForTimeout(300);
  let box = await badge.boundingBox();
  await expect
    .poll(async () => {
      const was = box;
      box = await badge.boundingBox();
      return !!box && !!was && box.x === was.x && box.y === was.y;
    }, { intervals: [100] })
    .toBe(true);
  if (!box) throw new Error(`the ${point} badge is not on screen`);
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  expect(await pointOnTop(page, x, y), `what is on top of the middle of the ${point} badge`).toBe(point);
  expect(box.height, `the ${point} badge's height on screen`).toBeGreaterThanOrEqual(22);
  await page.mouse.click(x, y);
  await expect(page.getByTestId("hook-panel-point")).toHaveText(point);
}

/** The hook point whose badge is what a click at (x, y) would hit, if any. */
function pointOnTop(page: Page, x: number, y: number): Promise<string | null> {
  return page.evaluate(([px, py]) => (document.elementFromPoint(px ?? 0, py ?? 0)?.closest("button[data-point]") as HTMLElement | null)?.dataset.point ?? null, [x, y]);
}

async function waitForRun(api: TRPCClient<AppRouter>, runId: string): Promise<void> {
  await expect.poll(async () => (await api.runs.get.query({ runId })).run.status, { timeout: 30_000 }).not.toBe("running");
}

test.describe("Designer layout", () => {
  for (const size of sizes) {
    test.describe(`at ${size.width}×${size.height}`, () => {
      test.use({ viewport: size });

      test("nothing scrolls sideways, the header's buttons are whole, graph text is at least 11 px and every badge takes a click", async ({ page, seedPipeline }) => {
        const seeded = await seedPipeline(showcase, { name: `Layout ${size.width}` });
        await page.goto(`/pipelines/${seeded.id}`);
        await expect(page.getByTestId("point-badge-pre-model-call")).toBeVisible();
        await page.waitForTimeout(300);
        expect(await sidewaysOverflow(page)).toBe(0);

        const exportPlugin = page.getByRole("button", { name: /Export plugin/ });
        const box = await exportPlugin.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(size.width);

        const text = await graphTextSizes(page);
        expect(text.length).toBeGreaterThan(20);
        expect(text.filter((t) => t.px < 11)).toEqual([]);

        const points = await page.locator("button[data-point]").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.point ?? ""));
        expect(points).toHaveLength(8);
        for (const point of points) await clickBadgeLikeAUser(page, point);

        // A hook open: the editor has at least half of the width, and still nothing scrolls sideways.
        await page.getByTestId("hook-name").first().click();
        await expect(page.getByTestId("open-file")).toBeVisible();
        const editor = await page.locator("#pane-editor").boundingBox();
        expect(editor?.width ?? 0).toBeGreaterThanOrEqual(size.width / 2 - 1);
        await page.waitForTimeout(300);
        expect(await sidewaysOverflow(page)).toBe(0);
        expect((await graphTextSizes(page)).filter((t) => t.px < 11)).toEqual([]);
      });

      test("OpenClaw's 23 points read by stage: every badge readable and clickable", async ({ page, seedPipeline }) => {
        const seeded = await seedPipeline(example("Secret redactor"), { name: `Claw layout ${size.width}` });
        await page.goto(`/pipelines/${seeded.id}`);
        await expect(page.getByTestId("stage-tools")).toBeVisible();
        await expect(page.getByTestId("point-badge-session_start")).toBeAttached();
        await page.waitForTimeout(300);
        expect(await sidewaysOverflow(page)).toBe(0);
        const points = await page.locator("button[data-point]").evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.point ?? ""));
        expect(points.length).toBeGreaterThanOrEqual(20);
        expect((await graphTextSizes(page)).filter((t) => t.px < 11)).toEqual([]);

        // A stage button shows that stage at a readable size.
        await page.getByTestId("stage-tools").click();
        await page.waitForTimeout(500);
        expect((await graphTextSizes(page)).filter((t) => t.px < 11)).toEqual([]);
        const tool = await page.getByTestId("point-badge-before_tool_call").boundingBox();
        expect(await pointOnTop(page, (tool?.x ?? 0) + (tool?.width ?? 0) / 2, (tool?.y ?? 0) + (tool?.height ?? 0) / 2)).toBe("before_tool_call");

        for (const point of points) await clickBadgeLikeAUser(page, point);
      });

      // Issue 23 (13): with a hook open the graph's pane is 240–362 px wide. The graph is then one
      // column that fits across it: nothing of it is cut at the pane's sides, it only pans up and down.
      for (const profile of listProfiles()) {
        test(`${profile.name}: every text at least 11 px, edge labels included; with a hook open every event is inside the pane across, its label whole`, async ({ page, seedPipeline }) => {
          const document = examplePipelines.find((p) => p.profile === profile.id && (p.hooks ?? []).length > 0);
          const first = document?.hooks?.[0];
          if (!document || !first) throw new Error(`no example pipeline with a hook for ${profile.id}`);
          const seeded = await seedPipeline(document, { name: `Narrow ${profile.id} ${size.width}` });
          await page.goto(`/pipelines/${seeded.id}`);
          await expect(page.getByTestId(`point-badge-${first.point}`)).toBeAttached();
          await page.waitForTimeout(300);
          // Issue 23 (12): every edge label is measured too (Claude Code's `ask` among them).
          const labelled = profile.edges.filter((e) => e.label).length;
          const before = await graphTextSizes(page);
          expect(before.filter((t) => t.what.startsWith("edge ")), "edge labels measured").toHaveLength(labelled);
          expect(before.filter((t) => t.px < 11)).toEqual([]);

          await openPoint(page, first.point);
          await page.getByTestId("hook-name").first().click();
          await expect(page.getByTestId("open-file")).toBeVisible();
          await page.waitForTimeout(400);
          expect(await sidewaysOverflow(page)).toBe(0);

          const across = await graphAcross(page);
          expect(across.paneWidth).toBeLessThan(400);
          expect(across.nodes).toHaveLength(profile.nodes.length);
          expect(across.nodes.filter((n) => n.left < 0 || n.right < 0 || n.truncated)).toEqual([]);
          // Badges, edge labels and lines too: nothing to pan sideways for.
          expect(across.stacks.filter((s) => s.left < 0 || s.right < 0)).toEqual([]);
          expect(across.lines.filter((l) => l.left < 0 || l.right < 0)).toEqual([]);
          const text = await graphTextSizes(page);
          expect(text.filter((t) => t.what.startsWith("edge "))).toHaveLength(labelled);
          expect(text.filter((t) => t.px < 11)).toEqual([]);
        });
      }
    });
  }

  test("screenshots of the designer at each size for the docs", async ({ page, seedPipeline }) => {
    test.skip(!process.env["HOOKWRIGHT_SCREENSHOT"], "set HOOKWRIGHT_SCREENSHOT=1 to refresh docs/designer-<width>x<height>.png");
    test.setTimeout(120_000);
    const seeded = await seedPipeline(showcase);
    for (const size of sizes) {
      await page.setViewportSize(size);
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "pre-model-call");
      await page.getByTestId("hook-name").first().click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => page.locator(".monaco-editor .view-lines").innerText()).toContain("PreModelCallContext");
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `docs/designer-${size.width}x${size.height}.png` });
    }
  });

  test.describe("panes", () => {
    test("a resized pane stays resized after a reload; collapsed panes come back with their key", async ({ page, seedPipeline }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const seeded = await seedPipeline(showcase, { name: "Panes" });
      await page.goto(`/pipelines/${seeded.id}`);
      const graph = page.locator("#pane-graph");
      await expect(page.getByTestId("point-badge-pre-model-call")).toBeVisible();
      const before = (await graph.boundingBox())?.width ?? 0;

      // Drag the splitter 120 px to the left.
      const handle = page.getByTestId("splitter-graph");
      const h = await handle.boundingBox();
      if (!h) throw new Error("no graph splitter");
      await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
      await page.mouse.down();
      await page.mouse.move(h.x + h.width / 2 - 60, h.y + h.height / 2, { steps: 4 });
      await page.mouse.move(h.x + h.width / 2 - 120, h.y + h.height / 2, { steps: 4 });
      await page.mouse.up();
      const after = (await graph.boundingBox())?.width ?? 0;
      expect(Math.round(after)).toBe(Math.round(before - 120));

      // The run panel, resized from the keyboard: two steps of 24 px taller.
      const runBody = page.locator("#run-pane-body");
      const runBefore = (await runBody.boundingBox())?.height ?? 0;
      await page.getByTestId("splitter-run").focus();
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      const runAfter = (await runBody.boundingBox())?.height ?? 0;
      expect(Math.round(runAfter)).toBe(Math.round(runBefore + 48));

      await page.reload();
      await expect(page.getByTestId("point-badge-pre-model-call")).toBeVisible();
      await expect.poll(async () => Math.round((await graph.boundingBox())?.width ?? 0)).toBe(Math.round(after));
      await expect.poll(async () => Math.round((await runBody.boundingBox())?.height ?? 0)).toBe(Math.round(runAfter));

      // Collapse the hook panel: a rail stays, across a reload; Alt+2 opens and focuses it.
      await page.getByTestId("collapse-hooks").click();
      await expect(page.locator("#pane-hooks")).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId("rail-hooks")).toBeVisible();
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.keyboard.press("Alt+2");
      await expect(page.locator("#pane-hooks")).toBeVisible();
      await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest("#pane-hooks"))).toBe(true);

      // Alt+1 focuses a badge on the graph, Alt+4 the Run button; Alt+0 gives the editor the whole width.
      await page.keyboard.press("Alt+1");
      await expect.poll(() => page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset.point ?? null)).not.toBeNull();
      await page.keyboard.press("Alt+4");
      await expect(page.getByTestId("run-button")).toBeFocused();
      await page.keyboard.press("Alt+0");
      await expect(page.getByTestId("rail-graph")).toBeVisible();
      await expect(page.getByTestId("rail-hooks")).toBeVisible();
      expect((await page.locator("#pane-editor").boundingBox())?.width ?? 0).toBeGreaterThan(1280 - 2 * 30 - 2);
      await page.getByTestId("maximise-editor").click();
      await expect(page.locator("#pane-graph")).toBeVisible();
    });
  });

  test.describe("runs", () => {
    test("the Runs tab lists runs with revision, scenario, exit, expectations, duration and model calls; two picked open in Compare", async ({
      page,
      api,
      seedPipeline,
    }) => {
      await page.setViewportSize({ width: 1280, height: 720 });
      const pipeline = await seedPipeline(beConciseWithTools, { name: "Runs tab" });
      const first = await api.runs.start.mutate({ pipelineId: pipeline.id, scenarioName: "three tools" });
      await waitForRun(api, first.runId);
      const second = await api.runs.start.mutate({ pipelineId: pipeline.id, scenarioName: "default" });
      await waitForRun(api, second.runId);
      await editHookCode(api, {
        pipelineId: pipeline.id,
        hookId: "be-concise",
        code: 'export default async function (ctx) {\n  ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe brief.";\n}\n',
      });
      const third = await api.runs.start.mutate({ pipelineId: pipeline.id, scenarioName: "default" });
      await waitForRun(api, third.runId);

      await page.goto(`/pipelines/${pipeline.id}`);
      await page.getByTestId("runs-link").click();
      await expect(page.getByTestId("dock-tab-runs")).toHaveAttribute("aria-selected", "true");
      const rows = page.getByTestId("run-row");
      await expect(rows).toHaveCount(3);
      const cells = (testId: string) => rows.getByTestId(testId).allInnerTexts();
      expect(await cells("run-revision")).toEqual(["2", "1", "1"]);
      expect(await cells("run-scenario-name")).toEqual(["default", "default", "three tools"]);
      expect(await cells("run-exit")).toEqual(["no_tool_calls", "no_tool_calls", "no_tool_calls"]);
      expect(await cells("run-expectations")).toEqual(["✗ 1 failed, 2 passed", "✓ 3 passed", "—"]);
      expect(await cells("run-model-calls")).toEqual(["1", "1", "4"]);
      for (const d of await cells("run-duration")) expect(d).toMatch(/^(\d+ ms|\d+\.\d s)$/);
      await expect(rows.first().getByTestId("run-revision")).toHaveAttribute("href", `/pipelines/${pipeline.id}/history?rev=2`);
      expect(await sidewaysOverflow(page)).toBe(0);

      await page.getByTestId("runs-filter").selectOption("default");
      await expect(rows).toHaveCount(2);
      await expect(page.getByTestId("compare-picked")).toBeDisabled();
      await rows.nth(0).getByTestId("run-pick").check();
      await rows.nth(1).getByTestId("run-pick").check();
      await page.getByTestId("compare-picked").click();
      // The older run is A.
      await expect(page).toHaveURL(new RegExp(`/runs/compare\\?a=${second.runId}&b=${third.runId}$`));
      await expect(page.getByTestId("divergent-hook")).toHaveText("be-concise", { timeout: 30_000 });
      await expect(page.getByTestId("compare-revision")).toHaveText(["revision 1", "revision 2"]);
      await expect(page).toHaveTitle("Compare runs · Hookwright");

      // Every run page links back to its revision.
      await page.goto(`/pipelines/${pipeline.id}/runs/${third.runId}`);
      await expect(page.getByTestId("run-revision")).toHaveAttribute("href", `/pipelines/${pipeline.id}/history?rev=2`);
    });
  });

  test.describe("small defects", () => {
    test("timeline and card name a hook alike, an error's place is shown once, an endless loop points at the loop", async ({ page, seedPipeline }) => {
      const base = example("Be concise");
      const pipeline = await seedPipeline(
        {
          ...base,
          limits: { timeoutMs: 200, memoryMiB: 64 },
          hooks: [
            {
              id: "h-words",
              point: "pre-model-call",
              name: "count-words",
              enabled: true,
              code: 'export default async function count(ctx: { systemPrompt: string | null }): Promise<void> {\n  const parts = (ctx.systemPrompt ?? "").split(" ");\n  throw new Error(`too many words: ${parts.length}`);\n}\n',
            },
            {
              id: "h-spin",
              point: "post-model-call",
              name: "spin",
              enabled: true,
              code: "export default async function spin(): Promise<void> {\n  let done = false;\n  while (!done) done = Math.random() > 2;\n}\n",
            },
          ],
        },
        { name: "Defects" },
      );
      await page.goto(`/pipelines/${pipeline.id}`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });

      const words = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="h-words"]').first();
      await expect(words.locator(".run-hook-head strong")).toHaveText("count-words");
      const error = words.getByTestId("hook-error");
      await expect(error).toContainText("too many words");
      // The sandbox names a hook's file by its id.
      expect(((await error.innerText()).match(/hooks\/h-words\.ts:3:\d+/g) ?? []).length).toBe(1);
      // The timeline row of that call uses the same name.
      await expect(page.locator('.run-timeline-row[data-type="hook.end"] .run-timeline-what').first()).toHaveText("count-words");

      const spin = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="h-spin"]').first();
      await expect(spin.getByTestId("hook-error")).toContainText("timed out after 200 ms");
      await expect(spin.getByTestId("hook-error")).toContainText("hooks/h-spin.ts:3:");
      await spin.getByTestId("hook-error").click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect(page.locator(".monaco-editor .active-line-number")).toHaveText("3");
    });

    test("the home page's title ends in · Hookwright, and a long run says “1 earlier hook call is in the timeline”", async ({ page, seedPipeline }) => {
      await page.goto("/");
      await expect(page).toHaveTitle("Pipelines · Hookwright");

      // 50 tool calls: pre-model-call runs 51 times, one card more than the 50 shown.
      const base = beConciseWithTools;
      const tools = base.scenarios?.[0];
      if (!tools || tools.model.kind !== "scripted") throw new Error("the three-tools scenario is missing");
      const responses = Array.from({ length: 50 }, (_, i) => ({
        content: [{ type: "tool_use" as const, id: `toolu_${i}`, name: "search", input: { query: `q${i}` } }],
        stopReason: "tool_use" as const,
      }));
      const long = {
        ...tools,
        name: "fifty tools",
        model: { ...tools.model, responses: [...responses, { content: [{ type: "text" as const, text: "Done." }], stopReason: "end_turn" as const }] },
        limits: { maxModelCalls: 60, maxToolCalls: 100, compactAtChars: null },
      };
      const pipeline = await seedPipeline({ ...base, scenarios: [long] }, { name: "Fifty tools" });
      await page.goto(`/pipelines/${pipeline.id}`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("1 earlier hook call is in the timeline.")).toBeVisible();
    });
  });
});
