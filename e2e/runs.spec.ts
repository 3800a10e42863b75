import { beConciseWithTools, editHookCode, throwingHook } from "./fixtures/runs";
import { expect, test } from "./test";

test.describe("Runs", () => {
  test.describe("running", () => {
    test("the pre-model-call hook's card shows the system prompt diff while the run is in progress", async ({ page, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(beConciseWithTools, { name: uniqueName("Be concise") });
      // In the designer. pace=250: the server records one event every 250 ms (an explicit run option),
      // so the run is visibly in progress.
      await page.goto(`/pipelines/${pipeline.id}?pace=250`);
      await expect(page.getByTestId("run-scenario")).toHaveText("three tools");
      await page.getByTestId("run-button").click();

      const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="be-concise"]').first();
      await expect(card).toBeVisible();
      await expect(card.getByTestId("hook-status")).toHaveText("changed 1 field");
      await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
      // The card is there while the run is still going.
      await expect(page.getByTestId("step-label")).toContainText("(running)");
      // The designer's graph lights the point the run is at.
      await expect(page.locator('[data-testid="point-badge-pre-model-call"][class*="activeBadge"]')).toBeVisible();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
    });
  });

  test.describe("errors", () => {
    test("a hook that throws shows the message and its line, and clicking opens the hook there", async ({ page, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(throwingHook, { name: uniqueName("Throws") });
      await page.goto(`/pipelines/${pipeline.id}`);
      await page.getByTestId("run-button").click();
      const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="boom"]').first();
      await expect(card.getByTestId("hook-status")).toHaveText("threw");
      const error = card.getByTestId("hook-error");
      await expect(error).toContainText("too many words: 5");
      await expect(error).toContainText("hooks/boom.ts:3:");
      await error.click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      await expect(page.locator(".monaco-editor .active-line-number")).toHaveText("3");
    });
  });

  test.describe("replaying", () => {
    test("opening a run from history and pressing J three times shows the third hook's diff", async ({ page, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(beConciseWithTools, { name: uniqueName("Be concise") });
      await page.goto(`/pipelines/${pipeline.id}/runs`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });

      // Later: a fresh page, the run found in the history.
      await page.goto(`/pipelines/${pipeline.id}/runs`);
      await page.getByRole("table", { name: "Run history" }).getByTestId("run-link").first().click();
      await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
      await expect(page.getByTestId("step-detail")).toContainText("Run of");

      for (let i = 0; i < 3; i++) await page.keyboard.press("j");
      const card = page.getByTestId("step-detail").getByTestId("hook-card");
      await expect(card).toHaveAttribute("data-hook-id", "be-concise");
      await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
      const seq = await card.getAttribute("data-seq");
      await expect(page).toHaveURL(new RegExp(`step=${seq}$`));
      await expect(page.getByTestId("run-graph")).toHaveAttribute("data-active-hook", "be-concise");

      // The deep link reopens the run at that step.
      await page.reload();
      await expect(page.getByTestId("step-detail").getByTestId("hook-card")).toHaveAttribute("data-seq", seq ?? "");
      await expect(page.getByTestId("step-detail").locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
    });
  });

  test.describe("re-running", () => {
    test("after editing the hook, the comparison points at the changed hook", async ({ page, api, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(beConciseWithTools, { name: uniqueName("Be concise") });
      await page.goto(`/pipelines/${pipeline.id}/runs`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      await page.getByRole("link", { name: "Open replay" }).click();
      await expect(page.getByTestId("step-detail")).toContainText("Run of");

      await editHookCode(api, {
        pipelineId: pipeline.id,
        hookId: "be-concise",
        code: 'export default async function (ctx) {\n  ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe brief.";\n}\n',
      });
      await page.getByTestId("rerun-button").click();
      await expect(page).toHaveURL(/\/runs\/compare\?a=.+&b=.+/);
      await expect(page.getByTestId("divergent-hook")).toHaveText("be-concise", { timeout: 30_000 });
      await expect(page.getByTestId("divergence")).toContainText("changed the context differently");
      await expect(page.getByTestId("compare-step")).toContainText("hook.end be-concise");
      const diff = page.getByTestId("context-diff").locator('[data-field="systemPrompt"]');
      await expect(diff.locator("del")).toContainText("concise");
      await expect(diff.locator("ins")).toContainText("brief");
    });
  });
});
