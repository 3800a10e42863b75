import type { Page } from "@playwright/test";
import { expect, test } from "./test";

/*
 * Command hooks as a Claude Code user writes them: a hook switched from a TypeScript function to a
 * command in one click, its script in Python from the event's template, the stdin fields beside
 * Monaco, the command line edited (an empty one refused, naming the field), saved and still there
 * after a reload; then a run shows the process on the hook's card: stdin, stdout, exit code.
 */

/** Monaco's visible text, with its non-breaking spaces made plain. */
async function editorText(page: Page): Promise<string> {
  return (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");
}

test.describe("Command hooks", () => {
  test("a hook switched to a Python command keeps its script and command line, and its card shows the process", async ({ page, api, uniqueName }) => {
    test.setTimeout(150_000);
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(uniqueName("Command guard"));
    await page.getByLabel("Host profile").selectOption("claude-code");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    await page.getByTestId("point-item-PreToolUse").click();
    await page.getByTestId("add-hook").click();
    await expect(page.getByTestId("hook-row")).toHaveCount(1);
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain("PreToolUseHookInput");
    await expect(page.getByTestId("runtime-function")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("command-io")).toHaveCount(0);

    // One click: a bash command hook with the event's jq template.
    await page.getByTestId("runtime-command").click();
    await expect(page.getByTestId("runtime-command")).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("command-language")).toHaveValue("bash");
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain("jq -r '.tool_input.command");
    await expect(page.getByTestId("command-line")).toHaveValue(/^bash "\$CLAUDE_PROJECT_DIR\/\.claude\/hooks\/[a-z0-9-]+\.sh"$/);

    // Python: its template, the script renamed to .py and the command line following it.
    await page.getByTestId("command-language").selectOption("python");
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain("data = json.load(sys.stdin)");
    await expect(page.getByTestId("open-file")).toHaveText(/^\.claude\/hooks\/[a-z0-9-]+\.py$/);
    const scriptPath = (await page.getByTestId("script-path").inputValue()).trim();
    await expect(page.getByTestId("command-line")).toHaveValue(`python3 "$CLAUDE_PROJECT_DIR/${scriptPath}"`);
    // No TypeScript diagnostics on a Python script.
    await expect(page.locator(".monaco-editor .squiggly-error")).toHaveCount(0);

    // Beside the editor: what the host writes on stdin and reads back from stdout.
    const stdin = page.getByTestId("command-stdin");
    await expect(stdin.locator('[data-field="tool_name"]')).toContainText("the matcher tests it");
    await expect(stdin.locator('[data-field="tool_input"]')).toContainText("unknown");
    await expect(page.getByTestId("command-stdout").locator('[data-field="hookSpecificOutput.permissionDecision"]')).toContainText("deny");

    // An empty command line is refused, naming the field; then an edited one is kept.
    const commandLine = page.getByTestId("command-line");
    await commandLine.fill("   ");
    await commandLine.press("Enter");
    await expect(page.getByTestId("command-problem")).toContainText("command line: a command hook needs the command line the host runs");
    const edited = `python3 -u "$CLAUDE_PROJECT_DIR/${scriptPath}"`;
    await commandLine.fill(edited);
    await commandLine.press("Enter");
    await expect(page.getByTestId("command-problem")).toHaveCount(0);
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });

    const saved = (await api.pipelines.get.query({ id })).document.hooks[0];
    expect(saved?.runtime).toEqual({ kind: "command", language: "python", command: edited, script: { root: "project", path: scriptPath } });
    expect(saved?.code).toContain("json.load(sys.stdin)");

    // After a reload: still a Python command with the edited command line.
    await page.reload();
    await page.getByTestId("point-item-PreToolUse").click();
    await page.getByTestId("hook-row").first().getByTestId("hook-name").click();
    await expect(page.getByTestId("runtime-command")).toHaveAttribute("aria-pressed", "true", { timeout: 30_000 });
    await expect(page.getByTestId("command-language")).toHaveValue("python");
    await expect(page.getByTestId("command-line")).toHaveValue(edited);
    await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain("data = json.load(sys.stdin)");

    // Run: the model's Bash call is rm -rf; the script denies it, and the card shows its process.
    const form = page.getByTestId("scenario-form");
    if (!(await form.isVisible())) await page.getByRole("button", { name: "Edit scenario" }).click();
    await form.getByLabel("Reply 1 input", { exact: true }).first().fill(JSON.stringify({ command: "rm -rf build" }));
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
    const card = page.locator(`[data-testid="hook-card"][data-hook-id="${saved?.id ?? ""}"]`).first();
    const process = card.getByTestId("hook-process");
    await expect(process.getByTestId("process-command")).toHaveText(edited);
    await expect(process.getByTestId("process-exit")).toHaveText("exit 0");
    await expect(process.getByTestId("process-stdout")).toContainText('"permissionDecision": "deny"');
    await expect(process.getByTestId("process-stdin")).toBeHidden();
    await process.getByTestId("process-stdin-toggle").click();
    await expect(process.getByTestId("process-stdin")).toContainText('"tool_name": "Bash"');
    await expect(process).toContainText("not the run's virtual ones");
  });
});
