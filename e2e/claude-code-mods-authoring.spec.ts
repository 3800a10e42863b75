import { readFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { openPoint } from "./fixtures/graph";
import { savedRevision } from "./fixtures/scenarios";
import { expect, test } from "./test";

/*
 * Issue 29's e2e: a new user writes Claude Code mods in the browser. A tool.call mod typed into
 * Monaco rewrites `rm -rf` to `rm -ri` (its card shows the rewrite as a diff of `command`, and the
 * tool runs the rewritten command); a second mod, moved above it, answers the call with a deny
 * instead (its card says so, the first one's card says it was never reached and why, the hook
 * panel says the same, and the model reads the engine's <tool_use_error>); the export is the
 * mods' plugin folder with register.ts calling on() in chain order.
 */

const REWRITE = [
  'import type { ToolCallHook } from "claude-code";',
  "",
  "// rm asks before each file it removes.",
  'const hook: ToolCallHook = async ($, e, next) => next({ ...e, command: e.command?.replace("rm -rf", "rm -ri") });',
  "export default hook;",
  "",
].join("\n");

const DENY = [
  'import type { ToolCallHook } from "claude-code";',
  "",
  "// Answers the call without next(e): nothing beneath it runs.",
  "const hook: ToolCallHook = async () => {",
  '  return { deny: "use the trash, not rm" };',
  "};",
  "export default hook;",
  "",
].join("\n");

const decoder = new TextDecoder();

const rows = (page: Page) => page.getByTestId("hook-row");
/** The "decision: …" line of a card (its "returned: …" line shares the class). */
const decisionOf = (card: Locator) => card.locator("p.run-decision").filter({ hasText: /^decision:/ });
const hookCard = (page: Page, name: string) => page.locator('.run-hook-cards [data-testid="hook-card"]').filter({ has: page.locator("header strong", { hasText: name }) });

async function editorText(page: Page): Promise<string> {
  return (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");
}

/** Adds a hook on the open point, replaces its template in Monaco with `code`, saves, and names it. */
async function writeHook(page: Page, code: string, name: string): Promise<Locator> {
  const before = await rows(page).count();
  await page.getByTestId("add-hook").click();
  await expect(rows(page)).toHaveCount(before + 1);
  const row = rows(page).nth(before);
  await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
  // The point's template, as a new hook starts.
  await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain("const hook: ToolCallHook = async ($, e, next) => next(e);");
  await page.locator(".monaco-editor .view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  // insertText: typed key by key, Monaco would add its own closing brackets and quotes.
  await page.keyboard.insertText(code);
  await page.keyboard.press("ControlOrMeta+S");
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
  await expect(page.getByTestId("problem-counts")).toHaveText("none", { timeout: 30_000 });

  const generated = (await row.getByTestId("hook-name").innerText()).trim();
  await row.getByRole("button", { name: `Rename ${generated}` }).click();
  const input = row.getByLabel(`New name for ${generated}`);
  await input.fill(name);
  await input.press("Enter");
  await expect(row.getByTestId("hook-name")).toHaveText(name);
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
  return row;
}

async function downloadZip(page: Page, dialog: Locator): Promise<Map<string, string>> {
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .+\.zip$/ }).click()]);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  return new Map(Object.entries(zip).map(([path, bytes]) => [path.slice(path.indexOf("/") + 1), decoder.decode(bytes)]));
}

test.describe("Claude Code mods, written in the browser", () => {
  test("a new user writes a mod that rewrites rm -rf to rm -ri, sees the diff on its card, adds a mod that answers above it, sees why the first is not reached, and exports the plugin", async ({ page, api, uniqueName }) => {
    test.setTimeout(240_000);
    await page.goto("/");
    const name = uniqueName("Safer rm");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Host profile").selectOption("claude-code-mods");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    try {
      // 1. The default scenario's model lists the project; in the form, it removes the build folder instead.
      await expect(page.getByRole("listbox", { name: "Scenarios" }).getByRole("option", { selected: true })).toContainText("default");
      await page.getByRole("button", { name: "Edit scenario" }).click();
      const form = page.getByTestId("scenario-form");
      await expect(form).toBeVisible();
      const input = form.getByLabel("Reply 1 input", { exact: true });
      await expect(input).toHaveValue(/"command": "ls"/);
      await input.fill('{ "command": "rm -rf build", "description": "Remove build" }');
      await expect(form.getByText(/Does not fit the input schema/)).toHaveCount(0);
      await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });

      // 2. A tool.call mod typed into Monaco: rewrite, filtered to rm -rf commands.
      await openPoint(page, "tool.call");
      const rewrite = await writeHook(page, REWRITE, "rm-interactive");
      const matcher = rewrite.getByTestId("hook-matcher");
      await matcher.fill("{ command: /rm -rf/ }");
      await matcher.press("Enter");
      await expect(rewrite.getByTestId("matcher-error")).toHaveCount(0);
      await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
      await expect.poll(async () => (await api.pipelines.get.query({ id })).document.hooks.map((h) => [h.name, h.matcher]), { timeout: 10_000 }).toEqual([["rm-interactive", "{ command: /rm -rf/ }"]]);

      // 3. Run: the card says it rewrote, with command's before and after; the tool ran rm -ri.
      const withRewrite = await savedRevision(page);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("run-info")).toHaveAttribute("data-revision", String(withRewrite), { timeout: 60_000 });
      await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
      const rewriteCard = hookCard(page, "rm-interactive");
      await expect(rewriteCard).toHaveCount(1);
      await expect(rewriteCard.getByTestId("hook-status")).toHaveText("changed 1 field");
      await expect(decisionOf(rewriteCard)).toHaveText('decision: "rewrote"');
      const command = rewriteCard.locator('[data-field="command"]');
      await expect(command.locator(".run-change")).toHaveText("changed");
      await expect(command.getByLabel("before")).toHaveText('"rm -rf build"');
      await expect(command.getByLabel("after")).toHaveText('"rm -ri build"');
      const timeline = page.getByRole("listbox", { name: "Timeline" });
      await timeline.locator('[data-type="tool.call"]').first().click();
      await expect(page.getByTestId("step-detail")).toHaveText('Tool Bash called with {"command":"rm -ri build","description":"Remove build"}');
      await timeline.locator('[data-type="tool.result"]').first().click();
      await expect(page.getByTestId("step-detail")).toHaveText(/^Tool result:\s*index\.js\npackage\.json$/);
      await expect(page.getByTestId("tool-claimed-by")).toHaveCount(0);

      // 4. A second mod that answers without next, dragged above the first (first = outermost).
      const deny = await writeHook(page, DENY, "use-trash");
      await expect(rows(page).getByTestId("hook-name")).toHaveText(["rm-interactive", "use-trash"]);
      const first = rows(page).nth(0);
      await deny.dragTo(first, { targetPosition: { x: 40, y: 4 } });
      await expect(rows(page).getByTestId("hook-name")).toHaveText(["use-trash", "rm-interactive"]);
      await expect(rows(page).getByTestId("run-position")).toHaveText(["1", "2"]);
      await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });

      // 5. Run again: use-trash answers, rm-interactive is never called, the model reads the deny, nothing ran.
      const withDeny = await savedRevision(page);
      expect(withDeny).toBeGreaterThan(withRewrite);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("run-info")).toHaveAttribute("data-revision", String(withDeny), { timeout: 60_000 });
      await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
      // The cards in chain order: the answer, then the hook beneath it that was never called, and why.
      await expect(page.locator('.run-hook-cards [data-testid="hook-card"] header strong')).toHaveText(["use-trash", "rm-interactive"], { timeout: 30_000 });
      const denyCard = hookCard(page, "use-trash");
      await expect(denyCard.getByTestId("hook-status")).toHaveText("claimed");
      await expect(decisionOf(denyCard)).toHaveText('decision: "answered: deny \\"use the trash, not rm\\""');
      await expect(denyCard.getByTestId("hook-output")).toHaveText('returned: {"deny":"use the trash, not rm"}');
      const notReached = hookCard(page, "rm-interactive");
      await expect(notReached.getByTestId("hook-status")).toHaveText("not reached");
      await expect(decisionOf(notReached)).toHaveText('decision: "not reached: use-trash answered above it"');
      await expect(notReached.locator(".run-fields, [data-field]")).toHaveCount(0);
      await expect(notReached).toContainText("No field changed.");
      // The hook panel says the same on the rows, from the last run.
      await expect(rows(page).nth(1).getByTestId("hook-note")).toHaveText("○ Not called at tool.call: use-trash answered above it.", { timeout: 15_000 });
      await expect(rows(page).nth(0).getByTestId("hook-note")).toHaveText('★ Won at tool.call: it answered deny "use the trash, not rm" without next, so “rm-interactive” beneath it was not called.');
      // What the model read, and that the tool never ran: use-trash answered in its place.
      await timeline.locator('[data-type="tool.call"]').first().click();
      await expect(page.getByTestId("step-detail")).toHaveText('Tool Bash called with {"command":"rm -rf build","description":"Remove build"}');
      await timeline.locator('[data-type="tool.result"]').first().click();
      const result = page.getByTestId("step-detail");
      await expect(result.locator("pre")).toHaveText("<tool_use_error>use the trash, not rm</tool_use_error>");
      await expect(result).toContainText("Tool result (error):");
      await expect(result.getByTestId("tool-claimed-by")).toHaveText("Answered by hook use-trash in the tool's place: the tool did not run.");

      // 6. Export: the plugin folder, register.ts calling on() in chain order (use-trash first).
      await page.getByRole("button", { name: "Export plugin…" }).click();
      const dialog = page.getByTestId("export-plugin-dialog");
      await expect(dialog.getByTestId("export-title")).toHaveText("Export as a Claude Code mod plugin");
      await expect(dialog.getByRole("list", { name: "Files in the plugin" })).toContainText("hooks/register.ts", { timeout: 30_000 });
      const files = await downloadZip(page, dialog);
      expect([...files.keys()].sort()).toEqual([".claude-plugin/plugin.json", "hooks/hooks.json", "hooks/register.ts", "hooks/rm-interactive.ts", "hooks/use-trash.ts"]);
      expect(JSON.parse(files.get(".claude-plugin/plugin.json") ?? "{}")).toMatchObject({ name: name.toLowerCase().replace(/ /g, "-") });
      expect(JSON.parse(files.get("hooks/hooks.json") ?? "{}")).toEqual({ modules: ["./register.ts"] });
      expect(files.get("hooks/register.ts")).toBe(
        [
          "// Written by Hookwright: the chain order is the order of these on() calls, first outermost.",
          'import hook1_use_trash from "./use-trash.ts";',
          'import hook2_rm_interactive from "./rm-interactive.ts";',
          "",
          "export const register = (on) => {",
          '  on("tool.call", hook1_use_trash);',
          '  on("tool.call", { command: /rm -rf/ }, hook2_rm_interactive);',
          "};",
          "",
        ].join("\n"),
      );
      // Each hook's module as it was typed (Monaco indents what follows an open brace as it goes;
      // the exporter ends a file with a line break).
      const stored = (await api.pipelines.get.query({ id })).document.hooks;
      expect(files.get("hooks/use-trash.ts")?.trimEnd()).toBe(stored.find((h) => h.name === "use-trash")?.code.trimEnd());
      expect(files.get("hooks/use-trash.ts")).toContain('return { deny: "use the trash, not rm" };');
      expect(files.get("hooks/rm-interactive.ts")).toBe(REWRITE);
    } finally {
      await api.pipelines.delete.mutate({ id });
    }
  });
});
