import { spawn, type ChildProcess } from "node:child_process";
import { readFile } from "node:fs/promises";
import { strFromU8, unzipSync } from "fflate";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import superjson from "superjson";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import { createTraceResolver } from "~/core/trace/resolve";
import type { TraceEvent } from "~/core/trace/events";
import type { AppRouter } from "~/server/api/root";
import { openPoint } from "./fixtures/graph";
import { expect, test } from "./test";

/*
 * Approvals in Chromium: an OpenClaw before_tool_call hook asks to approve each web search
 * (the "Web search approval" example). The run waits on a card; the answer decides what the
 * model gets. The restart test runs its own production server (same build, own port and
 * database) so it can kill it while a card waits.
 */

const DENIAL = "Denied by user. The tool call did not run.";
const SEARCH_RESULT = "Tour de France 2026: overall winner announced in Paris on 26 July.";
/** What OpenClaw's before_tool_call wrapper gives the model for a denied call, all four lines. */
const FULL_DENIAL = [
  DENIAL,
  "This denial is final: the approval request is closed. Do not mention /approve or any other approval command to the user.",
  "Do not run the tool call again or ask the user to approve it again.",
  "If the user still wants the action, explain that a new tool call will trigger a fresh approval request.",
].join("\n");
/** The default openclaw scenario's web_search result. */
const TALLEST_RESULT = "Burj Khalifa (Dubai): 828 m, completed 2010. Merdeka 118 (Kuala Lumpur): 679 m.";
/** A new user's hook, typed into Monaco: ask before every web search. */
const ASK_HOOK = [
  'import type { PluginHookBeforeToolCallEvent, PluginHookBeforeToolCallResult } from "openclaw/plugin-sdk/plugin-entry";',
  "",
  "export default async (event: PluginHookBeforeToolCallEvent): Promise<PluginHookBeforeToolCallResult | void> => {",
  'if (event.toolName !== "web_search") return;',
  'return { requireApproval: { title: "Search the web?", description: `Query: ${String(event.params.query)}`, severity: "warning", timeoutMs: 60000 } };',
  "};",
  "",
].join("\n");

test.describe("Approvals", () => {
  test("a hook's requireApproval pauses the run on a card; deny gives the model the denial, allow runs the tool", async ({ page, api, seedPipeline, uniqueName }) => {
    const pipeline = await seedPipeline(webSearchApproval, { name: uniqueName("Web search approval") });
    await page.goto(`/pipelines/${pipeline.id}`);
    await page.getByTestId("run-button").click();

    const card = page.getByTestId("approval-card");
    await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
    await expect(card.getByTestId("approval-title")).toHaveText("Run web search");
    await expect(card.getByTestId("approval-description")).toHaveText("Allow search query: 2026 Tour de France winner");
    await expect(card.locator(".approval-params")).toContainText('"query": "2026 Tour de France winner"');
    await expect(card.getByTestId("approval-time-left")).toContainText(/\d+ s left/);
    await expect(card.getByTestId("approval-allow-once")).toBeVisible();
    await expect(card.getByTestId("approval-allow-always")).toBeVisible();

    await page.getByTestId("approval-by").fill("Dana");
    await card.getByTestId("approval-deny").click();
    await expect(card.getByTestId("approval-answer")).toContainText("Deny by Dana");
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });

    const [denied] = await api.runs.list.query({ pipelineId: pipeline.id });
    const deniedEvents = await api.runs.events.query({ runId: denied?.id ?? "", afterSeq: 0 });
    const deniedResult = deniedEvents.find((e) => e.type === "tool.result");
    expect(deniedResult?.type === "tool.result" ? deniedResult.content.split("\n")[0] : null).toBe(DENIAL.split("\n")[0]);
    expect(deniedResult?.type === "tool.result" ? deniedResult.isError : null).toBe(true);

    await page.getByTestId("run-button").click();
    const again = page.getByTestId("approval-card");
    await expect(again).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
    await again.getByTestId("approval-allow-once").click();
    await expect(again.getByTestId("approval-answer")).toContainText("Allow once by Dana");
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const runs = await api.runs.list.query({ pipelineId: pipeline.id });
    const allowed = runs.find((r) => r.id !== denied?.id);
    const allowedEvents = await api.runs.events.query({ runId: allowed?.id ?? "", afterSeq: 0 });
    expect(allowedEvents.find((e) => e.type === "tool.result")).toMatchObject({ content: SEARCH_RESULT, isError: false });
    const audit = await api.approvals.list.query({ runId: allowed?.id ?? "" });
    expect(audit).toMatchObject([{ status: "answered", decision: "allow-once", respondedBy: "Dana" }]);
  });

  test("a new user's openclaw pipeline: a before_tool_call hook written in Monaco asks approval; deny reaches the model, allow runs the search", async ({ page, api, uniqueName }) => {
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(uniqueName("Claw approval"));
    await page.getByLabel("Host profile").selectOption("openclaw");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    await page.getByTestId("stage-tools").click();
    await openPoint(page, "before_tool_call");
    await expect(page.getByTestId("hook-panel-point")).toHaveText("before_tool_call");
    await page.getByTestId("add-hook").click();
    await expect(page.getByTestId("hook-row")).toHaveCount(1);
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect.poll(async () => page.locator(".monaco-editor .view-lines").innerText(), { timeout: 30_000 }).toContain("PluginHookBeforeToolCallEvent");

    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+A");
    await page.keyboard.press("Delete");
    await page.keyboard.insertText(ASK_HOOK);
    await page.keyboard.press("ControlOrMeta+S");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const saved = await api.pipelines.get.query({ id });
    expect(saved.document.hooks.map((h) => [h.point, h.code.includes('severity: "warning"')])).toEqual([["before_tool_call", true]]);

    // The default scenario's model searches the web once: the run waits on the hook's card.
    await page.getByTestId("run-button").click();
    const card = page.getByTestId("approval-card");
    await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
    await expect(card.getByTestId("approval-title")).toHaveText("Search the web?");
    await expect(card.getByTestId("approval-description")).toHaveText("Query: tallest building in the world");
    await expect(card.locator(".approval-severity")).toHaveText("warning");
    await expect(card.locator(".approval-params")).toContainText('"query": "tallest building in the world"');
    await card.getByTestId("approval-deny").click();
    await expect(card.getByTestId("approval-answer")).toContainText("Deny by you");
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });

    // The host's denial text is the tool result, and the model's next request carries it.
    const [denied] = await api.runs.list.query({ pipelineId: id });
    const deniedEvents = await resolvedEvents(api, denied?.id ?? "");
    expect(deniedEvents.find((e) => e.type === "tool.result")).toMatchObject({ toolUseId: "toolu_search", content: FULL_DENIAL, isError: true });
    const second = deniedEvents.find((e) => e.type === "model.request" && e.call === 2);
    expect(second?.type === "model.request" ? second.messages.at(-1) : null).toMatchObject({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_search", content: FULL_DENIAL, is_error: true }],
    });

    await page.getByTestId("run-button").click();
    const again = page.getByTestId("approval-card");
    await expect(again).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
    await again.getByTestId("approval-allow-once").click();
    await expect(again.getByTestId("approval-answer")).toContainText("Allow once by you");
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const allowed = (await api.runs.list.query({ pipelineId: id })).find((r) => r.id !== denied?.id);
    const allowedEvents = await resolvedEvents(api, allowed?.id ?? "");
    expect(allowedEvents.find((e) => e.type === "tool.result")).toMatchObject({ toolUseId: "toolu_search", content: TALLEST_RESULT, isError: false });
    await api.pipelines.delete.mutate({ id });
  });

  test("Export plugin… writes the OpenClaw plugin, and Import plugin… reads it back into a pipeline that asks the same approval", async ({ page, api, seedPipeline, uniqueName }) => {
    const name = uniqueName("Web search approval");
    const pipeline = await seedPipeline(webSearchApproval, { name });
    await page.goto(`/pipelines/${pipeline.id}`);
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export as an OpenClaw plugin" });
    await expect(dialog).toContainText("For OpenClaw.");
    const files = dialog.getByRole("list", { name: "Files in the plugin" });
    for (const file of ["README.md", "hooks/search-approval.ts", "index.ts", "openclaw.plugin.json", "package.json"]) await expect(files).toContainText(file);
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .*\.zip$/ }).click()]);
    const zip = await readFile(await download.path());
    const text = strFromU8(unzipSync(new Uint8Array(zip))[`${download.suggestedFilename().replace(/\.zip$/, "")}/index.ts`] ?? new Uint8Array());
    expect(text).toContain('api.on("before_tool_call", hook1, { priority: 50, matcher: ["web_search"] }); // tool-preflight');

    await page.goto("/");
    await page.getByTestId("import-plugin-file").setInputFiles({ name: download.suggestedFilename(), mimeType: "application/zip", buffer: zip });
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";
    const created = await api.pipelines.get.query({ id });
    expect(created.document.profile).toBe("openclaw");
    expect(created.document.hooks.map((h) => ({ id: h.id, name: h.name, point: h.point, priority: h.priority, matcher: h.matcher }))).toEqual([
      { id: "search-approval", name: "tool-preflight", point: "before_tool_call", priority: 50, matcher: ["web_search"] },
    ]);
    expect(created.document.scenarios.length).toBe(1);
    await api.pipelines.delete.mutate({ id });
  });

  test("a card still waits after the server is killed and started again, and answering it finishes the run", async ({ page }) => {
    test.setTimeout(240_000);
    const folder = mkdtempSync(path.join(tmpdir(), "hookwright-e2e-restart-"));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const api = createTRPCClient<AppRouter>({ links: [httpLink({ url: `${base}/api/trpc`, transformer: superjson })] });
    let server: ChildProcess | null = null;
    try {
      server = await startServer(port, path.join(folder, "restart.db"));
      const { id } = await api.pipelines.create.mutate({ from: "document", document: webSearchApproval });
      await page.goto(`${base}/pipelines/${id}`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("approval-card")).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
      const [run] = await api.runs.list.query({ pipelineId: id });
      const runId = run?.id ?? "";

      await killServer(server);
      server = await startServer(port, path.join(folder, "restart.db"));

      // After the restart the run, opened from its link, still waits on its card.
      await page.goto(`${base}/pipelines/${id}/runs/${runId}`);
      const card = page.getByTestId("approval-card");
      await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
      await card.getByTestId("approval-allow-once").click();
      await expect(card.getByTestId("approval-answer")).toContainText("Allow once by you", { timeout: 30_000 });
      await expect
        .poll(async () => (await api.runs.get.query({ runId })).run.status, { timeout: 60_000 })
        .toBe("finished");
      const events = await api.runs.events.query({ runId, afterSeq: 0 });
      expect(events.find((e) => e.type === "tool.result")).toMatchObject({ content: SEARCH_RESULT, isError: false });
      expect(events.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    } finally {
      if (server) await killServer(server);
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

/** A run's stored events with their deltas resolved (model.request messages in full). */
async function resolvedEvents(api: TRPCClient<AppRouter>, runId: string): Promise<TraceEvent[]> {
  const resolver = createTraceResolver();
  const stored = await api.runs.events.query({ runId, afterSeq: 0, limit: 1000 });
  for (const e of stored) resolver.add(e);
  return stored.map((e) => resolver.get(e.seq)).filter((e): e is TraceEvent => e !== undefined);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

/** The production server (scripts/start.mjs on the e2e build), ready when it answers. */
async function startServer(port: number, db: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["scripts/start.mjs", "--no-build"], {
    env: { ...process.env, HOST: "127.0.0.1", PORT: String(port), HOOKWRIGHT_DB: db, HOOKWRIGHT_DIST_DIR: process.env.HOOKWRIGHT_DIST_DIR ?? ".next-test", NEXT_TELEMETRY_DISABLED: "1" },
    stdio: "ignore",
    // Its own process group: start.mjs runs `next start` as a child, and the kill must take both.
    detached: true,
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/trpc/pipelines.list`);
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  await killServer(child);
  throw new Error("the server did not start within 120 s");
}

/** SIGKILL to the server's whole process group (start.mjs and next start): no clean shutdown. */
async function killServer(child: ChildProcess): Promise<void> {
  const exited = child.exitCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));
  if (child.pid !== undefined) {
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await exited;
}
