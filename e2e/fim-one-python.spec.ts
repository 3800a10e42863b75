import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { createTraceResolver } from "~/core/trace/resolve";
import { expect, test } from "./test";
import { openPoint } from "./fixtures/graph";

/*
 * FIM One hooks in Python, as a FIM One developer writes them: a new pipeline, a PreToolUse hook
 * switched to Python in one click (the point's Python template), the seed's ReadOnlyGuard typed
 * into Monaco (Python highlighting, context. completions, a syntax error from the sandboxed
 * interpreter on save, then fixed), a run where it blocks the write with its text and side
 * effect, and the export: a zip with the hookwright_hooks package FIM One registers.
 */

/** The seed's ReadOnlyGuard (seed 002), its org check a set of read-only orgs (the default scenario's org is one). */
const SEED_GUARD = `from fim_one_hooks import HookContext, HookResult, PreToolUseHook

READONLY_ORGS = {"org-acme"}


def org_is_readonly(org_id):
    return org_id in READONLY_ORGS


class ReadOnlyGuard(PreToolUseHook):
    name = "readonly_guard"
    priority = 5                          # lower runs earlier

    def should_trigger(self, ctx: HookContext) -> bool:
        return ctx.tool_name.startswith("sql_")

    async def execute(self, ctx: HookContext) -> HookResult:
        if org_is_readonly(ctx.metadata["org_id"]):
            return HookResult(
                allow=False,
                error="Org is in read-only mode — write blocked.",
                side_effects=["readonly_guard: blocked sql write"],
            )
        return HookResult()               # default: allow=True, no mutation
`;

async function editorText(page: Page): Promise<string> {
  return (await page.locator(".monaco-editor .view-lines").innerText()).replace(/\u00a0/g, " ");
}

/** Replaces the module by pasting it (typing Python would be re-indented by Monaco's on-type rules). */
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

const decoder = new TextDecoder();

test.describe("FIM One in Python", () => {
  test("a new user writes the seed's read-only guard in Python, sees it block a write, and exports the package", async ({ page, api, uniqueName }) => {
    test.setTimeout(180_000);
    const name = uniqueName("Python guard");
    await page.goto("/");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Host profile").selectOption("fim-one");
    await page.getByRole("button", { name: "Create pipeline" }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    await openPoint(page, "PreToolUse");
    await page.getByTestId("add-hook").click();
    await expect(page.getByTestId("hook-row")).toHaveCount(1);
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("runtime-function")).toHaveAttribute("aria-pressed", "true");

    // One click: the point's Python template, in a Python model.
    await page.getByTestId("runtime-python").click();
    await expect(page.getByTestId("runtime-python")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => editorText(page), { timeout: 20_000 }).toContain("class ReadOnlyGuard(PreToolUseHook):");
    await expect(page.getByTestId("open-file")).toHaveText(/^hooks\/.+\.py$/);
    // A Python model: TypeScript never checks it.
    await expect(page.locator(".monaco-editor .squiggly-error")).toHaveCount(0);

    // A syntax error: on save, the sandboxed interpreter's message at its line, like a TypeScript problem.
    await replaceCode(page, SEED_GUARD.replace("def should_trigger(self, ctx: HookContext) -> bool:", "def should_trigger(self, ctx: HookContext) -> bool"));
    const problems = page.getByTestId("diagnostics");
    await expect(problems).toContainText("SyntaxError: expected ':' (Python 3.11)", { timeout: 20_000 });
    await expect(problems).toContainText(/python 3\.[\d.]+ · 14:55/);

    // The seed's guard; completions of the HookContext's fields after "ctx.".
    await replaceCode(page, SEED_GUARD);
    await expect(page.getByTestId("problem-counts")).toHaveText("none", { timeout: 20_000 });
    await page.locator(".monaco-editor .view-lines").click();
    await page.keyboard.press("ControlOrMeta+End");
    await page.keyboard.insertText("\n\nx = ctx.");
    await page.keyboard.press("Control+Space");
    const suggest = page.locator(".monaco-editor .suggest-widget");
    await expect(suggest).toContainText("tool_args", { timeout: 10_000 });
    await expect(suggest).toContainText("metadata");
    await page.keyboard.press("Escape");
    await replaceCode(page, SEED_GUARD);
    const saved = (await api.pipelines.get.query({ id })).document.hooks[0];
    expect(saved?.runtime).toEqual({ kind: "python" });
    expect(saved?.code).toBe(SEED_GUARD);

    // Run: the model's sql_query is blocked; the model sees the guard's error, its card the side effect.
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
    const card = page.locator('.run-hook-cards [data-testid="hook-card"]').first();
    await expect(card).toContainText("readonly_guard: blocked sql write");
    const [run] = await api.runs.list.query({ pipelineId: id });
    const resolver = createTraceResolver();
    const stored = await api.runs.events.query({ runId: run?.id ?? "", afterSeq: 0, limit: 1000 });
    for (const e of stored) resolver.add(e);
    const result = stored.map((e) => resolver.get(e.seq)).find((e) => e?.type === "tool.result");
    expect(JSON.stringify(result)).toContain("Error: Org is in read-only mode — write blocked.");
    await expect(card).toContainText('"error":"Org is in read-only mode — write blocked."');

    // Export: the package FIM One registers, its module the guard with FIM One's own imports.
    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export for FIM One" });
    await expect(dialog).toContainText("hookwright_hooks/__init__.py");
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .+\.zip$/ }).click()]);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const files = new Map(Object.entries(zip).map(([path, bytes]) => [path.slice(path.indexOf("/") + 1), decoder.decode(bytes)]));
    expect([...files.keys()].filter((p) => p.startsWith("hookwright_hooks/")).sort()).toEqual(["hookwright_hooks/__init__.py", "hookwright_hooks/_hookwright.py", expect.stringMatching(/^hookwright_hooks\/\w+\.py$/)]);
    const module = [...files].find(([p]) => /^hookwright_hooks\/(?!_)\w+\.py$/.test(p))?.[1] ?? "";
    expect(module).toBe(SEED_GUARD.replace("from fim_one_hooks import HookContext, HookResult, PreToolUseHook", "from fim_one.core.agent.hooks import HookContext, HookResult\nfrom fim_one.core.hooks.base import PreToolUseHook"));
    expect(files.get("hookwright_hooks/__init__.py")).toMatch(/registry\.register\(registry_hook\(\w+\.ReadOnlyGuard\(\), priority=-?\d+\)\)/);
    expect(files.get("README.md")).toContain("build_hook_registry_for_agent");
  });
});
