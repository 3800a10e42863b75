import type { Page } from "@playwright/test";
import { openPoint } from "./fixtures/graph";
import { savedRevision, toolLogger } from "./fixtures/scenarios";
import { expect, test } from "./test";

/*
 * Scenarios as a user meets them in the designer: every new pipeline runs at once, scenarios
 * are added and edited in a form and saved like any edit, and Run runs what is on screen.
 */

const runButton = (page: Page) => page.getByTestId("run-button");
const scenarioList = (page: Page) => page.getByRole("listbox", { name: "Scenarios" });
const hookCard = (page: Page, hookId: string) => page.locator(`.run-hook-cards [data-testid="hook-card"][data-hook-id="${hookId}"]`).first();

test.describe("Scenarios", () => {
  test.describe("a new pipeline", () => {
    test("on every profile, a new pipeline runs at once with its default scenario, no JSON typed", async ({ page, api, uniqueName }) => {
      const { profiles } = await api.pipelines.choices.query();
      expect(profiles.length).toBeGreaterThanOrEqual(2);
      for (const profile of profiles) {
        const name = uniqueName(`First run ${profile.id}`);
        await page.goto("/");
        await page.getByLabel("Name", { exact: true }).fill(name);
        await page.getByLabel("Host profile").selectOption(profile.id);
        await page.getByRole("button", { name: "Create pipeline" }).click();
        await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
        const id = page.url().split("/").at(-1) ?? "";

        await expect(scenarioList(page).getByRole("option", { selected: true })).toContainText("default");
        await expect(runButton(page)).toBeEnabled();
        await runButton(page).click();
        await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
        const info = page.getByTestId("run-info");
        await expect(info).toHaveAttribute("data-scenario", "default");
        await expect(info).toHaveAttribute("data-revision", "1");
        await expect(info).toContainText("revision 1");
        await api.pipelines.delete.mutate({ id });
      }
    });

    test("with no scenario, Run is off, looks off and says why; adding a blank scenario turns it on", async ({ page, seedPipeline }) => {
      const seeded = await seedPipeline(toolLogger);
      await page.goto(`/pipelines/${seeded.id}`);
      await page.getByRole("toolbar", { name: "Scenario plain" }).getByRole("button", { name: "Delete" }).click();
      await expect(scenarioList(page)).toHaveCount(0);
      const run = runButton(page);
      await expect(run).toBeDisabled();
      await expect(run).toHaveAttribute("title", /no scenario yet: add one under Scenarios/);
      const look = await run.evaluate((el) => {
        const style = getComputedStyle(el);
        const accent = getComputedStyle(document.documentElement).getPropertyValue("--accent").trim();
        const probe = document.createElement("span");
        probe.style.color = accent;
        document.body.append(probe);
        const accentRgb = getComputedStyle(probe).color;
        probe.remove();
        return { cursor: style.cursor, background: style.backgroundColor, accentRgb };
      });
      expect(look.cursor).toBe("default");
      expect(look.background).not.toBe(look.accentRgb);

      await page.getByText("+ Add").click();
      await page.getByRole("button", { name: "Blank scenario" }).click();
      await expect(scenarioList(page).getByRole("option", { selected: true })).toContainText("scenario");
      await expect(run).toBeEnabled();
      await expect(page.getByTestId("save-status")).toHaveText("Saved");
      await expect(page.getByTestId("save-status")).toHaveAttribute("title", `Revision ${seeded.revision + 2}`);
    });
  });

  test.describe("the scenario form", () => {
    test("a scenario whose first reply calls a tool is added in the form, saved, reloaded and run", async ({ page, api, seedPipeline }) => {
      const seeded = await seedPipeline(toolLogger);
      await page.goto(`/pipelines/${seeded.id}`);
      await page.getByText("+ Add").click();
      await page.getByRole("button", { name: "Blank scenario" }).click();
      const form = page.getByTestId("scenario-form");
      await expect(form).toBeVisible();

      await form.getByLabel("Prompt", { exact: true }).fill("Find facts about hooks.");
      // A tool with an input schema, then a first reply that calls it.
      await form.getByRole("button", { name: "+ Add tool", exact: true }).click();
      await form.getByLabel("Tool name", { exact: true }).fill("search");
      const schema = form.getByLabel("Tool search input schema", { exact: true });
      await schema.fill('{ "type": "object", "properties": { "query": { "type": "string" } }, "required": ["query"] }');
      await form.getByLabel("Tool search result 1", { exact: true }).fill("Hooks run at fixed points.");

      await form.getByRole("button", { name: "+ Add tool call" }).first().click();
      await expect(form.getByLabel("Reply 1 tool", { exact: true })).toHaveValue("search");
      await expect(form.getByLabel("Reply 1 stop reason", { exact: true })).toHaveValue("tool_use");
      const input = form.getByLabel("Reply 1 input", { exact: true });
      // Bad input says which field and why, and keeps the text.
      await input.fill('{ "query": ');
      await expect(form.getByText(/^Not JSON/)).toBeVisible();
      await expect(input).toHaveValue('{ "query": ');
      await input.fill('{ "q": "hooks" }');
      await expect(form.getByText('Does not fit the input schema of search: input: "query" is required')).toBeVisible();
      await input.fill('{ "query": "hooks" }');
      await expect(form.getByText(/Does not fit the input schema/)).toHaveCount(0);

      await form.getByRole("button", { name: "+ Add reply", exact: true }).click();
      await form.getByLabel("Reply 2 text", { exact: true }).fill("Hooks run at fixed points of the loop.");
      await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });

      // Stored as the pipeline's own scenario, not a copy in the page.
      const stored = await api.pipelines.get.query({ id: seeded.id });
      const scenario = stored.document.scenarios.find((s) => s.name === "scenario");
      expect(scenario?.prompt).toBe("Find facts about hooks.");
      expect(scenario?.tools).toEqual([
        {
          name: "search",
          description: "",
          inputSchema: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
          results: ["Hooks run at fixed points."],
        },
      ]);
      expect(scenario?.model.kind === "scripted" ? scenario.model.responses[0] : null).toEqual({
        content: [{ type: "text", text: "Done." }, { type: "tool_use", id: "toolu_1", name: "search", input: { query: "hooks" } }],
        stopReason: "tool_use",
      });

      await page.reload();
      await scenarioList(page).getByRole("option", { name: /^scenario/ }).click();
      await expect(page.getByTestId("run-scenario")).toHaveText("scenario");
      await runButton(page).click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      await expect(hookCard(page, "log-tools")).toContainText("tool result: Hooks run at fixed points.");
      await expect(page.getByTestId("run-info")).toHaveAttribute("data-scenario", "scenario");
      await expect(page.getByTestId("run-info")).toHaveAttribute("data-revision", String(stored.revision));
    });

    test("scenarios are renamed, duplicated, reordered and deleted, and undo brings one back", async ({ page, api, seedPipeline }) => {
      const seeded = await seedPipeline(toolLogger);
      await page.goto(`/pipelines/${seeded.id}`);
      const options = scenarioList(page).getByRole("option");
      await page.getByRole("toolbar", { name: "Scenario plain" }).getByRole("button", { name: "Duplicate" }).click();
      await expect(options).toHaveCount(2);
      await expect(options.nth(1)).toHaveAttribute("aria-selected", "true");
      await page.getByRole("button", { name: "Rename" }).click();
      const rename = page.getByLabel("New name of scenario plain copy");
      await rename.fill("plain");
      await expect(page.getByText('Another scenario is called "plain".')).toBeVisible();
      await rename.fill("second");
      await rename.press("Enter");
      await expect(options.nth(1)).toContainText("second");
      await expect(page.getByText(/no longer fits/)).toHaveCount(0);
      await page.getByRole("button", { name: "Move second up" }).click();
      await expect(options.first()).toContainText("second");
      await expect(page.getByTestId("save-status")).toHaveText("Saved");
      expect((await api.pipelines.get.query({ id: seeded.id })).document.scenarios.map((s) => s.name)).toEqual(["second", "plain"]);

      await page.getByRole("toolbar", { name: "Scenario second" }).getByRole("button", { name: "Delete" }).click();
      await expect(options).toHaveCount(1);
      await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
      await expect(options).toHaveCount(2);
      await expect(page.getByTestId("save-status")).toHaveText("Saved");
      expect((await api.pipelines.get.query({ id: seeded.id })).document.scenarios.map((s) => s.name)).toEqual(["second", "plain"]);
    });
  });

  test.describe("save as scenario", () => {
    test("a recorded run becomes a scripted scenario, from the run panel and from its replay", async ({ page, api, seedPipeline }) => {
      const seeded = await seedPipeline(toolLogger);
      await page.goto(`/pipelines/${seeded.id}`);
      await runButton(page).click();
      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      await page.getByTestId("run-info").getByTestId("save-as-scenario").click();
      await expect(scenarioList(page).getByRole("option", { selected: true })).toContainText("plain (recorded)");
      await expect(page.getByTestId("scenario-form").getByLabel("Reply 1 text", { exact: true })).toHaveValue("Hello.");
      await expect(page.getByTestId("save-status")).toHaveText("Saved");
      const saved = await api.pipelines.get.query({ id: seeded.id });
      expect(saved.revision).toBe(seeded.revision + 1);
      expect(saved.document.scenarios.map((s) => s.name)).toEqual(["plain", "plain (recorded)"]);
      expect(saved.document.scenarios[1]?.model).toMatchObject({ kind: "scripted" });
      expect((saved.document.scenarios[1]?.model as { responses?: unknown } | undefined)?.responses).toEqual([{ content: [{ type: "text", text: "Hello." }], stopReason: "end_turn" }]);

      // From the replay: saved as a new revision, and the designer opens with it selected.
      await page.getByRole("link", { name: "Open replay" }).click();
      await expect(page.getByTestId("step-detail")).toContainText("Run of");
      await page.getByTestId("save-as-scenario").click();
      await expect(page).toHaveURL(new RegExp(`/pipelines/${seeded.id}\\?scenario=`));
      await expect(scenarioList(page).getByRole("option", { selected: true })).toContainText("plain (recorded) 2");
      const head = await api.pipelines.get.query({ id: seeded.id });
      expect(head.revision).toBe(saved.revision + 1);
      expect(head.document.scenarios.map((s) => s.name)).toEqual(["plain", "plain (recorded)", "plain (recorded) 2"]);
    });
  });

  test.describe("running what is on screen", () => {
    test("Run clicked right after typing in Monaco runs the code just typed, at the revision it was saved as", async ({ page, api, seedPipeline }) => {
      const seeded = await seedPipeline(toolLogger);
      await page.goto(`/pipelines/${seeded.id}`);
      await openPoint(page, "pre-model-call");
      await page.getByTestId("hook-name").first().click();
      await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
      // Replace the body's one line (typing braces would meet Monaco's auto-closing).
      await page.locator(".monaco-editor .view-lines").click();
      await page.keyboard.press("ControlOrMeta+Home");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("End");
      await page.keyboard.press("Shift+Home");
      await page.keyboard.insertText('ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nTyped just now.";');
      // No pause: the autosave's typing delay has not passed yet.
      await runButton(page).click();

      await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
      const card = hookCard(page, "be-careful");
      await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nTyped just now.");
      const head = await api.pipelines.get.query({ id: seeded.id });
      expect(head.revision).toBe(seeded.revision + 1);
      expect(head.document.hooks[0]?.code).toBe('export default async function (ctx) {\n  ctx.systemPrompt = (ctx.systemPrompt ?? "") + "\\nTyped just now.";\n}\n');
      await expect(page.getByTestId("run-info")).toHaveAttribute("data-revision", String(head.revision));
      await expect(page.getByTestId("run-info")).toContainText(`revision ${head.revision}`);
      expect(await savedRevision(page)).toBe(head.revision);

      // The run list (the Runs tab) says the same.
      await page.getByTestId("dock-tab-runs").click();
      await expect(page.getByRole("table", { name: "Run history" }).getByTestId("run-revision").first()).toHaveText(String(head.revision));
    });
  });
});
