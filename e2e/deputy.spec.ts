import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { TRPCClient } from "@trpc/client";
import { unzipSync } from "fflate";
import { createTraceResolver } from "~/core/trace/resolve";
import type { TraceEvent } from "~/core/trace/events";
import type { AppRouter } from "~/server/api/root";
import { expect, test } from "./test";
import { openPoint } from "./fixtures/graph";

/*
 * deputy hooks in R, as an R user writes them: a new deputy pipeline, a PreToolUse hook (an R hook
 * from the point's template), a wrong signature refused on save with deputy's own message, then a
 * deny typed into Monaco (R highlighting, `context$` completions from the profile), its timeout set
 * on its row; a run where the model reads ellmer's rejection text; an EARLIER "allow" hook that
 * silently disables the deny (first non-NULL wins), which the run card and the hook panel explain;
 * and the export: hooks.R with both callbacks, registered in the pipeline's order.
 */

const REASON = "DESCRIPTION is off limits.";
const DENY = `# Deny reading DESCRIPTION.
function(tool_name, tool_input, context) {
  if (identical(tool_input$path, "DESCRIPTION")) {
    return(deputy::HookResultPreToolUse(permission = "deny", reason = "${REASON}"))
  }
  NULL
}
`;
const ALLOW = `function(tool_name, tool_input, context) {
  message("audit: ", tool_name)
  deputy::HookResultPreToolUse("allow")
}
`;
const SIGNATURE = 'Invalid callback for "PreToolUse" hook. Expected signature: function(tool_name, tool_input, context) or a callback accepting `...`.';
const REJECTION = `Tool calling failed with error Tool call rejected. ${REASON}`;

async function editorText(page: Page): Promise<string> {
  return (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");
}

/** Replaces the hook's code by pasting it (typed R would be re-indented by Monaco's on-type rules) and saves. */
async function replaceCode(page: Page, code: string) {
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate((text) => navigator.clipboard.writeText(text), code);
  await page.locator(".monaco-editor .view-lines").click();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.press("Delete");
  await page.keyboard.press("ControlOrMeta+V");
  await page.keyboard.press("ControlOrMeta+S");
  await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
}

async function rename(page: Page, row: number, name: string) {
  await page.getByTestId("hook-row").nth(row).getByTestId("hook-name").dblclick();
  const input = page.getByTestId("hook-row").nth(row).getByRole("textbox", { name: /^New name for / });
  await input.fill(name);
  await input.press("Enter");
  await expect(page.getByTestId("hook-row").nth(row).getByTestId("hook-name")).toHaveText(name);
}

/** The stored trace of the pipeline's newest run, deltas resolved. */
async function newestRun(api: TRPCClient<AppRouter>, pipelineId: string, seen: readonly string[]): Promise<{ id: string; events: TraceEvent[] }> {
  const run = (await api.runs.list.query({ pipelineId })).find((r) => !seen.includes(r.id) && r.status !== "running");
  if (!run) throw new Error("the run is not in the run list yet");
  const resolver = createTraceResolver();
  const stored = await api.runs.events.query({ runId: run.id, afterSeq: 0, limit: 1000 });
  for (const e of stored) resolver.add(e);
  return { id: run.id, events: stored.map((e) => resolver.get(e.seq)).filter((e): e is TraceEvent => e !== undefined) };
}

const decoder = new TextDecoder();

test.describe("deputy in R", () => {
  test("a new user writes a PreToolUse deny in R, sees the model get the rejection, sees an earlier allow hide it (and why), and exports hooks.R", async ({ page, api, uniqueName }) => {
    test.setTimeout(240_000);
    const name = uniqueName("R gate");
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Host profile").selectOption("deputy");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    // A new hook on a deputy point is an R hook with the point's template.
    await openPoint(page, "PreToolUse");
    await page.getByTestId("add-hook").click();
    const rows = page.getByTestId("hook-row");
    await expect(rows).toHaveCount(1);
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain("deputy::HookResultPreToolUse");
    await expect(page.getByTestId("open-file")).toHaveText(/^hooks\/.+\.R$/);

    // A callback deputy's HookMatcher$new() refuses: its message, on the callback's line, on save.
    await replaceCode(page, "# wrong names\nfunction(tool, input) NULL\n");
    const problems = page.getByTestId("diagnostics");
    await expect(problems).toContainText(SIGNATURE, { timeout: 30_000 });
    await expect(problems).toContainText("R · 2:1");

    // The deny; completions of the context's fields after context$ (from the profile).
    await replaceCode(page, DENY);
    await expect(page.getByTestId("problem-counts")).toHaveText("none", { timeout: 30_000 });
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("\nx <- context$");
    await page.keyboard.press("Control+Space");
    const suggest = page.locator(".monaco-editor .suggest-widget");
    await expect(suggest).toContainText("permission_mode", { timeout: 10_000 });
    await expect(suggest).toContainText("tool_call_id");
    await page.keyboard.press("Escape");
    await replaceCode(page, DENY);
    await rename(page, 0, "deny-description");

    // deputy's timeout on the row: 0 runs the callback in the agent's own R session.
    const timeout = rows.first().getByTestId("hook-runtime-timeout");
    await expect(timeout).toHaveAttribute("placeholder", "30");
    await timeout.fill("0");
    await timeout.press("Enter");
    await expect.poll(async () => (await api.pipelines.get.query({ id })).document.hooks[0]?.runtime, { timeout: 10_000 }).toEqual({ kind: "r", timeout: 0 });
    expect((await api.pipelines.get.query({ id })).document.hooks[0]?.code).toBe(DENY);

    // Run: the deny rejects read_file; the model reads ellmer's rejection text.
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
    const timeline = page.getByRole("listbox", { name: "Timeline" });
    await timeline.locator('[data-type="tool.result"]').first().click();
    await expect(page.getByText(REJECTION).first()).toBeVisible();
    let first: { id: string; events: TraceEvent[] } | null = null;
    await expect.poll(async () => (first = await newestRun(api, id, [])).events.some((e) => e.type === "run.end"), { timeout: 20_000 }).toBe(true);
    const firstRun = first as unknown as { id: string; events: TraceEvent[] };
    const lastRequest = firstRun.events.filter((e) => e.type === "model.request").at(-1);
    expect(JSON.stringify(lastRequest)).toContain(REJECTION);

    // An EARLIER hook that allows: deputy stops at its non-NULL value, and the deny is never called.
    const denyFile = await page.getByTestId("open-file").innerText();
    await page.getByTestId("add-hook").click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByTestId("open-file")).not.toHaveText(denyFile);
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain("Destructive commands need a person.");
    await replaceCode(page, ALLOW);
    await rename(page, 1, "audit");
    await rows.nth(1).focus();
    await page.keyboard.press("Alt+ArrowUp");
    await expect(rows.first().getByTestId("hook-name")).toHaveText("audit");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
    await expect.poll(async () => (await api.pipelines.get.query({ id })).document.hooks.map((h) => h.name), { timeout: 10_000 }).toEqual(["audit", "deny-description"]);

    await page.getByTestId("run-button").click();
    const winner = page.locator('.run-hook-cards [data-testid="hook-card"]').first();
    await expect(winner.locator("header strong")).toHaveText("audit", { timeout: 60_000 });
    await expect(winner).toContainText("audit returned allow first: deny-description was not called (first non-NULL wins).", { timeout: 60_000 });
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
    await timeline.evaluate((el) => el.scrollTo({ top: 0 }));
    await timeline.locator('[data-type="tool.result"]').first().click();
    await expect(page.getByText("Imports: cli, R6, ellmer").first()).toBeVisible();
    // One card: the deny was never called.
    await expect(page.locator('.run-hook-cards [data-testid="hook-card"] header strong')).toHaveText(["audit"]);
    let second: { id: string; events: TraceEvent[] } | null = null;
    await expect.poll(async () => (second = await newestRun(api, id, [firstRun.id])).events.some((e) => e.type === "run.end"), { timeout: 20_000 }).toBe(true);
    const secondRun = second as unknown as { id: string; events: TraceEvent[] };
    expect(secondRun.events.filter((e) => e.type === "hook.start").map((e) => (e.type === "hook.start" ? e.hookId : ""))).not.toContain((await api.pipelines.get.query({ id })).document.hooks[1]?.id);
    expect(JSON.stringify(secondRun.events.filter((e) => e.type === "tool.result"))).not.toContain("Tool call rejected");

    // The hook panel says why, on both rows, from the last run.
    await expect(rows.nth(1).getByTestId("hook-note")).toHaveText("○ Not called at PreToolUse: audit returned allow first, and deputy calls no later hook (first non-NULL wins).", { timeout: 20_000 });
    await expect(rows.first().getByTestId("hook-note")).toHaveText("★ Won at PreToolUse: it returned allow first, so “deny-description” was not called.");

    // Export: hooks.R with both callbacks, registered in the pipeline's order (audit first).
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export as deputy hooks (hooks.R)" });
    await expect(dialog).toContainText("hooks.R");
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .+\.zip$/ }).click()]);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const files = new Map(Object.entries(zip).map(([path, bytes]) => [path.slice(path.indexOf("/") + 1), decoder.decode(bytes)]));
    const hooksR = files.get("hooks.R") ?? "";
    expect(hooksR).toContain(`hook_audit <- ${ALLOW.trim()}`);
    expect(hooksR).toContain(`hook_deny_description <- ${DENY.slice(DENY.indexOf("function")).trim()}`);
    expect(hooksR.indexOf("hook_audit <-")).toBeLessThan(hooksR.indexOf("hook_deny_description <-"));
    const registrations = [...hooksR.matchAll(/agent\$add_hook\(deputy::HookMatcher\$new\(([^\n]*)\)\)/g)].map((m) => m[1]);
    expect(registrations).toEqual(['event = "PreToolUse", callback = hook_audit', 'event = "PreToolUse", callback = hook_deny_description, timeout = 0']);
  });
});
