import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import type { TRPCClient } from "@trpc/client";
import { unzipSync } from "fflate";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import { claudeInputRace } from "~/core/examples/claudeInputRace";
import { createTraceResolver } from "~/core/trace/resolve";
import type { TraceEvent } from "~/core/trace/events";
import type { AppRouter } from "~/server/api/root";
import { expect, test } from "./test";

/*
 * The Claude Code profile as a new user meets it: a PreToolUse hook with matcher Bash, typed in
 * Monaco, denies rm -rf (the model's next request carries the is_error tool_result with the
 * reason) and asks before git push (answered on the approval card); the plugin exports and its
 * script answers the host's JSON as the run did. Then the traps made visible: matcher groups and
 * the "test a tool call" box, the race flag on the racing example only, the completion order and
 * an order-independent expectation that fails on it.
 */

const rows = (page: Page) => page.getByTestId("hook-row");
const REASON = "rm -rf is not allowed here: ask the user to run it";
const DENIAL = `PreToolUse:Bash hook error: ${REASON}`;
const LS_RESULT = "index.js\npackage.json\ntest.js";
const RACE = "the tool input depends on which hook finishes last: add-timeout and ci-env both rewrite `command`";
/** A new user's gate, typed into Monaco. */
const GATE = [
  'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "@anthropic-ai/claude-agent-sdk";',
  "",
  "export default async (input: PreToolUseHookInput): Promise<HookJSONOutput<PreToolUseHookSpecificOutput> | void> => {",
  'const command = (input.tool_input as { command?: string }).command ?? "";',
  `if (command.includes("rm -rf")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "${REASON}" } };`,
  'if (command.startsWith("git push")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "ask", permissionDecisionReason: "Pushing needs a person" } };',
  "};",
  "",
].join("\n");

async function resolvedEvents(api: TRPCClient<AppRouter>, runId: string): Promise<TraceEvent[]> {
  const resolver = createTraceResolver();
  const stored = await api.runs.events.query({ runId, afterSeq: 0, limit: 1000 });
  for (const e of stored) resolver.add(e);
  return stored.map((e) => resolver.get(e.seq)).filter((e): e is TraceEvent => e !== undefined);
}

/** The first reply's first tool call (the default scenario's Bash call) gets this input, in the scenario form. */
async function setBashCommand(page: Page, command: string) {
  const form = page.getByTestId("scenario-form");
  if (!(await form.isVisible())) await page.getByRole("button", { name: "Edit scenario" }).click();
  await form.getByLabel("Reply 1 input", { exact: true }).first().fill(JSON.stringify({ command }));
  // Claude Code hooks make no model calls of their own: the form offers no inference replies for them.
  await expect(form.getByTestId("scenario-inference")).toHaveCount(0);
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
}

test.describe("Claude Code", () => {
  test("a new user's Bash gate typed in Monaco: the denial reaches the model, an ask is answered on the card, the plugin exports", async ({ page, api, uniqueName }) => {
    test.setTimeout(120_000);
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(uniqueName("Bash gate"));
    await page.getByLabel("Host profile").selectOption("claude-code");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    await page.getByTestId("point-item-PreToolUse").click();
    await expect(page.getByTestId("hook-panel-point")).toHaveText("PreToolUse");
    await page.getByTestId("add-hook").click();
    await expect(rows(page)).toHaveCount(1);

    // A bad regex is refused, naming the field and why; then the matcher Bash.
    const matcher = rows(page).getByTestId("hook-matcher");
    await matcher.fill("Bash(");
    await matcher.press("Enter");
    await expect(page.getByTestId("matcher-error")).toHaveText('"Bash(" is not a valid regular expression: Invalid regular expression: /Bash(/: Unterminated group');
    await expect(page.getByRole("alert").filter({ hasText: "not saved" })).toContainText("matcher of");
    await matcher.fill("Bash");
    await matcher.press("Enter");
    await expect(page.getByTestId("matcher-error")).toHaveCount(0);
    await expect(page.getByTestId("matcher-group")).toHaveAttribute("data-matcher", '"Bash"');

    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => page.locator(".monaco-editor .view-lines").innerText(), { timeout: 30_000 }).toContain("PreToolUseHookInput");
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(GATE);
    await page.keyboard.press("ControlOrMeta+S");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const saved = await api.pipelines.get.query({ id });
    const hook = saved.document.hooks[0];
    expect([hook?.point, hook?.matcher, hook?.code.includes('permissionDecision: "ask"')]).toEqual(["PreToolUse", "Bash", true]);

    // Which hooks a tool call reaches: Bash yes, bash (case-sensitive) no.
    const tester = page.getByTestId("matcher-test");
    await tester.fill("Bash");
    await expect(page.getByTestId("matcher-test-summary")).toHaveText("A Bash call reaches 1 of 1 hook");
    await tester.fill("bash");
    await expect(page.getByTestId("matcher-test-summary")).toHaveText("A bash call reaches 0 of 1 hook");
    await expect(page.getByTestId("matcher-test-row")).toContainText('not exactly "Bash" (case-sensitive)');

    // The model runs rm -rf: the hook denies, and the model's next request carries the denial.
    await setBashCommand(page, "rm -rf build");
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const [denied] = await api.runs.list.query({ pipelineId: id });
    const deniedEvents = await resolvedEvents(api, denied?.id ?? "");
    expect(deniedEvents.find((e) => e.type === "tool.result" && e.toolUseId === "toolu_ls")).toMatchObject({ content: DENIAL, isError: true });
    const second = deniedEvents.find((e) => e.type === "model.request" && e.call === 2);
    const sent = second?.type === "model.request" ? second.messages.at(-1)?.content.find((b) => b.type === "tool_result" && b.tool_use_id === "toolu_ls") : null;
    expect(sent).toEqual({ type: "tool_result", tool_use_id: "toolu_ls", content: DENIAL, is_error: true });
    const gateEnd = deniedEvents.find((e) => e.type === "hook.end" && e.hookId === hook?.id);
    expect(gateEnd?.type === "hook.end" ? gateEnd.output : null).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: REASON } });
    // No race on one hook, and the other tools' PreToolUse left the Bash-only hook out.
    await expect(page.getByTestId("race-flags")).toHaveCount(0);

    // git push: the hook asks; the card answers.
    await setBashCommand(page, "git push");
    await page.getByTestId("run-button").click();
    const card = page.getByTestId("approval-card");
    await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
    await expect(card.getByTestId("approval-title")).toHaveText("Allow Bash?");
    await expect(card.getByTestId("approval-description")).toHaveText("Pushing needs a person");
    await card.getByTestId("approval-allow-once").click();
    await expect(card.getByTestId("approval-answer")).toContainText("Allow once by you");
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const asked = (await api.runs.list.query({ pipelineId: id })).find((r) => r.id !== denied?.id);
    const askedEvents = await resolvedEvents(api, asked?.id ?? "");
    expect(askedEvents.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "allow-once" });
    expect(askedEvents.find((e) => e.type === "tool.result" && e.toolUseId === "toolu_ls")).toMatchObject({ content: LS_RESULT, isError: false });

    // Export: the plugin's hooks.json has the Bash group, and its script answers the run's input as the run did.
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export as a Claude Code plugin" });
    const files = dialog.getByRole("list", { name: "Files in the plugin" });
    for (const file of [".claude-plugin/plugin.json", "hooks/hooks.json"]) await expect(files).toContainText(file);
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .*\.zip$/ }).click()]);
    const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
    const folder = mkdtempSync(path.join(tmpdir(), "hookwright-e2e-cc-"));
    try {
      for (const [name, bytes] of Object.entries(entries)) {
        if (name.endsWith("/")) continue;
        mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
        writeFileSync(path.join(folder, name), bytes);
      }
      const root = path.join(folder, download.suggestedFilename().replace(/\.zip$/, ""));
      const hooksJson = JSON.parse(readFileSync(path.join(root, "hooks/hooks.json"), "utf8")) as { hooks: Record<string, { matcher?: string; hooks: { type: string; command: string }[] }[]> };
      expect(Object.keys(hooksJson.hooks)).toEqual(["PreToolUse"]);
      const [group] = hooksJson.hooks.PreToolUse ?? [];
      expect(group?.matcher).toBe("Bash");
      const script = /\$\{CLAUDE_PLUGIN_ROOT\}\/(hooks\/[^"]+\.mjs)/.exec(group?.hooks[0]?.command ?? "")?.[1] ?? "";
      expect(script).toMatch(/^hooks\/.+\.mjs$/);
      const start = deniedEvents.find((e) => e.type === "point.start" && e.point === "PreToolUse");
      const input = start?.type === "point.start" ? start.context.input : null;
      const ran = spawnSync(process.execPath, [path.join(root, script)], { input: JSON.stringify(input), encoding: "utf8", env: { ...process.env, CLAUDE_PLUGIN_ROOT: root } });
      expect(ran.status).toBe(0);
      expect(JSON.parse(ran.stdout)).toEqual(gateEnd?.type === "hook.end" ? gateEnd.output : null);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
    await api.pipelines.delete.mutate({ id });
  });

  test("the racing example shows its race flag (the Bash gate does not), and an order-independent expectation fails on it", async ({ page, api, seedPipeline, uniqueName }) => {
    test.setTimeout(120_000);
    const gate = await seedPipeline(claudeBashGate, { name: uniqueName("Bash gate") });
    await page.goto(`/pipelines/${gate.id}`);
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    await expect(page.getByTestId("expectation-summary")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("race-flags")).toHaveCount(0);
    await expect(page.locator('[data-testid="timeline-race"]')).toHaveCount(0);

    const race = await seedPipeline(claudeInputRace, { name: uniqueName("Input race") });
    await page.goto(`/pipelines/${race.id}`);

    // Two hooks, one settings.json group; both reach a Bash call; onFailure is a hook option.
    await page.getByTestId("point-item-PreToolUse").click();
    await expect(page.getByTestId("matcher-group")).toHaveCount(1);
    await expect(page.getByTestId("matcher-group").getByTestId("hook-row")).toHaveCount(2);
    await page.getByTestId("matcher-test").fill("Bash");
    await expect(page.getByTestId("matcher-test-summary")).toHaveText("A Bash call reaches 2 of 2 hooks");
    await rows(page).first().getByTestId("hook-on-failure").selectOption("block");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await api.pipelines.get.query({ id: race.id })).document.hooks.map((h) => h.onFailure ?? null)).toEqual(["block", null]);

    // An expectation that the point is order-independent, added in the scenario form.
    await page.getByRole("button", { name: "Edit scenario" }).click();
    const form = page.getByTestId("scenario-form");
    await expect(page.getByTestId("completion-order-mode")).toHaveValue("declared");
    await form.getByTestId("expectation-kind").selectOption("orderIndependent");
    await form.getByTestId("expectation-add").click();
    await form.getByTestId("expectation-race-point").selectOption("PreToolUse");
    await form.getByTestId("expectation-save").click();
    await expect(page.getByTestId("save-status")).toHaveText("Saved");

    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    await expect(page.getByTestId("race-flag")).toHaveText(new RegExp(`^PreToolUse \\(event \\d+\\): ${RACE.replace(/[`]/g, ".")}$`));
    const failed = page.locator('[data-testid="expectation-result"][data-pass="false"]');
    await expect(failed).toHaveCount(1, { timeout: 30_000 });
    await expect(failed.getByTestId("expectation-reason")).toContainText(`PreToolUse #1 depends on the order its hooks finish in: ${RACE} (2 completion orders compared)`);

    // The flag jumps to the point's result, which explains it; the timeline marks that row.
    await page.getByTestId("race-flag").getByRole("button").click();
    await expect(page.getByTestId("point-race-flag")).toContainText(`Order-dependent: ${RACE}`);
    await expect(page.getByTestId("timeline-race")).toHaveText("order-dependent");
    await expect(page.getByTestId("point-race-flag")).toContainText("2 completion orders; updatedInput differs");

    // The completion order decides which rewrite this run kept.
    await page.getByTestId("completion-order-mode").selectOption("reverse");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const stored = await api.pipelines.get.query({ id: race.id });
    expect(stored.document.scenarios[0]?.completionOrder).toBe("reverse");
    expect(stored.document.scenarios[0]?.expectations?.at(-1)).toEqual({ kind: "orderIndependent", point: "PreToolUse" });
  });
});
