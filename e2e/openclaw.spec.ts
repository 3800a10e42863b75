import type { Page } from "@playwright/test";
import { openPoint } from "./fixtures/graph";
import { expect, test } from "./test";

/*
 * The OpenClaw profile as a new user meets it: a new openclaw pipeline, a before_prompt_build
 * hook that the host would drop until the plugin may touch the conversation (the
 * allowConversationAccess trap, drawn as such), turned on, run, and its result on the hook's card.
 */

const rows = (page: Page) => page.getByTestId("hook-row");

test.describe("OpenClaw", () => {
  test("a new openclaw pipeline: a before_prompt_build hook is gated off until allowConversationAccess is on, then runs", async ({ page, api, uniqueName }) => {
    const name = uniqueName("Claw prompt");
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Host profile").selectOption("openclaw");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    // The point list beside the graph reaches every one of the 23 points, whatever the graph's zoom.
    await page.getByTestId("point-item-before_prompt_build").click();
    await expect(page.getByTestId("hook-panel-point")).toHaveText("before_prompt_build");
    await expect(page.getByTestId("ordering-reason")).toContainText("priority 50 runs before priority 0");
    await page.getByTestId("add-hook").click();
    await expect(rows(page)).toHaveCount(1);

    // The host's default for an installed plugin: the loader drops conversation hooks.
    const setting = page.getByTestId("host-setting-allowConversationAccess");
    await expect(setting).not.toBeChecked();
    await expect(page.getByTestId("hook-gated")).toContainText("allowConversationAccess=true");
    await expect(page.getByTestId("run-position")).toHaveText("–");

    await setting.check();
    await expect(page.getByTestId("hook-gated")).toHaveCount(0);
    await expect(page.getByTestId("run-position")).toHaveText("1");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");

    // Priority and budget are hook options of the profile.
    await rows(page).getByLabel("priority").fill("50");
    await rows(page).getByLabel("priority").press("Enter");
    await rows(page).getByTestId("hook-timeout").fill("2000");
    await rows(page).getByTestId("hook-timeout").press("Enter");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");

    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
    const card = page.locator('.run-hook-cards [data-testid="hook-card"]').first();
    await expect(card).toBeVisible();
    await expect(card).toContainText("before_prompt_build");
    // What the handler returned, as the host's runner reads it.
    await expect(card.getByTestId("hook-output")).toHaveText('returned: {"prependContext":"Answer in British English."}');

    const saved = await api.pipelines.get.query({ id });
    const hook = saved.document.hooks[0];
    expect(saved.document.hostSettings).toEqual({ allowConversationAccess: true });
    expect([hook?.point, hook?.priority, hook?.timeoutMs]).toEqual(["before_prompt_build", 50, 2000]);
    await api.pipelines.delete.mutate({ id });
  });

  test("a tool matcher the host's loader would refuse is refused with its reason", async ({ page, api, uniqueName }) => {
    const name = uniqueName("Claw matcher");
    const created = await api.pipelines.create.mutate({ from: "blank", name, profile: "openclaw" });
    await page.goto(`/pipelines/${created.id}`);
    // 23 points: the graph zooms to one stage of the run, where its badges are readable and clickable.
    await page.getByTestId("stage-tools").click();
    await openPoint(page, "before_tool_call");
    await expect(page.getByTestId("hook-panel-point")).toHaveText("before_tool_call");
    await page.getByTestId("add-hook").click();
    const matcher = rows(page).getByTestId("hook-matcher");
    await matcher.fill("bash");
    await matcher.press("Enter");
    await expect(page.getByTestId("matcher-error")).toHaveText("TypeError: tool hook matcher entries must use canonical OpenClaw tool ids");
    await matcher.fill("*");
    await matcher.press("Enter");
    await expect(page.getByTestId("matcher-error")).toHaveText("TypeError: tool hook matcher wildcard entries are not supported");
    await matcher.fill("exec, Web_Search");
    await matcher.press("Enter");
    await expect(page.getByTestId("matcher-error")).toHaveCount(0);
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const saved = await api.pipelines.get.query({ id: created.id });
    expect(saved.document.hooks[0]?.matcher).toEqual(["exec", "Web_Search"]);
    await api.pipelines.delete.mutate({ id: created.id });
  });
});
