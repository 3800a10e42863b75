import { emptyRegistry, guardRails } from "./fixtures/pipelines";
import { expect, test } from "./test";
import type { Page } from "@playwright/test";

const rowOf = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

test.describe("Pipelines", () => {
  test.describe("the list page", () => {
    test("a new user creates, renames, reloads, duplicates and deletes a pipeline", async ({ page, uniqueName }) => {
      const name = uniqueName("My first pipeline");
      const renamed = uniqueName("Renamed pipeline");

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1, name: "Pipelines" })).toBeVisible();

      // Create: the app opens the new pipeline.
      await page.getByLabel("Name", { exact: true }).fill(name);
      await page.getByLabel("Host profile").selectOption("vellum");
      await page.getByRole("button", { name: "Create pipeline" }).click();
      await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
      await expect(page).toHaveTitle(`${name} · Hookwright`);

      // Rename inline on the list.
      await page.getByRole("link", { name: "Pipelines", exact: true }).click();
      await rowOf(page, name).getByRole("button", { name: `Rename “${name}”` }).click();
      const field = page.getByLabel(`New name for “${name}”`);
      await expect(field).toBeFocused();
      await field.fill(renamed);
      await field.press("Enter");
      await expect(page.getByRole("status")).toHaveText(`Renamed to “${renamed}”.`);
      await expect(rowOf(page, renamed).getByRole("button", { name: `Rename “${renamed}”` })).toBeFocused();

      // It is stored, not just shown: a reload reads it back, at revision 2.
      await page.reload();
      const row = rowOf(page, renamed);
      await expect(row).toBeVisible();
      await expect(row.getByRole("cell").nth(1)).toHaveText("Vellum assistant plugins");
      await expect(row.getByRole("cell").nth(3)).toHaveText("2");
      await expect(rowOf(page, name)).toHaveCount(0);

      // Duplicate.
      await row.getByRole("button", { name: `Duplicate “${renamed}”` }).click();
      await expect(rowOf(page, `${renamed} (copy)`)).toBeVisible();

      // Delete, confirming in the dialog.
      await row.getByRole("button", { name: `Delete “${renamed}”` }).click();
      const dialog = page.getByRole("dialog", { name: `Delete “${renamed}”?` });
      await expect(dialog).toContainText("This deletes the pipeline and all 2 revisions.");
      await dialog.getByRole("button", { name: "Delete pipeline" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status")).toHaveText(`Deleted “${renamed}”.`);
      await expect(rowOf(page, renamed)).toHaveCount(0);

      await page.reload();
      await expect(rowOf(page, renamed)).toHaveCount(0);
      const copy = rowOf(page, `${renamed} (copy)`);
      await expect(copy).toBeVisible();

      // Clean up the copy with the keyboard only.
      await copy.getByRole("button", { name: `Delete “${renamed} (copy)”` }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("dialog")).toBeVisible();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Enter");
      await expect(rowOf(page, `${renamed} (copy)`)).toHaveCount(0);
    });

    test("an empty name is refused with the server's message under the field", async ({ page }) => {
      await page.goto("/");
      await page.getByLabel("Name", { exact: true }).fill("   ");
      await page.getByRole("button", { name: "Create pipeline" }).click();

      const field = page.getByLabel("Name", { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription("a pipeline needs a name");
      await expect(page).toHaveURL(/\/$/);
    });

    test("Escape cancels a rename and Cancel keeps a pipeline", async ({ page, seedPipeline, uniqueName }) => {
      const { name } = await seedPipeline(emptyRegistry, { name: uniqueName("Keep me") });
      await page.goto("/");
      const row = rowOf(page, name);

      await row.getByRole("button", { name: `Rename “${name}”` }).click();
      await page.getByLabel(`New name for “${name}”`).fill("Something else");
      await page.keyboard.press("Escape");
      await expect(row.getByRole("button", { name: `Rename “${name}”` })).toBeFocused();

      await row.getByRole("button", { name: `Delete “${name}”` }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
      await page.reload();
      await expect(rowOf(page, name)).toBeVisible();
    });

    test("a new pipeline can start from an example", async ({ page, api }) => {
      const [example] = (await api.pipelines.choices.query()).examples;
      test.skip(!example, "the app ships no examples");
      if (!example) return;

      await page.goto("/");
      await page.getByRole("button", { name: `Start from example “${example.name}”` }).click();
      await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
      await expect(page).toHaveTitle(`${example.name} · Hookwright`);

      const id = page.url().split("/").pop() ?? "";
      const created = await api.pipelines.get.query({ id });
      expect(created.document.hooks).toHaveLength(example.hookCount);
      await api.pipelines.delete.mutate({ id });
    });
  });

  test.describe("the pipeline page", () => {
    test("opens a seeded pipeline under its own name", async ({ page, seedPipeline, uniqueName }) => {
      const seeded = await seedPipeline(guardRails, { name: uniqueName("Guard rails") });
      const response = await page.goto(`/pipelines/${seeded.id}`);

      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(`${seeded.name} · Hookwright`);
    });

    test("a deleted pipeline's address says it is not there", async ({ page, api, seedPipeline, uniqueName }) => {
      const seeded = await seedPipeline(emptyRegistry, { name: uniqueName("Gone") });
      await api.pipelines.delete.mutate({ id: seeded.id });

      const response = await page.goto(`/pipelines/${seeded.id}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Not found");
    });
  });
});
