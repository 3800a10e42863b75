import type { PipelineInput } from "~/core/pipeline/schema";
import { expect, test } from "./test";

/*
 * Issue 15's npm dependencies as a user sees them: shell-quote is declared in the pipeline's
 * Settings, a hook imports it to parse the Bash command a tool ran, and the run's card shows
 * the parsed words. The server installs it from the npm registry (cached in .cache/deps).
 */

const gatePipeline: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Parse commands",
  profile: "vellum",
  hooks: [
    {
      id: "parse",
      point: "post-tool-use",
      name: "parse",
      enabled: true,
      code: [
        'import { parse } from "shell-quote";',
        "",
        "// Wrong on purpose: the editor shows it only once it has shell-quote's types.",
        'export const typed: number = parse("ls");',
        "",
        "export default function (ctx: any) {", "  console.log(JSON.stringify(parse(String(ctx.toolResponse.content))));", "}"].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "one command",
      prompt: "Clean up.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_1", name: "bash", input: { command: "x" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "bash", results: [`rm -rf "/tmp/a b" && echo 'hi there'`] }],
    },
  ],
};

test.describe("npm dependencies", () => {
  test("without the dependency the import says to declare it; declared in Settings, the hook parses the command", async ({ page, seedPipeline, uniqueName, api }) => {
    const seeded = await seedPipeline(gatePipeline, { name: uniqueName("Parse commands") });
    await page.goto(`/pipelines/${seeded.id}`);

    await page.getByTestId("run-button").click();
    const firstCard = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="parse"]').first();
    await expect(firstCard.getByTestId("hook-error")).toContainText(`Cannot import "shell-quote" from hooks/parse.ts: it is not a dependency of the pipeline; declare the npm package in the pipeline's Settings (Dependencies).`, {
      timeout: 30_000,
    });

    // The editor cannot resolve the import yet.
    await page.getByTestId("point-badge-post-tool-use").first().click();
    await page.getByTestId("hook-name").filter({ hasText: "parse" }).click();
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("diagnostics")).toContainText("Cannot find module 'shell-quote'", { timeout: 30_000 });

    await page.getByTestId("pipeline-settings-button").click();
    const settings = page.getByTestId("pipeline-settings");
    await expect(settings.getByText("No dependencies yet.")).toBeVisible();
    await settings.getByTestId("add-dependency").click();
    await settings.getByLabel("Package of dependency 1").fill("Shell Quote");
    await expect(settings.getByRole("alert")).toHaveText("lower-case letters, digits, - . _ ~, optionally @scope/name");
    await settings.getByLabel("Package of dependency 1").fill("shell-quote");
    await settings.getByLabel("Version range of shell-quote").fill("file:../x");
    await expect(settings.getByRole("alert")).toHaveText("a registry version range (^1.8.1, >=2 <3, 1.x) or tag (latest); file:, git and URLs are not allowed");
    await settings.getByLabel("Version range of shell-quote").fill("^1.8.1");
    await expect(settings.getByRole("alert")).toHaveCount(0);
    await settings.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("pipeline-settings-button")).toHaveText("Settings (1)");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await api.pipelines.get.query({ id: seeded.id })).document.settings).toEqual({ env: [], dependencies: [{ name: "shell-quote", range: "^1.8.1" }] });

    // The server sends shell-quote's own declarations to Monaco: the import resolves and parse is typed.
    await expect(page.getByTestId("diagnostics")).toContainText("is not assignable to type 'number'", { timeout: 30_000 });
    await expect(page.getByTestId("diagnostics")).not.toContainText("Cannot find module");

    await page.getByTestId("run-button").click();
    await expect(page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="parse"] .run-log-log').first()).toHaveText(
      'log ["rm","-rf","/tmp/a b",{"op":"&&"},"echo","hi there"]',
      { timeout: 60_000 },
    );
  });
});
