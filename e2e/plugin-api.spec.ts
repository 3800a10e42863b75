import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { zipSync } from "fflate";
import { expect, test } from "./test";

/*
 * The Vellum host's own image-fallback plugin, imported as it is: its hooks import runtime values
 * from "@vellumai/plugin-api" (doesSupportVision, getModelProfiles, getConfiguredProvider), which
 * the Vellum profile's sandbox provides. In the scenario form the user attaches an image to the
 * prompt, names a text-only active profile and a vision profile, and scripts the caption the
 * hook's own model call gets; the run shows that call on the hook's card and the caption in place
 * of the image. With no reply left, the call fails with words naming the field to fill, and one
 * click on the card adds a reply the next run uses.
 */

const PLUGIN = ".cache/vellumai-assistant-0.10.5/package/src/plugins/defaults/image-fallback";
/** A 1×1 red PNG. */
const RED_PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg==";

async function pluginZip(): Promise<Buffer> {
  const files: Record<string, Uint8Array> = {};
  for (const entry of await readdir(PLUGIN, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    if (relative(PLUGIN, path).startsWith("__tests__")) continue;
    files[`image-fallback/${relative(PLUGIN, path)}`] = new Uint8Array(await readFile(path));
  }
  return Buffer.from(zipSync(files));
}

test.describe("the plugin API's runtime values", () => {
  test("image-fallback, imported as it is, captions a prompt's image through the scenario's vision profile and scripted reply", async ({ page, api }) => {
    await page.goto("/");
    await page.getByTestId("import-plugin-file").setInputFiles({ name: "image-fallback.zip", mimeType: "application/zip", buffer: await pluginZip() });
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";
    try {
      await page.getByRole("button", { name: "Edit scenario" }).click();
      const form = page.getByTestId("scenario-form");
      await form.getByLabel("Prompt", { exact: true }).fill("What is in this image?");
      await form.getByLabel("Attach an image to the prompt").setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: Buffer.from(RED_PIXEL, "base64") });
      await expect(form.getByTestId("scenario-attachments")).toContainText("image/png");

      const inference = form.getByTestId("scenario-inference");
      await inference.getByRole("button", { name: "Add profile" }).click();
      await inference.getByLabel("Key of profile 1").fill("local");
      await inference.getByLabel("Provider of profile local").fill("ollama");
      await inference.getByLabel("Model of profile local").fill("llama3.2");
      await inference.getByRole("button", { name: "Add profile" }).click();
      await inference.getByLabel("Key of profile 2").fill("claude");
      await inference.getByLabel("Provider of profile claude").fill("anthropic");
      await inference.getByLabel("Model of profile claude").fill("claude-sonnet-4-6");
      await inference.getByLabel("Active profile").selectOption("local");
      await inference.getByRole("button", { name: "Add reply" }).click();
      await inference.getByLabel("Reply to hooks' model call 1").fill("A single red pixel.");
      await expect(page.getByTestId("save-status")).toHaveText("Saved");

      const saved = await api.pipelines.get.query({ id });
      const scenario = saved.document.scenarios[0];
      expect(scenario?.attachments).toEqual([{ mimeType: "image/png", data: RED_PIXEL }]);
      expect(scenario?.inference).toEqual({
        activeProfile: "local",
        profiles: { local: { provider: "ollama", model: "llama3.2" }, claude: { provider: "anthropic", model: "claude-sonnet-4-6" } },
        replies: [{ text: "A single red pixel.", stopReason: "end_turn" }],
      });

      await page.getByTestId("run-button").click();
      const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="user-prompt-submit"]').first();
      await expect(card).toBeVisible({ timeout: 30_000 });
      await expect(card.getByTestId("hook-error")).toHaveCount(0);
      const call = card.getByTestId("hook-inference-call");
      await expect(call).toHaveCount(1);
      await expect(call.locator("p").first()).toHaveText("vision profile claude (anthropic / claude-sonnet-4-6) → end_turn");
      await expect(call.getByLabel("sent")).toContainText("user: [image image/png, 96 characters of base64] Describe this image concisely for a text-only assistant.");
      await expect(call.getByLabel("reply")).toHaveText("A single red pixel.");
      await expect(card).toContainText("[Image auto-described for text-only model: A single red pixel.]");
      await expect(card.locator(".run-log-info")).toContainText("Replaced image blocks with text captions for text-only model");
      // AbortSignal.timeout(30_000) on the caption call is unref'd, as in Node: no pending-timer warning on the card.
      await expect(card.locator(".run-log-warn")).toHaveCount(0);
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });

      // No reply left: the hook's call fails naming the field, and the host's placeholder replaces the image.
      await inference.getByRole("button", { name: "Remove reply" }).click();
      await expect(page.getByTestId("save-status")).toHaveText("Saved");
      await page.getByTestId("run-button").click();
      const again = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="user-prompt-submit"]').first();
      await expect(again.getByTestId("hook-inference-call")).toContainText(
        'no scripted reply for the hooks\' model call #1 (call site "vision", profile "claude"): add one in the scenario\'s inference replies (inference.replies)',
        { timeout: 30_000 },
      );
      await expect(again).toContainText("[Image: auto-description failed (text-only model)]");
      // The plugin logs { err }: the card shows the Error's name, message and stack (at the plugin's own line), not {}.
      await expect(again.locator(".run-log-warn")).toContainText('Vision captioning call failed {"plugin":"image-fallback","err":{"name":"Error","message":"no scripted reply');
      await expect(again.locator(".run-log-warn")).toContainText("at captionImage (src/vision-caption.ts:86:48)");

      // One click adds a reply for that call; the next run's caption is it.
      await again.getByTestId("add-inference-reply").click();
      await expect(again.getByTestId("hook-inference-call")).toContainText("a reply is in scenario");
      await expect(page.getByTestId("save-status")).toHaveText("Saved");
      expect((await api.pipelines.get.query({ id })).document.scenarios[0]?.inference?.replies).toEqual([{ text: "Reply to the vision call.", stopReason: "end_turn" }]);
      await expect(inference.getByLabel("Reply to hooks' model call 1")).toHaveValue("Reply to the vision call.");
      await page.getByTestId("run-button").click();
      const third = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="user-prompt-submit"]').first();
      await expect(third).toContainText("[Image auto-described for text-only model: Reply to the vision call.]", { timeout: 30_000 });
    } finally {
      await api.pipelines.delete.mutate({ id });
    }
  });
});
