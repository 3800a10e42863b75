import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import { expect, test } from "./test";
import { openPoint } from "./fixtures/graph";

/*
 * Codex CLI hooks as a new user meets them: a Codex pipeline, a PreToolUse gate on the shell (Bash,
 * as Codex hooks see exec_command) typed into Monaco, a run where the model reads Codex's own deny
 * text, and the export as .codex/hooks.json. Then a Claude Code example exported to Codex: the
 * report of what does not carry over, and the check of its scenario on both hosts.
 */

const REASON = "Listing is not allowed here";
const GATE = [
  'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "codex-hooks";',
  "",
  "export default async (input: PreToolUseHookInput): Promise<HookJSONOutput<PreToolUseHookSpecificOutput> | void> => {",
  'const command = (input.tool_input as { command?: string }).command ?? "";',
  `if (command.startsWith("ls")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "${REASON}" } };`,
  "};",
  "",
].join("\n");

const decoder = new TextDecoder();

async function editorText(page: Page): Promise<string> {
  return (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");
}

async function downloadZip(page: Page, dialog: ReturnType<Page["getByRole"]>): Promise<Map<string, string>> {
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .+\.zip$/ }).click()]);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  return new Map(Object.entries(zip).map(([path, bytes]) => [path.slice(path.indexOf("/") + 1), decoder.decode(bytes)]));
}

test.describe("Codex CLI hooks", () => {
  test("a new user writes a PreToolUse gate on the shell, sees Codex's deny text reach the model, and exports .codex/hooks.json", async ({ page, api, uniqueName }) => {
    test.setTimeout(180_000);
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(uniqueName("Codex gate"));
    await page.getByLabel("Host profile").selectOption("codex");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    await openPoint(page, "PreToolUse");
    await page.getByTestId("add-hook").click();
    await expect(page.getByTestId("hook-row")).toHaveCount(1);
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain("PreToolUseHookInput");
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(GATE);
    await page.keyboard.press("ControlOrMeta+S");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
    await expect(page.getByTestId("problem-counts")).toHaveText("none", { timeout: 30_000 });

    // The matcher as Codex reads it: Bash is an exact name.
    const matcher = page.getByTestId("hook-row").first().getByTestId("hook-matcher");
    await matcher.fill("Bash");
    await matcher.press("Enter");
    await expect.poll(async () => (await api.pipelines.get.query({ id })).document.hooks[0]?.matcher, { timeout: 10_000 }).toBe("Bash");

    // The default scenario's model runs exec_command {cmd: "ls"}: the gate denies it with Codex's text.
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
    const [run] = await api.runs.list.query({ pipelineId: id });
    const stored = await api.runs.events.query({ runId: run?.id ?? "", afterSeq: 0, limit: 1000 });
    expect(JSON.stringify(stored)).toContain(`Command blocked by PreToolUse hook: ${REASON}. Command: ls`);
    await page.getByRole("listbox", { name: "Timeline" }).locator('[data-type="tool.result"]').first().click();
    await expect(page.getByText(`Command blocked by PreToolUse hook: ${REASON}. Command: ls`).first()).toBeVisible();

    // Export: .codex/hooks.json runs the gate as a node script from the repository's top folder.
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export as .codex/hooks.json" });
    await expect(dialog).toContainText(".codex/hooks.json");
    const files = await downloadZip(page, dialog);
    const hooksJson = JSON.parse(files.get(".codex/hooks.json") ?? "{}") as { hooks: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]> };
    expect(Object.keys(hooksJson.hooks)).toEqual(["PreToolUse"]);
    expect(hooksJson.hooks["PreToolUse"]?.[0]?.matcher).toBe("Bash");
    const command = hooksJson.hooks["PreToolUse"]?.[0]?.hooks[0]?.command ?? "";
    expect(command).toMatch(/^node "\$\(git rev-parse --show-toplevel 2>\/dev\/null \|\| pwd\)\/\.codex\/hooks\/[a-z0-9-]+\.mjs"$/);
    const script = command.match(/\.codex\/hooks\/[a-z0-9-]+\.mjs/)?.[0] ?? "";
    expect(files.get(script)).toContain(REASON);
  });

  test("a Claude Code example exported to Codex lists what does not carry over, and its scenario behaves the same", async ({ page, seedPipeline, uniqueName }) => {
    test.setTimeout(120_000);
    const seeded = await seedPipeline(claudeBashGate, { name: uniqueName("Claude Code Bash gate") });
    await page.goto(`/pipelines/${seeded.id}`);
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByTestId("export-plugin-dialog");
    await dialog.getByLabel("Format").selectOption({ label: "Export as .codex/hooks.json (Codex CLI hooks)" });
    await expect(dialog.getByTestId("export-title")).toHaveText("Export as .codex/hooks.json");
    const report = dialog.getByTestId("translation-notes");
    await expect(report).toContainText("From Claude Code to Codex", { timeout: 30_000 });
    await expect(report.getByRole("listitem")).toHaveText([
      'dangerous-command-gate (behaves differently): a deny reaches the model as "Command blocked by PreToolUse hook: <reason>. Command: <command>" (Claude Code: "PreToolUse:Bash hook error: <reason>")',
    ]);
    const check = dialog.getByTestId("behaviour-check");
    await expect(check).toContainText("model tries rm -rf: same outcomes on both hosts (1 allowed, 1 blocked)", { timeout: 60_000 });
    const files = await downloadZip(page, dialog);
    expect(JSON.parse(files.get(".codex/hooks.json") ?? "{}")).toMatchObject({ hooks: { PreToolUse: [{ matcher: "Bash" }] } });
    expect(files.get("README.md")).toContain("## Moved from Claude Code");
    expect(files.get("README.md")).toContain("Command blocked by PreToolUse hook");
  });
});
