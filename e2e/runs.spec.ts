import { expect, test } from "@playwright/test";
import { createBeConcise, editHookCode } from "./fixtures/runs";

test.describe("Runs", () => {
  test.describe("running", () => {
    test("the pre-model-call hook's card shows the system prompt diff while the run is in progress", async ({ page, request }) => {
      const pipeline = await createBeConcise(request);
      // pace=400: the server records one event every 400 ms, so the run is visibly in progress.
      await page.goto(`/pipelines/${pipeline.id}/runs?pace=400`);
      await page.getByLabel("Scenario").selectOption("three tools");
      await page.getByTestId("run-button").click();

      const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="be-concise"]').first();
      await expect(card).toBeVisible();
      await expect(card.getByTestId("hook-status")).toHaveText("changed 1 field");
      await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
      // Still running when the card appeared.
      await expect(page.getByTestId("step-label")).toContainText("(running)");
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
    });
  });

  test.describe("replaying", () => {
    test("opening a run from history and pressing J three times shows the third hook's diff", async ({ page, request }) => {
      const pipeline = await createBeConcise(request);
      await page.goto(`/pipelines/${pipeline.id}/runs`);
      await page.getByLabel("Scenario").selectOption("three tools");
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });

      await page.reload();
      await page.getByText("Run history").click();
      await page.getByRole("table", { name: "Run history" }).getByRole("link").first().click();
      await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+/);
      await expect(page.getByTestId("step-detail")).toContainText("Run of");

      for (let i = 0; i < 3; i++) await page.keyboard.press("j");
      const card = page.getByTestId("step-detail").getByTestId("hook-card");
      await expect(card).toHaveAttribute("data-hook-id", "be-concise");
      await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
      // The third of the four pre-model-call hook calls, and the deep link says so.
      const seq = await card.getAttribute("data-seq");
      await expect(page).toHaveURL(new RegExp(`step=${seq}$`));
      await page.reload();
      await expect(page.getByTestId("step-detail").getByTestId("hook-card")).toHaveAttribute("data-seq", seq ?? "");
      await expect(page.getByTestId("run-graph")).toHaveAttribute("data-active-hook", "be-concise");
    });
  });

  test.describe("re-running", () => {
    test("after editing the hook, the comparison points at the changed hook", async ({ page, request }) => {
      const pipeline = await createBeConcise(request);
      await page.goto(`/pipelines/${pipeline.id}/runs`);
      await page.getByLabel("Scenario").selectOption("three tools");
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      await page.getByRole("link", { name: "Open replay" }).click();
      await expect(page.getByTestId("step-detail")).toContainText("Run of");

      await editHookCode(
        request,
        pipeline.id,
        "be-concise",
        'export default async function (ctx) { ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nBe brief."; }\n',
      );
      await page.getByTestId("rerun-button").click();
      await expect(page).toHaveURL(/\/runs\/compare\?a=.+&b=.+/);
      await expect(page.getByTestId("divergent-hook")).toHaveText("be-concise", { timeout: 30_000 });
      await expect(page.getByTestId("divergence")).toContainText("changed the context differently");
      const diff = page.getByTestId("context-diff").locator('[data-field="systemPrompt"]');
      await expect(diff.locator("del")).toContainText("concise");
      await expect(diff.locator("ins")).toContainText("brief");
    });
  });
});
