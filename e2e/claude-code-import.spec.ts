import { readFile } from "node:fs/promises";
import { unzipSync } from "fflate";
import { zipPlugin } from "~/server/bundles/zip";
import { openPoint } from "./fixtures/graph";
import { expect, test } from "./test";

/*
 * A Claude Code plugin written by hand (a node gate script and a shell logger) goes in through
 * "Import plugin…": the node script becomes a hook that runs, the shell script is shown as an
 * external hook on the graph and in the hook panel, and "Export plugin…" writes it back unchanged.
 */

const decoder = new TextDecoder();
const logScript = 'cat >> "$CLAUDE_PROJECT_DIR/.commands.log"\n';

function handWrittenPlugin(name: string) {
  return zipPlugin("hand-hooks", [
    { path: ".claude-plugin/plugin.json", content: JSON.stringify({ name }) },
    {
      path: "hooks/hooks.json",
      content: JSON.stringify({
        hooks: {
          PreToolUse: [
            {
              matcher: "Bash",
              hooks: [
                { type: "command", command: 'node "${CLAUDE_PLUGIN_ROOT}/hooks/gate.js"' },
                { type: "command", command: "bash ${CLAUDE_PLUGIN_ROOT}/hooks/log.sh" },
              ],
            },
          ],
        },
      }),
    },
    { path: "hooks/gate.js", content: 'const input = JSON.parse(require("fs").readFileSync(0, "utf8"));\nif (/rm -rf/.test(input.tool_input.command)) { console.error("no rm -rf"); process.exit(2); }\n' },
    { path: "hooks/log.sh", content: logScript },
  ]);
}

test("a hand-written Claude Code plugin imports with its shell hook shown as external, runs, and exports the shell hook unchanged", async ({ page, api, uniqueName }) => {
  const name = uniqueName("hand-hooks");
  await page.goto("/");
  await page.getByTestId("import-plugin-file").setInputFiles({ name: "hand-hooks.zip", mimeType: "application/zip", buffer: Buffer.from(handWrittenPlugin(name)) });
  // The import says which hook Hookwright keeps but cannot run, then opens the pipeline.
  const notes = page.getByTestId("import-plugin-dialog");
  await expect(notes).toContainText("1 hook is kept as external (Hookwright lists but cannot run it): PreToolUse external-log-sh");
  await notes.getByRole("button", { name: "Open the pipeline" }).click();
  await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
  const id = page.url().split("/").at(-1) ?? "";

  // The graph: one hook Hookwright runs on PreToolUse, and one external.
  await expect(page.getByTestId("point-count-PreToolUse").first()).toHaveText("1");
  await expect(page.getByTestId("point-external-PreToolUse").first()).toHaveText("+1 external");
  // The hook panel lists it with its command and why it cannot run here.
  await openPoint(page, "PreToolUse");
  const external = page.getByTestId("external-hook");
  await expect(external).toHaveCount(1);
  await expect(external).toContainText("bash ${CLAUDE_PLUGIN_ROOT}/hooks/log.sh");
  await expect(external).toContainText("a shell command: Hookwright runs only JavaScript and TypeScript hooks");

  // The converted gate runs in a real run without failing.
  await page.getByRole("button", { name: "Run", exact: true }).click();
  await expect(page.getByText("exit: no_tool_calls").first()).toBeVisible({ timeout: 30_000 });

  // Export writes the external hook and its script back unchanged.
  await page.getByRole("button", { name: "Export plugin…" }).click();
  const dialog = page.getByRole("dialog", { name: "Export as a Claude Code plugin" });
  await expect(dialog).toContainText("hooks/log.sh");
  const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .*\.zip$/ }).click()]);
  const zip = unzipSync(new Uint8Array(await readFile(await download.path())));
  const entry = (suffix: string) => Object.entries(zip).find(([path]) => path.endsWith(suffix))?.[1];
  expect(decoder.decode(entry("/hooks/log.sh"))).toBe(logScript);
  const hooksJson = JSON.parse(decoder.decode(entry("/hooks/hooks.json"))) as { hooks: { PreToolUse: { matcher: string; hooks: unknown[] }[] } };
  expect(hooksJson.hooks.PreToolUse[0]?.hooks[1]).toEqual({ type: "command", command: "bash ${CLAUDE_PLUGIN_ROOT}/hooks/log.sh" });

  await api.pipelines.delete.mutate({ id });
});
