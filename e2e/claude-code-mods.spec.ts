import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { claudeModsGuard } from "~/core/examples/claudeModsGuard";
import { expect, test } from "./test";

/*
 * Claude Code mods in the app: the "Shell guard (mods)" example run in the browser: the tool.call
 * mod answers rm -rf with a deny (its card says so and the model reads the engine's text), the
 * classic.PreToolUse mod inside it passes on and rewrites the next command; the export is the mod's
 * plugin folder (hooks/hooks.json naming register.ts, which calls on() for each hook in order).
 */

const decoder = new TextDecoder();

test.describe("Claude Code mods", () => {
  test("the example's middlewares show what each did, the deny reaches the model, and the plugin exports", async ({ page, api, seedPipeline, uniqueName }) => {
    test.setTimeout(120_000);
    const seeded = await seedPipeline(claudeModsGuard, { name: uniqueName("Shell guard mods") });
    await page.goto(`/pipelines/${seeded.id}`);
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });

    const cards = page.locator('.run-hook-cards [data-testid="hook-card"]');
    await expect(cards.locator("header strong")).toHaveText(["no-rm-rf", "hide-token"]);
    await expect(cards.first()).toContainText('answered: deny \\"rm -rf is not allowed here');
    await expect(cards.nth(1)).toContainText("passed, then answered: updatedInput");

    const [run] = await api.runs.list.query({ pipelineId: seeded.id });
    const stored = JSON.stringify(await api.runs.events.query({ runId: run?.id ?? "", afterSeq: 0, limit: 1000 }));
    expect(stored).toContain("<tool_use_error>rm -rf is not allowed here");
    expect(stored).toContain('echo \\"token is [redacted]\\"');

    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByTestId("export-plugin-dialog");
    await expect(dialog.getByRole("list", { name: "Files in the plugin" })).toContainText("hooks/hooks.json", { timeout: 30_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .+\.zip$/ }).click()]);
    const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
    const files = new Map(Object.entries(zip).map(([path, bytes]) => [path.slice(path.indexOf("/") + 1), decoder.decode(bytes)]));
    expect(JSON.parse(files.get("hooks/hooks.json") ?? "{}")).toEqual({ modules: ["./register.ts"] });
    const register = [...files.entries()].find(([path]) => path === "hooks/register.ts")?.[1] ?? "";
    expect(register.indexOf('"tool.call"')).toBeGreaterThan(-1);
    expect(register.indexOf('"tool.call"')).toBeLessThan(register.indexOf('"classic.PreToolUse"'));
  });
});
