import { readFile } from "node:fs/promises";
import { unzipSync, strToU8 } from "fflate";
import { exportVellumPlugin } from "~/core/bundles/exportVellum";
import { chainedPipeline } from "~/core/bundles/fixtures/pipelines";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import { vellumProfile } from "~/core/profiles";
import { buildRawZip } from "~/server/bundles/testing/rawZip";
import { zipPlugin } from "~/server/bundles/zip";
import { expect, test } from "./test";

/*
 * Pipelines leave Hookwright as Vellum plugins and come back: the designer's "Export
 * plugin…" downloads the zip the host installs, and "Import plugin…" turns a plugin zip into
 * a new pipeline shown on its loop graph.
 */

const decoder = new TextDecoder();

test.describe("Bundles", () => {
  test.describe("exporting from the designer", () => {
    test("Export plugin… downloads a zip whose files are the pipeline as a Vellum plugin", async ({ page, seedPipeline, uniqueName, api }) => {
      const seeded = await seedPipeline(chainedPipeline, { name: uniqueName("Tool Result Guard") });
      const saved = await api.pipelines.get.query({ id: seeded.id });
      const expected = exportVellumPlugin(saved.document, { profile: vellumProfile });

      await page.goto(`/pipelines/${seeded.id}`);
      await page.getByRole("button", { name: "Export plugin…" }).click();
      const dialog = page.getByRole("dialog", { name: "Export as a Vellum plugin" });
      await expect(dialog.getByRole("list", { name: "Files in the plugin" }).getByRole("listitem")).toHaveCount(expected.files.length);
      await expect(dialog).toContainText("hookwright/post-tool-use.02-coach-on-errors.ts");

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        dialog.getByRole("link", { name: `Download ${expected.pluginName}.zip` }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${expected.pluginName}.zip`);
      const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
      const files = Object.entries(zip).map(([path, bytes]) => ({ path, content: decoder.decode(bytes) }));
      expect(files).toEqual(expected.files.map((f) => ({ path: `${expected.pluginName}/${f.path}`, content: f.content })));
    });
  });

  test.describe("importing on the pipelines list", () => {
    test("Import plugin… turns a plugin zip into a new pipeline and opens it on its graph", async ({ page, api, uniqueName }) => {
      const name = uniqueName("Imported guard");
      const bundle = exportVellumPlugin({ ...chainedPipelineParsed(), name }, { profile: vellumProfile });
      const zip = zipPlugin(bundle.pluginName, bundle.files);

      await page.goto("/");
      await page.getByTestId("import-plugin-file").setInputFiles({ name: `${bundle.pluginName}.zip`, mimeType: "application/zip", buffer: Buffer.from(zip) });
      await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
      await expect(page).toHaveTitle(`${name} · Hookwright`);
      // The graph counts the enabled hooks on each point: the two chained ones (the third is disabled), and one more.
      await expect(page.getByTestId("point-count-post-tool-use").first()).toHaveText("2");
      await expect(page.getByTestId("point-count-pre-model-call").first()).toHaveText("1");

      const id = page.url().split("/").at(-1) ?? "";
      const created = await api.pipelines.get.query({ id });
      expect(created.document.hooks.map((h) => h.id)).toEqual(["truncate", "shout", "coach", "prompt"]);
      await api.pipelines.delete.mutate({ id });
    });

    test("a refused archive is explained and nothing is created", async ({ page, api }) => {
      const before = (await api.pipelines.list.query()).length;
      await page.goto("/");
      await page.getByTestId("import-plugin-file").setInputFiles({
        name: "evil.zip",
        mimeType: "application/zip",
        buffer: Buffer.from(buildRawZip([{ name: "plugin/../../evil.ts", data: "x" }])),
      });
      const dialog = page.getByRole("dialog", { name: "Could not import evil.zip" });
      await expect(dialog).toContainText('Entry "plugin/../../evil.ts" contains "..", which could point outside the plugin folder.');
      await dialog.getByRole("button", { name: "Close" }).click();
      expect((await api.pipelines.list.query()).length).toBe(before);
    });

    test("a file over the upload limit is refused before it is sent", async ({ page }) => {
      const requests: string[] = [];
      page.on("request", (r) => {
        if (r.url().includes("/api/bundles/import")) requests.push(r.url());
      });
      await page.goto("/");
      await page.getByTestId("import-plugin-file").setInputFiles({ name: "huge.zip", mimeType: "application/zip", buffer: Buffer.from(strToU8("x".repeat(11 * 1024 * 1024))) });
      const dialog = page.getByRole("dialog", { name: "The file is too large" });
      await expect(dialog).toContainText("The archive is 11 MB; at most 10 MB are allowed.");
      expect(requests).toEqual([]);
    });
  });
});

function chainedPipelineParsed(): Pipeline {
  const parsed = parsePipeline(chainedPipeline);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}
