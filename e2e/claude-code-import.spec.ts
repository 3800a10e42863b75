import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { zipPlugin } from "~/server/bundles/zip";
import { openPoint } from "./fixtures/graph";
import { expect, test } from "./test";

/*
 * A new user brings the hooks they already have: a project's .claude folder whose settings.json
 * runs a bash script (with jq) and a Python script, plus an http hook. "Import plugin…" makes the
 * two scripts runnable command hooks (the http hook stays listed as external, with the reason);
 * Run shows each one's stdin, stdout and exit code on its card; the Python hook is edited in
 * Monaco and the run re-run; export writes the edited script.
 */

const decoder = new TextDecoder();
const guard = '#!/bin/bash\ncmd=$(jq -r .tool_input.command)\nif [[ "$cmd" == *"rm -rf"* ]]; then echo "refusing $cmd" >&2; exit 2; fi\n';
const note = (word: string) => `import json, sys\ndata = json.load(sys.stdin)\nprint(json.dumps({"hookSpecificOutput": {"hookEventName": "PostToolUse", "additionalContext": "${word} " + data["tool_input"]["command"]}}))\n`;
const GUARD_COMMAND = 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"';
const NOTE_COMMAND = 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/note.py"';

function claudeFolder() {
  return zipPlugin("project", [
    {
      path: ".claude/settings.json",
      content: JSON.stringify({
        hooks: {
          PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: GUARD_COMMAND }] }],
          PostToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: NOTE_COMMAND }, { type: "http", url: "http://localhost:8080/audit" }] }],
        },
      }),
    },
    { path: ".claude/hooks/guard.sh", content: guard },
    { path: ".claude/hooks/note.py", content: note("python saw") },
  ]);
}

/** Monaco's visible text, with its non-breaking spaces made plain. */
async function editorText(page: Page): Promise<string> {
  return (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");
}

test("a .claude folder's bash and Python hooks import as command hooks, run with their process on the card, and export as edited", async ({ page, api, uniqueName }) => {
  test.setTimeout(180_000);
  await page.goto("/");
  await page.getByTestId("import-plugin-file").setInputFiles({ name: `${uniqueName("project")}.zip`, mimeType: "application/zip", buffer: Buffer.from(claudeFolder()) });
  const notes = page.getByTestId("import-plugin-dialog");
  await expect(notes).toContainText("1 hook is kept as external (Hookwright lists but cannot run it): PostToolUse external-http (a http hook: Hookwright runs only command hooks)");
  await notes.getByRole("button", { name: "Open the pipeline" }).click();
  await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1) ?? "";
  const { document } = await api.pipelines.get.query({ id });
  expect(document.hooks.map((h) => [h.point, h.runtime])).toEqual([
    ["PreToolUse", { kind: "command", language: "bash", command: GUARD_COMMAND, script: { root: "project", path: ".claude/hooks/guard.sh" } }],
    ["PostToolUse", { kind: "command", language: "python", command: NOTE_COMMAND, script: { root: "project", path: ".claude/hooks/note.py" } }],
  ]);
  await expect(page.getByTestId("point-count-PostToolUse").first()).toHaveText("1");
  await expect(page.getByTestId("point-external-PostToolUse").first()).toHaveText("+1 external");

  // Run the default scenario: the model runs `ls` with Bash; both hooks run as processes.
  await page.getByTestId("run-button").click();
  await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
  const card = (command: string) => page.getByTestId("hook-process").filter({ has: page.getByTestId("process-command").getByText(command, { exact: true }) }).first();
  await expect(card(GUARD_COMMAND).getByTestId("process-exit")).toHaveText("exit 0");
  await expect(card(NOTE_COMMAND).getByTestId("process-exit")).toHaveText("exit 0");
  await expect(card(NOTE_COMMAND).getByTestId("process-stdout")).toContainText('"additionalContext": "python saw ls"');
  await card(NOTE_COMMAND).getByTestId("process-stdin-toggle").click();
  await expect(card(NOTE_COMMAND).getByTestId("process-stdin")).toContainText('"hook_event_name": "PostToolUse"');
  await card(GUARD_COMMAND).getByTestId("process-stdin-toggle").click();
  await expect(card(GUARD_COMMAND).getByTestId("process-stdin")).toContainText('"command": "ls"');

  // Edit the Python hook in Monaco; the re-run's card shows the new context.
  await openPoint(page, "PostToolUse");
  await page.getByTestId("hook-row").first().getByTestId("hook-name").click();
  await expect(page.getByTestId("command-language")).toHaveValue("python", { timeout: 30_000 });
  await expect.poll(() => editorText(page), { timeout: 30_000 }).toContain("python saw");
  await page.locator(".monaco-editor .view-lines").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(note("checked"));
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
  await page.getByTestId("run-button").click();
  await expect(card(NOTE_COMMAND).getByTestId("process-stdout")).toContainText('"additionalContext": "checked ls"', { timeout: 60_000 });

  // Export as .claude/settings.json hooks: the scripts are the edited ones, the commands as imported.
  await page.getByRole("button", { name: "Export plugin…" }).click();
  const dialog = page.getByTestId("export-plugin-dialog");
  await dialog.getByRole("combobox").selectOption("claude-code-settings");
  await expect(dialog.getByRole("list", { name: "Files in the plugin" })).toContainText(".claude/hooks/note.py");
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .*\.zip$/ }).click()]);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const entry = (suffix: string) => Object.entries(zip).find(([path]) => path.endsWith(suffix))?.[1];
  expect(decoder.decode(entry("/.claude/hooks/note.py"))).toBe(note("checked"));
  expect(decoder.decode(entry("/.claude/hooks/guard.sh"))).toBe(guard);
  const settings = JSON.parse(decoder.decode(entry("/.claude/settings.json"))) as { hooks: Record<string, { hooks: { command?: string }[] }[]> };
  expect(settings.hooks.PostToolUse?.flatMap((g) => g.hooks.map((h) => h.command ?? null))).toEqual([NOTE_COMMAND, null]);

  await api.pipelines.delete.mutate({ id });
});
