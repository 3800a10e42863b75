import { readFile } from "node:fs/promises";
import type { Locator, Page, Request } from "@playwright/test";
import { showcase, twoPreModelHooks } from "./fixtures/designer";
import { openPoint } from "./fixtures/graph";
import { emptyRegistry } from "./fixtures/pipelines";
import { expect, test } from "./test";

/*
 * The designer as a new user meets it: the loop graph, the hook panel and Monaco, all
 * against the production build. Monaco is a real editor here: typing, completions and
 * diagnostics come from its TypeScript worker with the profile's generated types.
 */

const badge = (page: Page, point: string) => page.getByTestId(`point-badge-${point}`).first();
const rows = (page: Page) => page.getByTestId("hook-row");
const saveStatus = (page: Page) => page.getByTestId("save-status");

/** Monaco's visible text, with its non-breaking spaces made plain. */
async function editorText(page: Page): Promise<string> {
  const text = await page.locator(".monaco-editor .view-lines").innerText();
  return text.replace(/\u00a0/g, " ");
}

async function focusEditorEnd(page: Page): Promise<void> {
  await page.locator(".monaco-editor .view-lines").click();
  await page.keyboard.press("ControlOrMeta+End");
}

async function rowNames(list: Locator): Promise<string[]> {
  return list.getByTestId("hook-name").allInnerTexts();
}

test.describe("Designer", () => {
  test.describe("writing a hook", () => {
    test("a new user adds a hook, gets the context's fields, sees a read-only error, saves and finds the code after a reload", async ({
      page,
      uniqueName,
      api,
    }) => {
      const name = uniqueName("Designer pipeline");
      await page.goto("/");
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Host profile").selectOption("vellum");
      await page.getByRole("button", { name: "Create pipeline" }).click();
      await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
      const id = page.url().split("/").at(-1) ?? "";

      // The graph shows the point with no hooks yet; clicking it opens its panel.
      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("0");
      await openPoint(page, "pre-model-call");
      await expect(page.getByTestId("hook-panel-point")).toHaveText("pre-model-call");
      await expect(page.getByTestId("chain-doc")).toBeAttached();

      await page.getByTestId("add-hook").click();
      await expect(rows(page)).toHaveCount(1);
      await expect(saveStatus(page)).toHaveText("Saved");
      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("1");

      // Monaco opens the new hook, starting from the point's typed template.
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => editorText(page)).toContain("PreModelCallContext");

      await focusEditorEnd(page);
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Delete");
      await page.keyboard.insertText(
        'import type { PreModelCallContext } from "@vellumai/plugin-api";\n\nexport default async function shout(ctx: PreModelCallContext): Promise<void> {\n  ',
      );
      await page.keyboard.type("ctx.");
      const suggestions = page.locator(".suggest-widget .monaco-list-row");
      await expect(suggestions.filter({ hasText: "systemPrompt" })).toHaveCount(1, { timeout: 20_000 });
      await expect(suggestions.filter({ hasText: "modelProfile" })).toHaveCount(1);
      await expect(suggestions.filter({ hasText: "conversationId" })).toHaveCount(1);
      await page.keyboard.press("Escape");

      // Typed key by key, spaces included: nothing on the page may swallow keys meant for Monaco.
      await page.keyboard.type('conversationId = "x";');
      await page.keyboard.insertText("\n}\n");
      await expect(page.locator(".monaco-editor .squiggly-error").first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByTestId("diagnostics")).toContainText("Cannot assign to 'conversationId' because it is a read-only property");

      // Clicking the problem puts the cursor on its line (4), wherever it was.
      await page.keyboard.press("ControlOrMeta+Home");
      await expect(page.locator(".monaco-editor .active-line-number")).toHaveText("1");
      await page.getByTestId("diagnostics").getByRole("button").first().click();
      await expect(page.locator(".monaco-editor .active-line-number")).toHaveText("4");

      await page.keyboard.press("ControlOrMeta+S");
      await expect(saveStatus(page)).toHaveText("Saved");
      const stored = await api.pipelines.get.query({ id });
      expect(stored.document.hooks[0]?.code).toContain('ctx.conversationId = "x";');

      await page.reload();
      await openPoint(page, "pre-model-call");
      await page.getByTestId("hook-name").first().click();
      await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain('ctx.conversationId = "x";');
      await api.pipelines.delete.mutate({ id });
    });

    test("returning the wrong type is flagged on the hook's default export", async ({ page, seedPipeline }) => {
      const seeded = await seedPipeline(twoPreModelHooks, { name: "Wrong return" });
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "stop");
      await page.getByTestId("hook-name").first().click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await focusEditorEnd(page);
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.press("Delete");
      await page.keyboard.insertText("export default async function teardown() {\n  return 42;\n}\n");
      await expect(page.getByTestId("diagnostics")).toContainText("does not fit a stop hook", { timeout: 20_000 });
    });
  });

  test.describe("other profiles", () => {
    test("a registry pipeline draws its own loop and its typed template has no problems", async ({ page, seedPipeline }) => {
      const seeded = await seedPipeline(emptyRegistry, { name: "Registry designer" });
      await page.goto(`/pipelines/${seeded.id}`);
      await expect(page.getByTestId("point-badge-pre-model-call")).toHaveCount(0);
      await openPoint(page, "before_tool_call");
      await expect(page.getByTestId("hook-panel")).toContainText("sequential, stops at the first claim");
      await page.getByTestId("add-hook").click();
      await expect(page.getByTestId("point-count-before_tool_call").first()).toHaveText("1");
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => editorText(page)).toContain("export default");
      await page.waitForTimeout(3000);
      await expect(page.getByTestId("problem-counts")).toHaveText("none");
      await expect(saveStatus(page)).toHaveText("Saved");
    });
  });

  test.describe("shared modules", () => {
    test("a hook imports a shared module, and renaming the module's export flags the hook", async ({ page, seedPipeline }) => {
      const seeded = await seedPipeline(showcase, { name: "Modules" });
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "post-tool-use");
      await page.getByTestId("hook-name").filter({ hasText: "trim-output" }).click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => editorText(page)).toContain('from "../src/budget"');
      // Give the worker time to check the file: it resolves the import, so there is nothing to report.
      await page.waitForTimeout(3000);
      await expect(page.getByTestId("problem-counts")).toHaveText("none");

      await page.getByRole("button", { name: "src/budget.ts", exact: true }).click();
      await expect(page.getByTestId("open-file")).toHaveText("src/budget.ts");
      await expect.poll(() => editorText(page)).toContain("export function charBudget");
      await focusEditorEnd(page);
      await page.keyboard.press("ControlOrMeta+A");
      await page.keyboard.insertText("export function budgetFor(maxInputTokens: number): number {\n  return maxInputTokens;\n}\n");

      await page.getByTestId("hook-name").filter({ hasText: "trim-output" }).click();
      await expect(page.getByTestId("diagnostics")).toContainText("has no exported member", { timeout: 20_000 });
      await expect(page.getByTestId("diagnostics")).toContainText("charBudget");
    });
  });

  test.describe("ordering hooks", () => {
    test("a drag reorders two hooks, the order survives a reload, and disabling one lowers the badge", async ({ page, seedPipeline }) => {
      const seeded = await seedPipeline(twoPreModelHooks, { name: "Reorder" });
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "pre-model-call");
      const list = page.getByRole("list", { name: /Hooks on pre-model-call/ });
      expect(await rowNames(list)).toEqual(["first", "second"]);

      const second = rows(page).nth(1);
      const box = await second.boundingBox();
      await rows(page).nth(0).dragTo(second, { targetPosition: { x: 40, y: (box?.height ?? 30) - 4 } });
      await expect.poll(() => rowNames(list)).toEqual(["second", "first"]);
      await expect(saveStatus(page)).toHaveText("Saved");

      await page.reload();
      await openPoint(page, "pre-model-call");
      await expect.poll(() => rowNames(list)).toEqual(["second", "first"]);

      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("2");
      await rows(page).filter({ hasText: "first" }).getByRole("switch").click();
      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("1");
      await expect(rows(page).filter({ hasText: "first" }).getByTestId("run-position")).toHaveText("–");
      await expect(saveStatus(page)).toHaveText("Saved");
      await page.reload();
      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("1");
    });

    test("the keyboard alone reorders, deletes and undoes", async ({ page, seedPipeline }) => {
      const seeded = await seedPipeline(twoPreModelHooks, { name: "Keyboard" });
      await page.goto(`/pipelines/${seeded.id}`);
      await badge(page, "pre-model-call").focus();
      await page.keyboard.press("Enter");
      const list = page.getByRole("list", { name: /Hooks on pre-model-call/ });
      await rows(page).nth(0).focus();
      await page.keyboard.press("ArrowDown");
      await expect(rows(page).nth(1)).toBeFocused();
      await page.keyboard.press("Alt+ArrowUp");
      await expect.poll(() => rowNames(list)).toEqual(["second", "first"]);
      await expect(rows(page).nth(0)).toBeFocused();

      await page.keyboard.press("Delete");
      await expect.poll(() => rowNames(list)).toEqual(["first"]);
      await expect(page.getByRole("status").filter({ hasText: "Deleted hook “second”." })).toBeVisible();
      await page.keyboard.press("ControlOrMeta+Z");
      await expect.poll(() => rowNames(list)).toEqual(["second", "first"]);
      await page.keyboard.press("ControlOrMeta+Shift+Z");
      await expect.poll(() => rowNames(list)).toEqual(["first"]);
      await page.keyboard.press("ControlOrMeta+Z");
      await expect.poll(() => rowNames(list)).toEqual(["second", "first"]);
      await expect(saveStatus(page)).toHaveText("Saved");
    });
  });

  test.describe("saving", () => {
    test("a save from elsewhere shows a conflict, and keeping mine saves on top", async ({ page, seedPipeline, api }) => {
      const seeded = await seedPipeline(twoPreModelHooks, { name: "Conflict" });
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "pre-model-call");
      await expect(saveStatus(page)).toHaveText("Saved");

      // Another tab saves a new revision.
      const theirs = await api.pipelines.get.query({ id: seeded.id });
      await api.pipelines.save.mutate({ id: seeded.id, baseRevision: theirs.revision, document: { ...theirs.document, description: "theirs" } });

      await rows(page).filter({ hasText: "second" }).getByRole("switch").click();
      const dialog = page.getByTestId("conflict-dialog");
      await expect(dialog).toBeVisible();
      await expect(saveStatus(page)).toHaveText("Conflict");
      await dialog.getByRole("button", { name: "Keep mine" }).click();
      await expect(dialog).toBeHidden();
      await expect(saveStatus(page)).toHaveText("Saved");
      const head = await api.pipelines.get.query({ id: seeded.id });
      expect(head.revision).toBe(theirs.revision + 2);
      expect(head.document.hooks.find((h) => h.id === "second")?.enabled).toBe(false);
    });
  });

  test.describe("pipeline files", () => {
    test("export downloads the pipeline file; importing it opens a new pipeline, and a bad file lists its problems by field", async ({
      page,
      seedPipeline,
      uniqueName,
      api,
    }) => {
      const seeded = await seedPipeline(twoPreModelHooks, { name: uniqueName("Files") });
      await page.goto(`/pipelines/${seeded.id}`);
      const download = page.waitForEvent("download");
      await page.getByRole("button", { name: "Export file" }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^files-.*\.hookwright\.json$/);
      const exported = JSON.parse(await readFile(await file.path(), "utf8")) as { format: string; hooks: { id: string }[] };
      expect(exported.format).toBe("hookwright.pipeline/v1");
      expect(exported.hooks.map((h) => h.id)).toEqual(["first", "second", "teardown"]);

      const input = page.getByTestId("import-file");
      const broken = { ...exported, hooks: [{ id: "", point: "stop", code: "" }] };
      await input.setInputFiles({ name: "broken.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(broken)) });
      const problems = page.getByRole("dialog", { name: "Could not import broken.json" });
      await expect(problems).toBeVisible();
      await expect(problems.getByTestId("import-issues")).toContainText("hooks[0].id a hook needs an id");
      await expect(problems.getByTestId("import-issues")).toContainText("hooks[0].name");
      await problems.getByRole("button", { name: "Close" }).click();
      await expect(problems).toBeHidden();

      const importedName = uniqueName("Imported");
      await input.setInputFiles({
        name: "good.json",
        mimeType: "application/json",
        buffer: Buffer.from(JSON.stringify({ ...exported, name: importedName })),
      });
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(importedName);
      const importedId = page.url().split("/").at(-1) ?? "";
      expect(importedId).not.toBe(seeded.id);
      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("2");
      await api.pipelines.delete.mutate({ id: importedId });
    });
  });

  test.describe("network", () => {
    test("the designer and Monaco (with its workers) load nothing from outside 127.0.0.1", async ({ page, seedPipeline, baseURL }) => {
      const requests: string[] = [];
      const record = (r: Request) => requests.push(r.url());
      page.context().on("request", record);
      const seeded = await seedPipeline(twoPreModelHooks, { name: "Network" });
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "pre-model-call");
      await page.getByTestId("hook-name").first().click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect.poll(() => editorText(page)).toContain("export default");
      await focusEditorEnd(page);
      const lines = await page.locator(".monaco-editor .view-line").count();
      await page.keyboard.press("Enter");
      // The editor has the keys: the new line is there before completions are asked for.
      await expect(page.locator(".monaco-editor .view-line")).toHaveCount(lines + 1);
      // Asked of the TypeScript worker, which may still be starting: it answers once it is up
      // (it is never restarted underneath, see configureTypeScript), a few seconds at most.
      await page.keyboard.press("Control+Space");
      await expect(page.locator(".suggest-widget .monaco-list-row").first()).toBeVisible({ timeout: 20_000 });
      expect(requests.length).toBeGreaterThan(5);
      const outside = requests.filter((url) => !url.startsWith(`${baseURL}/`) && !/^(data|blob):/.test(url));
      expect(outside).toEqual([]);
    });
  });

  test("screenshot of a populated pipeline for the docs", async ({ page, seedPipeline }) => {
    test.skip(!process.env["HOOKWRIGHT_SCREENSHOT"], "set HOOKWRIGHT_SCREENSHOT=1 to refresh docs/screenshot-designer.png");
    await page.setViewportSize({ width: 1440, height: 900 });
    const seeded = await seedPipeline(showcase);
    await page.goto(`/pipelines/${seeded.id}`);
    await openPoint(page, "pre-model-call");
    await page.getByTestId("hook-name").first().click();
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => editorText(page)).toContain("export default");
    // Focus, not hover: the graph pans a badge out of view into it first, and shows its description.
    await badge(page, "init").focus();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: "docs/screenshot-designer.png" });
  });
});
