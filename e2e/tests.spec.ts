import type { Page } from "@playwright/test";
import type { PipelineInput } from "~/core/pipeline/schema";
import { openPoint } from "./fixtures/graph";
import { editHookCode } from "./fixtures/runs";
import { conciseCode, conciseUntested } from "./fixtures/tests";
import { expect, test } from "./test";

/** A FIM One guard whose class names it `readonly_guard` (its row is "Read-only guard"). */
const guardedSql: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Guarded SQL",
  profile: "fim-one",
  hooks: [
    {
      id: "guard",
      point: "PreToolUse",
      name: "Read-only guard",
      code: "export default class ReadonlyGuard {\n  name = 'readonly_guard';\n  async execute(ctx) { return ctx.tool_args.sql.startsWith('DELETE') ? { allow: false } : {}; }\n}\n",
    },
  ],
};

/** Replaces the open hook's code in Monaco, as a user pasting over it would. */
async function replaceHookCode(page: Page, code: string) {
  await openPoint(page, "pre-model-call");
  await page.getByTestId("hook-name").filter({ hasText: "be-concise" }).click();
  await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
  await page.locator(".monaco-editor .view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(code);
}

test.describe("Tests", () => {
  test.describe("expectations", () => {
    test("an expectation added from a hook card fails when the hook breaks, with its reason, and passes once it is fixed", async ({ page, api, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(conciseUntested, { name: uniqueName("Concise") });
      await page.goto(`/pipelines/${pipeline.id}`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });

      // One click on the hook card: the system prompt the host reads back after pre-model-call.
      const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="be-concise"]').first();
      await card.getByTestId("expect-field-systemPrompt").click();
      await expect(card.getByRole("status")).toContainText('expected: systemPrompt = "You are a helpful assistant.\\nBe concise."');
      await expect
        .poll(async () => (await api.pipelines.get.query({ id: pipeline.id })).document.scenarios[0]?.expectations, { timeout: 10_000 })
        .toEqual([{ kind: "context", point: "pre-model-call", path: "/systemPrompt", occurrence: 1, op: "equals", value: "You are a helpful assistant.\nBe concise." }]);

      // Break the hook: it now asks for brevity instead.
      await replaceHookCode(page, conciseCode("\nBe brief."));
      await page.getByTestId("test-all").click();
      const results = page.getByTestId("test-results");
      await expect(results.getByTestId("test-summary")).toHaveText("1 failed, 1 passed", { timeout: 60_000 });
      const greeting = results.locator('[data-testid="test-row"][data-scenario="greeting"]');
      await expect(greeting).toHaveAttribute("data-pass", "false");
      await expect(results.locator('[data-testid="test-row"][data-scenario="lookup"]')).toHaveAttribute("data-pass", "true");
      const failure = greeting.getByTestId("test-failure");
      await expect(failure).toContainText("/systemPrompt");
      await expect(failure).toContainText("Be brief.");

      // The failure opens the run at the step that broke it.
      await greeting.getByTestId("test-failure-link").click();
      await expect(page).toHaveURL(/\/runs\/[0-9a-f-]+\?step=\d+$/);
      const step = Number(new URL(page.url()).searchParams.get("step"));
      await expect(page.getByTestId("step-label")).toContainText(`event ${step} of`);
      const result = page.getByTestId("expectation-result");
      await expect(result).toHaveAttribute("data-pass", "false");
      await expect(result.getByTestId("expectation-reason")).toContainText("Be brief.");
      const head = await api.pipelines.get.query({ id: pipeline.id });
      await expect(page.getByTestId("run-revision")).toHaveText(`revision ${head.revision}`);
      await expect(page.getByTestId("run-revision")).toHaveAttribute("href", `/pipelines/${pipeline.id}/history?rev=${head.revision}`);

      // Fix it and test again.
      await page.goto(`/pipelines/${pipeline.id}`);
      await replaceHookCode(page, conciseCode("\nBe concise."));
      await page.getByTestId("test-all").click();
      await expect(page.getByTestId("test-results").getByTestId("test-summary")).toHaveText("all 2 passed", { timeout: 60_000 });
    });
  });

  test.describe("one point alone", () => {
    test("runs pre-model-call alone on an edited context and shows the hook's card and diff", async ({ page, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(conciseUntested, { name: uniqueName("Concise") });
      await page.goto(`/pipelines/${pipeline.id}`);
      await openPoint(page, "pre-model-call");
      await page.getByTestId("badge-run-pre-model-call").click();

      const dialog = page.getByTestId("point-run-dialog");
      await expect(dialog.getByTestId("point-context-source")).toContainText("example context");
      const box = dialog.getByTestId("point-context");
      await expect(box).not.toHaveValue("");
      const example = JSON.parse(await box.inputValue()) as Record<string, unknown>;

      await box.fill('{ "systemPrompt": }');
      await expect(dialog.getByTestId("point-context-problem")).toHaveText("Not valid JSON at line 1, column 19: expected a value.");
      await expect(dialog.getByTestId("point-run-button")).toBeDisabled();

      await box.fill(JSON.stringify({ ...example, callSite: "mainAgent", systemPrompt: "You are a pirate." }, null, 2));
      await dialog.getByTestId("point-run-button").click();
      const card = dialog.locator('[data-testid="hook-card"][data-hook-id="be-concise"]');
      await expect(card.getByTestId("hook-status")).toHaveText("changed 1 field", { timeout: 30_000 });
      await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
      await dialog.getByText("What the host reads back").click();
      await expect(dialog.getByTestId("point-run-result")).toContainText('"systemPrompt": "You are a pirate.\\nBe concise."');
    });

    test("runs a FIM One point on a HookContext copied from the host's log, and refuses JSON that is neither, naming what the point takes", async ({ page, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(guardedSql, { name: uniqueName("Guarded SQL") });
      await page.goto(`/pipelines/${pipeline.id}`);
      await openPoint(page, "PreToolUse");
      await page.getByTestId("badge-run-PreToolUse").click();
      const dialog = page.getByTestId("point-run-dialog");
      const box = dialog.getByTestId("point-context");
      await expect(box).not.toHaveValue("");

      await box.fill(JSON.stringify({ tool: "sql_exec", args: {} }));
      await dialog.getByTestId("point-run-button").click();
      await expect(dialog.getByTestId("point-run-error")).toHaveText(
        "the context of PreToolUse is { ctx } as its point.start carries it, or FIM One's HookContext itself (hook_point, tool_name, tool_args, tool_result, agent_id, user_id, conversation_id, metadata); this one has tool, args",
      );

      await box.fill(JSON.stringify({ hook_point: "pre_tool_use", tool_name: "sql_exec", tool_args: { sql: "DELETE FROM orders" }, agent_id: "agent-1", user_id: "u-9", metadata: { requires_confirmation: false } }, null, 2));
      await dialog.getByTestId("point-run-button").click();
      await expect(dialog.getByTestId("point-run-error")).toHaveCount(0);
      await dialog.getByText("What the host reads back").click({ timeout: 30_000 });
      await expect(dialog.getByTestId("point-run-result")).toContainText(`"error": "Blocked by hook 'readonly_guard'"`);
    });
  });

  test.describe("history", () => {
    test("lists the revisions with what changed, diffs two, and restores an older one as a new revision", async ({ page, api, seedPipeline, uniqueName }) => {
      const pipeline = await seedPipeline(conciseUntested, { name: uniqueName("Concise") });
      await editHookCode(api, { pipelineId: pipeline.id, hookId: "be-concise", code: conciseCode("\nBe brief.") });
      await editHookCode(api, { pipelineId: pipeline.id, hookId: "be-concise", code: conciseCode("\nBe terse.") });

      await page.goto(`/pipelines/${pipeline.id}`);
      await page.getByTestId("history-link").click();
      const revisions = page.getByTestId("revision");
      await expect(revisions).toHaveCount(3);
      await expect(revisions.first()).toContainText("edited the code of “be-concise”");
      await expect(page.getByTestId("revision-diff")).toContainText("Revision 2 → 3");
      const changed = page.locator('[data-testid="revision-file"][data-change="changed"]');
      await expect(changed).toHaveCount(1);
      await expect(changed).toContainText("hooks/pre-model-call/be-concise.ts");
      await expect(changed.locator(".monaco-diff-editor")).toBeVisible({ timeout: 30_000 });
      await expect(changed.locator(".monaco-diff-editor .editor.modified")).toContainText("Be terse.");

      await page.locator('[data-testid="revision"][data-revision="1"]').getByTestId("restore-revision").click();
      await expect(page.getByTestId("restore-notice")).toHaveText(/Restored revision 1 as revision 4\./);
      await expect(revisions).toHaveCount(4);
      const head = await api.pipelines.get.query({ id: pipeline.id });
      expect(head.revision).toBe(4);
      expect(head.document.hooks[0]?.code).toBe(conciseCode("\nBe concise."));

      // The designer opens on the restored code.
      await page.getByRole("link", { name: "Open the designer" }).click();
      await openPoint(page, "pre-model-call");
      await page.getByTestId("hook-name").filter({ hasText: "be-concise" }).click();
      await expect(page.locator(".monaco-editor .view-lines")).toContainText("Be concise.", { timeout: 30_000 });
    });
  });
});
