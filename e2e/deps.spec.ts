import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unzipSync } from "fflate";
import { claudeBashGate } from "~/core/examples/claudeBashGate";
import type { PipelineInput } from "~/core/pipeline/schema";
import { createTraceResolver } from "~/core/trace/resolve";
import { writeFiles } from "~/server/bundles/testing/commandHook";
import { openPoint } from "./fixtures/graph";
import { expect, test } from "./test";

/*
 * Issue 15's npm dependencies as a user sees them: shell-quote is declared in the pipeline's
 * Settings, a hook imports it to parse the Bash command a tool ran, and the run's card shows
 * the parsed words. The server installs it from the npm registry (cached in .cache/deps).
 */

const gatePipeline: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Parse commands",
  profile: "vellum",
  hooks: [
    {
      id: "parse",
      point: "post-tool-use",
      name: "parse",
      enabled: true,
      code: [
        'import { parse } from "shell-quote";',
        "",
        "// Wrong on purpose: the editor shows it only once it has shell-quote's types.",
        'export const typed: number = parse("ls");',
        "",
        "export default function (ctx: any) {", "  console.log(JSON.stringify(parse(String(ctx.toolResponse.content))));", "}"].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "one command",
      prompt: "Clean up.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_1", name: "bash", input: { command: "x" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "bash", results: [`rm -rf "/tmp/a b" && echo 'hi there'`] }],
    },
  ],
};

/** A Claude Code Bash gate that parses the command with shell-quote (the CLI's /tmp example of issue 15). */
const GATE_CODE = [
  "import { parse } from \"shell-quote\";",
  "import type { PreToolUseHookInput } from \"@anthropic-ai/claude-agent-sdk\";",
  "export default async (input: PreToolUseHookInput) => {",
  "  const words = parse((input.tool_input as { command?: string }).command ?? \"\").filter((w): w is string => typeof w === \"string\");",
  "  if (words[0] !== \"rm\" || !words.some((w) => /^-[a-z]*r[a-z]*f|^-[a-z]*f[a-z]*r/.test(w))) return;",
  "  return { hookSpecificOutput: { hookEventName: \"PreToolUse\", permissionDecision: \"deny\", permissionDecisionReason: `parsed ${JSON.stringify(words)}: destructive` } };",
  "};",
].join("\n");

test.describe("npm dependencies", () => {
  test("without the dependency the import says to declare it; declared in Settings, the hook parses the command", async ({ page, seedPipeline, uniqueName, api }) => {
    const seeded = await seedPipeline(gatePipeline, { name: uniqueName("Parse commands") });
    await page.goto(`/pipelines/${seeded.id}`);

    await page.getByTestId("run-button").click();
    const firstCard = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="parse"]').first();
    await expect(firstCard.getByTestId("hook-error")).toContainText(`Cannot import "shell-quote" from hooks/parse.ts: it is not a dependency of the pipeline; declare the npm package in the pipeline's Settings (Dependencies).`, {
      timeout: 30_000,
    });

    // The editor cannot resolve the import yet.
    await openPoint(page, "post-tool-use");
    await page.getByTestId("hook-name").filter({ hasText: "parse" }).click();
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("diagnostics")).toContainText("Cannot find module 'shell-quote'", { timeout: 30_000 });

    await page.getByTestId("pipeline-settings-button").click();
    const settings = page.getByTestId("pipeline-settings");
    await expect(settings.getByText("No dependencies yet.")).toBeVisible();
    await settings.getByTestId("add-dependency").click();
    await settings.getByLabel("Package of dependency 1").fill("Shell Quote");
    await expect(settings.getByRole("alert")).toHaveText("lower-case letters, digits, - . _ ~, optionally @scope/name");
    await settings.getByLabel("Package of dependency 1").fill("shell-quote");
    await settings.getByLabel("Version range of shell-quote").fill("file:../x");
    await expect(settings.getByRole("alert")).toHaveText("a registry version range (^1.8.1, >=2 <3, 1.x) or tag (latest); file:, git and URLs are not allowed");
    await settings.getByLabel("Version range of shell-quote").fill("^1.8.1");
    await expect(settings.getByRole("alert")).toHaveCount(0);
    await settings.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("pipeline-settings-button")).toHaveText("Settings (1)");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    expect((await api.pipelines.get.query({ id: seeded.id })).document.settings).toEqual({ env: [], dependencies: [{ name: "shell-quote", range: "^1.8.1" }] });

    // The server sends shell-quote's own declarations to Monaco: the import resolves and parse is typed.
    await expect(page.getByTestId("diagnostics")).toContainText("is not assignable to type 'number'", { timeout: 30_000 });
    await expect(page.getByTestId("diagnostics")).not.toContainText("Cannot find module");

    await page.getByTestId("run-button").click();
    await expect(page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="parse"] .run-log-log').first()).toHaveText(
      'log ["rm","-rf","/tmp/a b",{"op":"&&"},"echo","hi there"]',
      { timeout: 60_000 },
    );
  });

  test("Settings and the editor show the real install: installing…, the installed version, or why not (no such package, no such version, install scripts)", async ({ page, seedPipeline, uniqueName }) => {
    test.setTimeout(180_000);
    const seeded = await seedPipeline(gatePipeline, { name: uniqueName("Install states") });
    await page.goto(`/pipelines/${seeded.id}`);
    await openPoint(page, "post-tool-use");
    await page.getByTestId("hook-name").filter({ hasText: "parse" }).click();
    await expect(page.locator(".monaco-editor")).toBeVisible({ timeout: 30_000 });
    const editorStatus = page.getByTestId("dependency-install-status");
    await expect(editorStatus).toHaveCount(0);

    await page.getByTestId("pipeline-settings-button").click();
    const settings = page.getByTestId("pipeline-settings");
    const statuses = settings.getByTestId("dependency-status");
    await settings.getByTestId("add-dependency").click();
    await settings.getByLabel("Package of dependency 1").fill("shell-quote");
    await settings.getByLabel("Version range of shell-quote").fill("1.8.1");
    // The set is installed once edits settle for a second; until the server answers, the row says so.
    await expect(statuses).toHaveText(["Installing…"]);
    // shell-quote 1.8.1 shipped no .d.ts.
    await expect(statuses).toHaveText(["Installed 1.8.1, but it has no type declarations: the editor cannot check its imports (declare @types/shell-quote if it exists)"], { timeout: 60_000 });
    await settings.getByLabel("Version range of shell-quote").fill("1.12.0");
    await expect(statuses).toHaveText(["Installed 1.12.0"], { timeout: 60_000 });
    await settings.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("diagnostics")).toContainText("is not assignable to type 'number'", { timeout: 30_000 });
    await page.getByTestId("pipeline-settings-button").click();

    // A package the registry does not have: that row names it, the other says why it is not installed either.
    await settings.getByTestId("add-dependency").click();
    await settings.getByLabel("Package of dependency 2").fill("hookwright-no-such-package-4f1c");
    await settings.getByLabel("Version range of hookwright-no-such-package-4f1c").fill("^1.0.0");
    await expect(statuses).toHaveText(
      ["Not installed: another dependency failed to install", "Not installed: dependency hookwright-no-such-package-4f1c: the npm registry has no package of that name"],
      { timeout: 60_000 },
    );
    await expect(settings.getByRole("alert")).toHaveText(["Not installed: dependency hookwright-no-such-package-4f1c: the npm registry has no package of that name"]);
    await settings.getByRole("button", { name: "Done" }).click();
    // The editor says why the import has no types.
    await expect(editorStatus).toHaveText(
      "npm dependencies not installed, so their imports have no types: dependency hookwright-no-such-package-4f1c: the npm registry has no package of that name",
    );
    await expect(page.getByTestId("diagnostics")).toContainText("Cannot find module 'shell-quote'", { timeout: 30_000 });

    // A range no published version matches.
    await page.getByTestId("pipeline-settings-button").click();
    await settings.getByRole("button", { name: "Remove hookwright-no-such-package-4f1c" }).click();
    await settings.getByLabel("Version range of shell-quote").fill("^99.0.0");
    await expect(statuses).toHaveText(["Not installed: dependency shell-quote: no published version matches ^99.0.0"], { timeout: 60_000 });

    // A package with an install script is refused by name (esbuild runs a postinstall).
    await settings.getByLabel("Package of dependency 1").fill("esbuild");
    await settings.getByLabel("Version range of esbuild").fill("0.28.2");
    await expect(statuses).toHaveText(["Not installed: dependency esbuild@0.28.2 is refused: it has install scripts (postinstall), which Hookwright does not run"], { timeout: 90_000 });

    // Back to a good set: installed, the editor's status goes and shell-quote's types arrive.
    await settings.getByLabel("Package of dependency 1").fill("shell-quote");
    await settings.getByLabel("Version range of shell-quote").fill("1.12.0");
    await expect(statuses).toHaveText(["Installed 1.12.0"], { timeout: 60_000 });
    await settings.getByRole("button", { name: "Done" }).click();
    await expect(editorStatus).toHaveCount(0);
    await expect(page.getByTestId("diagnostics")).toContainText("is not assignable to type 'number'", { timeout: 30_000 });
  });

  test("a Claude Code gate importing shell-quote runs in the app, and its exported plugin script has shell-quote bundled in", async ({ page, seedPipeline, uniqueName, api }) => {
    test.setTimeout(120_000);
    // The Claude Code Bash gate example, its hook parsing the command with shell-quote instead of a regular expression.
    const gate: PipelineInput = {
      ...claudeBashGate,
      settings: { env: [], dependencies: [{ name: "shell-quote", range: "^1.8.1" }] },
      hooks: (claudeBashGate.hooks ?? []).map((h) => ({ ...h, code: GATE_CODE })),
    };
    const seeded = await seedPipeline(gate, { name: uniqueName("Bash gate with shell-quote") });
    await page.goto(`/pipelines/${seeded.id}`);
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 60_000 });
    const [run] = await api.runs.list.query({ pipelineId: seeded.id });
    const resolver = createTraceResolver();
    const stored = await api.runs.events.query({ runId: run?.id ?? "", afterSeq: 0, limit: 1000 });
    for (const e of stored) resolver.add(e);
    const events = stored.map((e) => resolver.get(e.seq));
    const start = events.find((e) => e?.type === "point.start" && e.point === "PreToolUse");
    const end = events.find((e) => e?.type === "hook.end" && e.hookId === "bash-gate");
    const recorded = end?.type === "hook.end" ? end.output : null;
    expect(recorded).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: 'parsed ["rm","-rf","build"]: destructive' } });

    await page.getByRole("button", { name: "Export plugin…" }).click();
    const dialog = page.getByRole("dialog", { name: "Export as a Claude Code plugin" });
    await expect(dialog.getByRole("list", { name: "Files in the plugin" })).toContainText("hooks/dangerous-command-gate.mjs", { timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), dialog.getByRole("link", { name: /^Download .*\.zip$/ }).click()]);
    const entries = unzipSync(new Uint8Array(readFileSync(await download.path())));
    expect(Object.keys(entries).filter((name) => name.includes("node_modules") || name.endsWith("package.json"))).toEqual([]);
    const folder = mkdtempSync(path.join(tmpdir(), "hookwright-e2e-deps-"));
    try {
      await writeFiles(
        folder,
        Object.entries(entries)
          .filter(([name]) => !name.endsWith("/"))
          .map(([name, bytes]) => ({ path: name, content: new TextDecoder().decode(bytes) })),
      );
      const root = path.join(folder, download.suggestedFilename().replace(/\.zip$/, ""));
      const input = start?.type === "point.start" ? start.context.input : null;
      // Run from the temporary folder, far from any node_modules: shell-quote must be inside the script.
      const ran = spawnSync(process.execPath, [path.join(root, "hooks/dangerous-command-gate.mjs")], { input: JSON.stringify(input), encoding: "utf8", cwd: folder, env: { ...process.env, CLAUDE_PLUGIN_ROOT: root } });
      expect({ status: ran.status, output: JSON.parse(ran.stdout) as unknown }).toEqual({ status: 0, output: recorded });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
