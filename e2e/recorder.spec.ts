import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import { openPoint } from "./fixtures/graph";
import { dropFile } from "./fixtures/dropFile";
import { expect, test } from "./test";

/*
 * Recording from the host, as a user meets it: "Export plugin…" with "Add a recorder" lists the
 * recorder's script and downloads it wired to every event; a recording (what that script writes)
 * dropped on the scenarios becomes a scenario, and "Run this point" offers its recorded inputs.
 */

const decoder = new TextDecoder();

const recording = [
  { point: "UserPromptSubmit", at: "2026-11-27T10:01:12.000Z", input: { prompt: "Clean the build" } },
  { point: "PreToolUse", at: "2026-11-27T10:02:40.000Z", input: { tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_use_id: "toolu_1" } },
  { point: "PostToolUse", at: "2026-11-27T10:02:41.000Z", input: { tool_name: "Bash", tool_input: { command: "rm -rf build" }, tool_response: { stdout: "", stderr: "" }, tool_use_id: "toolu_1" } },
  { point: "Stop", at: "2026-11-27T10:02:50.000Z", input: { stop_hook_active: false, last_assistant_message: "Removed build/." } },
]
  .map(({ point, at, input }) => JSON.stringify({ hookwright_recording: 1, host: "claude-code", point, at, session: "sess-42", input: { session_id: "sess-42", cwd: "/work/p", hook_event_name: point, ...input } }))
  .join("\n");

test.describe("Recorder", () => {
  test("an export with a recorder lists it; a recording becomes a scenario and Run this point offers what it recorded", async ({ page, api, seedPipeline, uniqueName }) => {
    test.setTimeout(120_000);
    const seeded = await seedPipeline(claudeBashGate, { name: uniqueName("Claude Code Bash gate") });
    await page.goto(`/pipelines/${seeded.id}`);

    // Export with "Add a recorder": the file list gains the recorder script, the zip wires it to every event.
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const exportDialog = page.getByTestId("export-plugin-dialog");
    const files = exportDialog.getByRole("list", { name: "Files in the plugin" });
    await expect(files).toContainText("hooks/hooks.json", { timeout: 30_000 });
    await expect(files).not.toContainText("hookwright-recorder.mjs");
    await exportDialog.getByTestId("export-recorder").check();
    await expect(files).toContainText("hooks/hookwright-recorder.mjs", { timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), exportDialog.getByRole("link", { name: /^Download .*\.zip$/ }).click()]);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const entry = (suffix: string) => decoder.decode(Object.entries(zip).find(([path]) => path.endsWith(suffix))?.[1] ?? new Uint8Array());
    const hooks = JSON.parse(entry("/hooks/hooks.json")) as { hooks: Record<string, { matcher?: string; hooks: { command: string }[] }[]> };
    expect(hooks.hooks["PreToolUse"]?.at(-1)).toEqual({ matcher: "*", hooks: [{ type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/hookwright-recorder.mjs"', timeout: 10 }] });
    expect(entry("/README.md")).toContain("## Recorder");
    await exportDialog.getByRole("button", { name: "Close" }).click();

    // The recording dropped on the scenarios: a scenario with the session's prompt, call and reply.
    await dropFile(page.getByTestId("scenario-list-pane"), "sess-42.jsonl", recording);
    const importDialog = page.getByTestId("session-import-dialog");
    await expect(importDialog.getByTestId("session-import-facts")).toHaveText(
      "A Hookwright recording session: 2 model replies, 1 tool call, 1 prompt; read 4 records on 4 lines. It becomes the scenario “sess-42”.",
      { timeout: 20_000 },
    );
    await expect(importDialog).toContainText('4 recorded events on 4 points: 4 become "Run this point" contexts');
    await importDialog.getByRole("button", { name: "Add scenario" }).click();
    await expect(page.getByRole("listbox", { name: "Scenarios" }).getByRole("option", { selected: true })).toContainText("sess-42");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
    const saved = (await api.pipelines.get.query({ id: seeded.id })).document.scenarios.find((s) => s.name === "sess-42");
    expect(saved?.prompt).toBe("Clean the build");
    expect(saved?.source?.pointFixtures?.map((f) => f.label)).toEqual(["UserPromptSubmit · Clean the build", "PreToolUse · Bash · rm -rf build", "PostToolUse · Bash · rm -rf build", "Stop · Removed build/."]);

    // Run this point on PreToolUse: the recorded call is offered, picked, and the gate denies it.
    await openPoint(page, "PreToolUse");
    await page.getByTestId("badge-run-PreToolUse").click();
    const dialog = page.getByTestId("point-run-dialog");
    const picker = dialog.getByTestId("point-recorded-contexts");
    await expect(picker.getByRole("option", { name: "Recorded: PreToolUse · Bash · rm -rf build · 2026-11-27 10:02" })).toHaveCount(1, { timeout: 20_000 });
    await picker.selectOption({ label: "Recorded: PreToolUse · Bash · rm -rf build · 2026-11-27 10:02" });
    await expect(dialog.getByTestId("point-context")).toHaveValue(/"command": "rm -rf build"/);
    await dialog.getByTestId("point-run-button").click();
    await expect(dialog.getByTestId("point-run-result")).toContainText('"decision": "deny"', { timeout: 30_000 });
  });

  test("a recording joined from two sessions adds a scenario per session in one step", async ({ page, api, seedPipeline, uniqueName }) => {
    const seeded = await seedPipeline(claudeBashGate, { name: uniqueName("Claude Code Bash gate") });
    await page.goto(`/pipelines/${seeded.id}`);
    const other = recording.replaceAll("sess-42", "sess-7").replace("Clean the build", "Show the log");
    await dropFile(page.getByTestId("scenario-list-pane"), "joined.jsonl", `${recording}\n${other}\n`);
    const importDialog = page.getByTestId("session-import-dialog");
    await expect(importDialog.getByRole("radio")).toHaveCount(2, { timeout: 20_000 });
    await importDialog.getByRole("button", { name: "Add all 2 sessions" }).click();
    await expect(importDialog).toBeHidden();
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
    const names = (await api.pipelines.get.query({ id: seeded.id })).document.scenarios.map((s) => [s.name, s.prompt]);
    expect(names).toEqual([
      ["model tries rm -rf", "Clean up the build folder."],
      ["joined", "Show the log"],
      ["joined (sess-42)", "Clean the build"],
    ]);
  });
});
