import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import { openPoint } from "./fixtures/graph";
import { dropFile } from "./fixtures/dropFile";
import { expect, test } from "./test";

/*
 * A recorded Claude Code session replayed through today's hooks, as a new user meets it: the
 * transcript (two branches, a sidechain, secrets, a second prompt) is dropped on the scenarios of
 * the "Claude Code Bash gate" pipeline, the import summary says what it read, and the run lists the
 * session's tool calls with what the gate now does: "now denied by dangerous-command-gate" at the
 * sudo rm -rf step, where the session and the run part ways. The user edits the gate and re-runs:
 * the verdicts change.
 */

const TRANSCRIPT = readFileSync(new URL("../core/sessions/fixtures/claude-code-branches.jsonl", import.meta.url), "utf8");
/** The edited gate: sudo is fine now, reading a .env file is not. */
const EDITED_GATE = [
  'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "@anthropic-ai/claude-agent-sdk";',
  "",
  "export default async (input: PreToolUseHookInput): Promise<HookJSONOutput<PreToolUseHookSpecificOutput> | void> => {",
  'const command = (input.tool_input as { command?: string }).command ?? "";',
  'if (/\\.env\\b/.test(command)) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no reading .env files" } };',
  "};",
  "",
].join("\n");

const calls = (page: Page) => page.getByTestId("session-call");
const verdictOf = (page: Page, toolUseId: string): Locator => page.locator(`[data-testid="session-call"][data-tool-use-id="${toolUseId}"]`).getByTestId("session-verdict");

test.describe("Sessions", () => {
  test("a dropped Claude Code transcript shows which recorded call the Bash gate now denies; editing the gate changes the verdicts", async ({ page, api, seedPipeline, uniqueName }) => {
    test.setTimeout(120_000);
    const seeded = await seedPipeline(claudeBashGate, { name: uniqueName("Claude Code Bash gate") });
    await page.goto(`/pipelines/${seeded.id}`);
    const list = page.getByRole("listbox", { name: "Scenarios" });
    await expect(list.getByRole("option", { selected: true })).toContainText("model tries rm -rf");

    // Drop the transcript on the scenarios: the import summary says what was read and left out.
    await dropFile(page.getByTestId("scenario-list-pane"), "yesterday.jsonl", TRANSCRIPT);
    const dialog = page.getByTestId("session-import-dialog");
    await expect(dialog.getByTestId("session-import-facts")).toHaveText(
      "A Claude Code session: 5 model replies, 4 tool calls, 2 prompts; read 24 records on 24 lines. It becomes the scenario “yesterday”.",
      { timeout: 20_000 },
    );
    await expect(dialog).toContainText("Skipped records of unknown types: some-future-record ×1");
    await expect(dialog).toContainText("2 sidechain records (a subagent's own conversation) not imported");
    await expect(dialog.getByRole("radio")).toHaveCount(2);
    await expect(dialog.getByRole("radio", { name: /Clean tree\./ })).toBeChecked();
    await expect(dialog.getByTestId("session-import-secrets")).toHaveText("Stripped: 1 openai-key, 1 github-token, 1 env-secret. The file itself is not stored: only the scenario.");
    await dialog.getByRole("button", { name: "Add scenario" }).click();
    await expect(list.getByRole("option", { selected: true })).toContainText("yesterday");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
    const saved = await api.pipelines.get.query({ id: seeded.id });
    expect(saved.document.scenarios.map((s) => [s.name, s.source?.kind ?? null])).toEqual([
      ["model tries rm -rf", null],
      ["yesterday", "session"],
    ]);
    expect(JSON.stringify(saved.document)).not.toContain("sk-proj-");

    // Run it: the session's four Bash calls, the third now denied by the gate, where the run parts ways.
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
    await expect(calls(page)).toHaveCount(4, { timeout: 15_000 });
    await expect(verdictOf(page, "toolu_ls")).toHaveText("now allowed");
    await expect(verdictOf(page, "toolu_cat")).toHaveText("now allowed");
    await expect(verdictOf(page, "toolu_rm2")).toHaveText(/^now denied by dangerous-command-gate: PreToolUse:Bash hook error: Refusing to run "sudo rm -rf build"/);
    await expect(calls(page).nth(2).getByTestId("session-parting")).toContainText("The recorded session and this run part ways here");
    // The run stopped replaying there: the next scripted reply no longer answers what the model would see.
    await expect(page.getByTestId("exit-reason")).toContainText("session_parted");
    await expect(verdictOf(page, "toolu_gs")).toHaveText("not replayed: the run stopped where it parts ways with the session");
    await expect(calls(page).nth(2).getByTestId("session-parting")).toContainText("so the run stopped replaying the session here.");

    // The user goes on anyway: the scenario is set to continue past the parting point and run again.
    await calls(page).nth(2).getByTestId("session-continue").click();
    await expect(verdictOf(page, "toolu_gs")).toHaveText("now allowed (after the run parts ways with the session)", { timeout: 30_000 });
    await expect(page.getByTestId("exit-reason")).not.toContainText("session_parted");
    await expect(page.getByTestId("session-continue")).toHaveCount(0);
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
    expect((await api.pipelines.get.query({ id: seeded.id })).document.scenarios[1]?.source?.afterParting).toBe("continue");

    // Edit the gate in Monaco: sudo passes now, reading .env does not. Re-run: the verdicts change.
    await openPoint(page, "PreToolUse");
    await page.getByTestId("hook-row").first().getByTestId("hook-name").click();
    await expect.poll(async () => page.locator(".monaco-editor .view-lines").innerText(), { timeout: 30_000 }).toContain("DANGEROUS");
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(EDITED_GATE);
    await page.keyboard.press("ControlOrMeta+S");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 15_000 });
    await page.getByTestId("run-button").click();
    await expect(verdictOf(page, "toolu_cat")).toHaveText("now denied by dangerous-command-gate: PreToolUse:Bash hook error: no reading .env files", { timeout: 30_000 });
    await expect(calls(page).nth(1).getByTestId("session-parting")).toBeVisible();
    await expect(verdictOf(page, "toolu_rm2")).toHaveText("now allowed (after the run parts ways with the session)");
  });

  test("a 20 MB transcript goes to the server in parts, with progress, and imports whole", async ({ page, seedPipeline, uniqueName }) => {
    test.setTimeout(120_000);
    const seeded = await seedPipeline(claudeBashGate, { name: uniqueName("Claude Code Bash gate") });
    await page.goto(`/pipelines/${seeded.id}`);
    await expect(page.getByRole("listbox", { name: "Scenarios" })).toBeVisible();
    // 1,200 Bash calls, each answered with 16 KB of output: about 20 MB, more than one request may carry.
    const records: string[] = [];
    let parent: string | null = null;
    const add = (type: "user" | "assistant", message: object) => {
      const uuid = `r-${records.length}`;
      records.push(JSON.stringify({ uuid, parentUuid: parent, type, sessionId: "big", isSidechain: false, timestamp: "2026-11-26T09:00:00.000Z", message }));
      parent = uuid;
    };
    add("user", { role: "user", content: "List everything, one folder at a time." });
    for (let i = 0; i < 1200; i++) {
      add("assistant", { id: `m${i}`, role: "assistant", content: [{ type: "tool_use", id: `toolu_${i}`, name: "Bash", input: { command: `ls dir${i}` } }], stop_reason: "tool_use" });
      add("user", { role: "user", content: [{ type: "tool_result", tool_use_id: `toolu_${i}`, content: `file-${i}.txt `.repeat(1200) }] });
    }
    add("assistant", { id: "end", role: "assistant", content: [{ type: "text", text: "All listed." }], stop_reason: "end_turn" });
    const text = `${records.join("\n")}\n`;
    expect(text.length).toBeGreaterThan(18_000_000);
    let parts = 0;
    page.on("request", (r) => void (r.url().includes("/api/trpc/sessions.import") && parts++));

    await page.getByText("+ Add").click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "From a session file…" }).click();
    await (await chooser).setFiles({ name: "big.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(text) });
    const dialog = page.getByTestId("session-import-dialog");
    await expect(dialog.getByTestId("session-import-progress")).toBeVisible();
    await expect(dialog.getByTestId("session-import-facts")).toHaveText(
      `A Claude Code session: 1201 model replies, 1200 tool calls, 1 prompt; read ${records.length} records on ${records.length} lines. It becomes the scenario “big”.`,
      { timeout: 60_000 },
    );
    expect(parts).toBe(Math.ceil(Buffer.byteLength(text) / (8 * 1024 * 1024)));
  });

  test("a bad line is named, and the import goes on when the user skips it", async ({ page, seedPipeline, uniqueName }) => {
    const seeded = await seedPipeline(claudeBashGate, { name: uniqueName("Claude Code Bash gate") });
    await page.goto(`/pipelines/${seeded.id}`);
    await expect(page.getByRole("listbox", { name: "Scenarios" })).toBeVisible();
    const broken = TRANSCRIPT.split("\n").map((l, i) => (i === 2 ? l.slice(0, 25) : l)).join("\n");
    await page.getByText("+ Add").click();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "From a session file…" }).click();
    await (await chooser).setFiles({ name: "broken.jsonl", mimeType: "application/x-ndjson", buffer: Buffer.from(broken) });
    const dialog = page.getByTestId("session-import-dialog");
    await expect(dialog.getByTestId("session-import-error")).toContainText("1 line is not JSON (line 3: not JSON", { timeout: 20_000 });
    await dialog.getByRole("button", { name: "Skip the bad lines and import the rest" }).click();
    await expect(dialog).toContainText("Skipped 1 bad line: line 3: not JSON", { timeout: 20_000 });
    await expect(dialog.getByRole("button", { name: "Add scenario" })).toBeEnabled();
  });
});
