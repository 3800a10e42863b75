import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import type { PipelineInput } from "~/core/pipeline/schema";
import { editHookCode } from "./fixtures/runs";
import { expect, test } from "./test";

/*
 * Issue 15 as a user sees it: a pipeline's Settings panel declares the environment variables
 * its hooks read as process.env; a hook that writes a file in the sandbox's virtual file system
 * shows the change as a diff on its card, its stderr line in its logs, and the file's final
 * state on the run's last event; the exported file leaves the secret value out. A tool handler's
 * file writes and requests are shown under its result, live and in the replay; an HTTP fixture's
 * headers are edited as rows in the scenario form and reach the handler's fetch. A handler's
 * console output is listed under its result, and a re-run puts back the files it wrote.
 */

const auditPipeline: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Audit trail",
  profile: "vellum",
  hooks: [
    {
      id: "audit",
      point: "post-tool-use",
      name: "audit",
      enabled: true,
      code: [
        'import fs from "node:fs";',
        'import path from "node:path";',
        "",
        "export default async function (ctx: any) {",
        '  const log = path.join(process.cwd(), "data", "audit.log");',
        '  fs.appendFileSync(log, `${process.env.AUDIT_LEVEL ?? "unset"} ${ctx.toolResponse.content}\\n`);',
        '  process.stderr.write(`audited with token ${process.env.API_TOKEN ? "set" : "missing"}\\n`);',
        "}",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "one search",
      prompt: "Look it up.",
      files: [{ path: "data/audit.log", content: "start\n" }],
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_1", name: "search", input: { q: "x" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "search", results: ["result one"] }],
    },
  ],
};

test.describe("Node surface", () => {
  test("declared env variables reach process.env, a file write is a diff on the hook's card, and the secret stays out of the export", async ({
    page,
    seedPipeline,
    uniqueName,
    api,
  }) => {
    const seeded = await seedPipeline(auditPipeline, { name: uniqueName("Audit trail") });
    await page.goto(`/pipelines/${seeded.id}`);

    // Settings: two variables, one secret.
    await page.getByTestId("pipeline-settings-button").click();
    const settings = page.getByTestId("pipeline-settings");
    await expect(settings.getByText("No variables yet.")).toBeVisible();
    await settings.getByTestId("add-env").click();
    await settings.getByLabel("Name of variable 1").fill("1BAD");
    await expect(settings.getByRole("alert")).toHaveText("letters, digits and _, not starting with a digit");
    await settings.getByLabel("Name of variable 1").fill("AUDIT_LEVEL");
    await expect(settings.getByRole("alert")).toHaveCount(0);
    await settings.getByLabel("Value of AUDIT_LEVEL").fill("full");
    await settings.getByTestId("add-env").click();
    await settings.getByLabel("Name of variable 2").fill("API_TOKEN");
    await settings.getByLabel("Value of API_TOKEN").fill("tok-123");
    await settings.getByTestId("env-row").nth(1).getByLabel("secret").check();
    await expect(settings.getByLabel("Value of API_TOKEN")).toHaveAttribute("type", "password");
    await settings.getByRole("button", { name: "Done" }).click();
    await expect(page.getByTestId("pipeline-settings-button")).toHaveText("Settings (2)");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const saved = await api.pipelines.get.query({ id: seeded.id });
    expect(saved.document.settings).toEqual({
      env: [
        { name: "AUDIT_LEVEL", value: "full", secret: false },
        { name: "API_TOKEN", value: "tok-123", secret: true },
      ],
    });

    // Run: the hook's card shows the file diff and the stderr line.
    await page.getByTestId("run-button").click();
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="audit"]').first();
    await expect(card).toBeVisible({ timeout: 30_000 });
    const change = card.getByTestId("file-change");
    await expect(change).toHaveAttribute("data-path", /\/workspace\/plugins\/audit-trail-[^/]+\/data\/audit\.log$/);
    await expect(change).toContainText("appended to");
    await expect(change.locator("pre")).toHaveText("  start\n+ full result one\n  \n");
    await expect(card.locator(".run-log-error")).toHaveText("error audited with token set");
    // The env it read, by name only (the secret's value is nowhere on the card).
    await expect(card.getByTestId("env-reads")).toHaveText("read env AUDIT_LEVEL, API_TOKEN (secret)");
    // It changed no context, but it wrote a file: the badge says so.
    await expect(card.getByTestId("hook-status")).toHaveText("wrote 1 file");

    // The run's last event lists the file as it ended.
    await expect(page.getByTestId("exit-reason")).toBeVisible({ timeout: 30_000 });
    // Under the hook cards (the replay's last step shows the same list).
    const finalFiles = page.locator(".run-hook-cards").getByTestId("final-files");
    await expect(finalFiles.getByTestId("final-file")).toHaveCount(1);
    await expect(finalFiles.locator("pre")).toHaveText("start\nfull result one\n");

    // Export: the secret's name is there, its value is not.
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: "Export file" }).click();
    const exported = JSON.parse(await readFile(await (await download).path(), "utf8")) as { settings: unknown };
    expect(exported.settings).toEqual({
      env: [
        { name: "AUDIT_LEVEL", value: "full", secret: false },
        { name: "API_TOKEN", value: "", secret: true },
      ],
    });
  });

  test("a request no fixture answers fails the hook's call, and one click adds a fixture that the next run uses", async ({ page, seedPipeline, uniqueName, api }) => {
    const moderate: PipelineInput = {
      ...auditPipeline,
      hooks: [
        {
          id: "moderate",
          point: "post-tool-use",
          name: "moderate",
          enabled: true,
          code: 'export default async function (ctx: any) {\n  const res = await fetch("https://api.example.com/v1/moderate", { method: "POST", body: String(ctx.toolResponse.content) });\n  console.log("moderation", res.status);\n}',
        },
      ],
    };
    const seeded = await seedPipeline(moderate, { name: uniqueName("Moderate") });
    await page.goto(`/pipelines/${seeded.id}`);
    await page.getByTestId("run-button").click();
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="moderate"]').first();
    await expect(card.getByTestId("hook-error")).toContainText("no fixture for POST https://api.example.com/v1/moderate: add one in the scenario's HTTP fixtures");
    await expect(card.getByTestId("http-request")).toContainText("POST https://api.example.com/v1/moderate");
    await card.getByTestId("add-fixture").click();
    await expect(card.getByTestId("http-request")).toContainText("a fixture for this request is in scenario “one search”");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const saved = await api.pipelines.get.query({ id: seeded.id });
    expect(saved.document.scenarios[0]?.http).toEqual([{ method: "POST", url: "https://api.example.com/v1/moderate", status: 200, headers: {}, body: "", delayMs: 0 }]);

    // The scenario form shows the fixture, where its body can be filled in.
    await page.getByRole("button", { name: "Edit scenario" }).click();
    const fixtures = page.getByTestId("scenario-http");
    await expect(fixtures.getByLabel("URL of fixture 1")).toHaveValue("https://api.example.com/v1/moderate");
    await fixtures.getByLabel("Body of fixture 1").fill('{"flagged":true}');
    await expect(page.getByTestId("save-status")).toHaveText("Saved");

    await page.getByTestId("run-button").click();
    const again = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="moderate"]').first();
    await expect(again.locator(".run-log-log")).toHaveText("log moderation 200");
    await expect(again.getByTestId("http-request")).toContainText("→ 200");
    await expect(again.getByTestId("http-request").getByLabel("response body")).toHaveText('{"flagged":true}');
  });

  test("a fixture's headers are edited as rows and reach a tool handler, whose file write and request show under its result, live and in the replay", async ({
    page,
    seedPipeline,
    uniqueName,
    api,
  }) => {
    const lookup: PipelineInput = {
      ...auditPipeline,
      hooks: [
        {
          id: "journal",
          point: "post-tool-use",
          name: "journal",
          enabled: true,
          code: 'import fs from "node:fs";\n\nexport default async function (ctx: any) {\n  fs.appendFileSync("data/journal.log", `${ctx.toolResponse.content}\\n`);\n}',
        },
      ],
      scenarios: [
        {
          name: "one lookup",
          prompt: "Look it up.",
          http: [{ method: "GET", url: "https://api.example.com/search?q=*", status: 200, headers: {}, body: '{"hits":3}', delayMs: 0 }],
          model: {
            kind: "scripted",
            responses: [
              { content: [{ type: "tool_use", id: "toolu_1", name: "lookup", input: { q: "cats" } }], stopReason: "tool_use" },
              { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
            ],
          },
          tools: [
            {
              name: "lookup",
              handler: [
                'import fs from "node:fs";',
                "",
                "export default async function (input: { q: string }) {",
                '  const res = await fetch("https://api.example.com/search?q=" + input.q);',
                '  fs.writeFileSync("/workspace/last-search.json", await res.text());',
                '  return `found (rate limit ${res.headers.get("x-rate-limit")})`;',
                "}",
              ].join("\n"),
            },
          ],
        },
      ],
    };
    const seeded = await seedPipeline(lookup, { name: uniqueName("Lookup") });
    await page.goto(`/pipelines/${seeded.id}`);

    // The scenario form: a header row, a bad name named inline, a repeated name refused, then removed.
    await page.getByRole("button", { name: "Edit scenario" }).click();
    const fixtures = page.getByTestId("scenario-http");
    await expect(fixtures.getByTestId("fixture-headers")).toContainText("No response headers.");
    await fixtures.getByRole("button", { name: "Add header" }).click();
    const headerRows = fixtures.getByTestId("fixture-header");
    await expect(headerRows.nth(0).getByRole("alert")).toHaveText("a header needs a name");
    await fixtures.getByLabel("Header name 1 of fixture 1").fill("X-Rate Limit");
    await expect(headerRows.nth(0).getByRole("alert")).toHaveText('"X-Rate Limit" is not a header name: no spaces or colons (the value goes in its own field)');
    await fixtures.getByLabel("Header name 1 of fixture 1").fill("x-rate-limit");
    await expect(fixtures.getByRole("alert")).toHaveCount(0);
    await fixtures.getByLabel("Value of header x-rate-limit of fixture 1").fill("10");
    await fixtures.getByRole("button", { name: "Add header" }).click();
    await fixtures.getByLabel("Header name 2 of fixture 1").fill("X-Rate-Limit");
    await expect(headerRows.nth(1).getByRole("alert")).toHaveText("X-Rate-Limit is given twice (header names ignore case)");
    await fixtures.getByRole("button", { name: "Remove header X-Rate-Limit of fixture 1", exact: true }).click();
    await expect(headerRows).toHaveCount(1);
    await expect(fixtures.getByRole("alert")).toHaveCount(0);
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const saved = await api.pipelines.get.query({ id: seeded.id });
    expect(saved.document.scenarios[0]?.http).toEqual([{ method: "GET", url: "https://api.example.com/search?q=*", status: 200, headers: { "x-rate-limit": "10" }, body: '{"hits":3}', delayMs: 0 }]);

    // The run: the handler read the header; its write and request are under the tool result.
    await page.getByTestId("run-button").click();
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="journal"]').first();
    await expect(card.getByTestId("hook-status")).toHaveText("wrote 1 file", { timeout: 30_000 });
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    await expectToolEffects(page);

    // The replay, opened from the run history, shows the same.
    await page.goto(`/pipelines/${seeded.id}/runs`);
    await page.getByRole("table", { name: "Run history" }).getByTestId("run-link").first().click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
    await expect(page.getByTestId("step-detail")).toContainText("Run of");
    await expectToolEffects(page);
  });

  test("a tool handler's console output shows under its result; a re-run puts back the files it wrote, so the hook reading them sees the same", async ({
    page,
    seedPipeline,
    uniqueName,
    api,
  }) => {
    const readerCode = (label: string) =>
      [
        'import fs from "node:fs";',
        "",
        "export default async function (ctx: any) {",
        '  const notes = fs.existsSync("/workspace/notes.txt") ? fs.readFileSync("/workspace/notes.txt", "utf8").trim() : "(no notes)";',
        `  process.stderr.write(\`${label} \${notes} (at \${Date.now()})\\n\`);`,
        "}",
      ].join("\n");
    const notes: PipelineInput = {
      ...auditPipeline,
      hooks: [{ id: "reader", point: "post-tool-use", name: "reader", enabled: true, code: readerCode("read:") }],
      scenarios: [
        {
          name: "one note",
          prompt: "Note it.",
          model: {
            kind: "scripted",
            responses: [
              { content: [{ type: "tool_use", id: "toolu_1", name: "note", input: { q: "cats" } }], stopReason: "tool_use" },
              { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
            ],
          },
          tools: [
            {
              name: "note",
              handler: [
                'import fs from "node:fs";',
                "",
                "export default function (input: { q: string }) {",
                "  fs.writeFileSync(\"/workspace/notes.txt\", `found ${input.q} at ${Date.now()}\\n`);",
                "  console.log(`noted ${input.q}`);",
                '  console.warn("index is slow");',
                "  return `${input.q}: noted`;",
                "}",
              ].join("\n"),
            },
          ],
        },
      ],
    };
    const seeded = await seedPipeline(notes, { name: uniqueName("Notes") });
    await page.goto(`/pipelines/${seeded.id}`);
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="reader"]').first();
    await expect(card.locator(".run-log")).toHaveText(["error read: found cats at 1767225600000 (at 1767225600001)"]);
    await expectToolLogs(page);

    // The replay, opened from the run history, shows the same lines.
    await page.goto(`/pipelines/${seeded.id}/runs`);
    await page.getByRole("table", { name: "Run history" }).getByTestId("run-link").first().click();
    await expect(page).toHaveURL(/\/runs\/[0-9a-f-]{36}/);
    const replayUrl = page.url();
    await expect(page.getByTestId("step-detail")).toContainText("Run of");
    await expectToolLogs(page);

    // Re-run with nothing changed: the tool's recorded result brings its file back, the hook reads it as before.
    await page.getByTestId("rerun-button").click();
    await expect(page).toHaveURL(/\/runs\/compare\?a=.+&b=.+/);
    await expect(page.getByTestId("divergence")).toHaveText("The runs are identical, event for event.", { timeout: 30_000 });

    // After an edit, the re-run's hook reads the file the original run's tool wrote.
    await editHookCode(api, { pipelineId: seeded.id, hookId: "reader", code: readerCode("now reads:") });
    await page.goto(replayUrl);
    await page.getByTestId("rerun-button").click();
    await expect(page.getByTestId("divergent-hook")).toHaveText("reader", { timeout: 30_000 });
    await expect(page.getByRole("region", { name: "Re-run" }).locator(".run-log")).toHaveText(["error now reads: found cats at 1767225600000 (at 1767225600001)"]);
    await expect(page.getByRole("region", { name: "Original run" }).locator(".run-log")).toHaveText(["error read: found cats at 1767225600000 (at 1767225600001)"]);
  });

  test("a run saved as a scenario keeps its tool handler's file write, which the form lists under the result, keeps on edit and removes on request", async ({
    page,
    seedPipeline,
    uniqueName,
    api,
  }) => {
    const notes: PipelineInput = {
      ...auditPipeline,
      hooks: [
        {
          id: "reader",
          point: "post-tool-use",
          name: "reader",
          enabled: true,
          code: [
            'import fs from "node:fs";',
            "",
            "export default async function (ctx: any) {",
            '  const notes = fs.existsSync("/workspace/notes.txt") ? fs.readFileSync("/workspace/notes.txt", "utf8").trim() : "(no notes)";',
            "  process.stderr.write(`read: ${notes} (at ${Date.now()})\\n`);",
            '  fs.appendFileSync("data/seen.log", `${notes}\\n`);',
            "}",
          ].join("\n"),
        },
      ],
      scenarios: [
        {
          name: "one note",
          prompt: "Note it.",
          model: {
            kind: "scripted",
            responses: [
              { content: [{ type: "tool_use", id: "toolu_1", name: "note", input: { q: "cats" } }], stopReason: "tool_use" },
              { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
            ],
          },
          tools: [
            {
              name: "note",
              handler: [
                'import fs from "node:fs";',
                "",
                "export default function (input: { q: string }) {",
                "  fs.writeFileSync(\"/workspace/notes.txt\", `found ${input.q} at ${Date.now()}\\n`);",
                "  console.log(`noted ${input.q}`);",
                "  return `${input.q}: noted`;",
                "}",
              ].join("\n"),
            },
          ],
        },
      ],
    };
    const seeded = await seedPipeline(notes, { name: uniqueName("Saved notes") });
    /** Runs the selected scenario and returns its stored events once it has finished. */
    const runOnce = async (nth: number) => {
      await page.getByTestId("run-button").click();
      await expect.poll(async () => (await api.runs.list.query({ pipelineId: seeded.id })).length, { timeout: 30_000 }).toBe(nth);
      const [latest] = await api.runs.list.query({ pipelineId: seeded.id });
      const runId = latest?.id ?? "";
      await expect.poll(async () => (await api.runs.get.query({ runId })).run.status, { timeout: 30_000 }).toBe("finished");
      const events = await api.runs.events.query({ runId, afterSeq: 0, limit: 1000 });
      const end = events.at(-1);
      return {
        hookLogs: events.flatMap((e) => (e.type === "hook.end" ? e.logs.map((l) => l.message) : [])),
        files: end?.type === "run.end" ? end.files : null,
      };
    };
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="reader"]').first();
    await page.goto(`/pipelines/${seeded.id}`);
    const original = await runOnce(1);
    expect(original.hookLogs).toEqual(["read: found cats at 1767225600000 (at 1767225600001)"]);
    await expect(card.locator(".run-log")).toHaveText(["error read: found cats at 1767225600000 (at 1767225600001)"]);

    // Save as scenario: the tool's recorded result carries the handler's write, log and clock read.
    await page.getByTestId("run-info").getByTestId("save-as-scenario").click();
    await expect(page.getByRole("listbox", { name: "Scenarios" }).getByRole("option", { selected: true })).toContainText("one note (recorded)");
    await expect(page.getByTestId("save-status")).toHaveText("Saved");
    const write = { op: "write", path: "/workspace/notes.txt", before: null, after: "found cats at 1767225600000\n", encoding: "utf8" };
    const savedTools = async () => (await api.pipelines.get.query({ id: seeded.id })).document.scenarios.find((s) => s.name === "one note (recorded)")?.tools;
    expect((await savedTools())?.[0]?.results).toEqual([{ content: "cats: noted", isError: false, logs: [{ level: "log", message: "noted cats" }], files: [write], clock: [1767225600000] }]);
    const form = page.getByTestId("scenario-form");
    const effects = form.getByRole("group", { name: "Recorded effects of result 1 of Tool note" });
    await expect(effects.locator("p")).toHaveText("Recorded from the tool's handler, replayed when this result is returned: 1 file change, 1 log line, 1 clock read.");
    await expect(effects.locator("li")).toHaveText(["write /workspace/notes.txt"]);

    // The saved scenario runs the same turn: the hook reads the file the handler wrote, the files end the same.
    await expect(page.getByTestId("run-scenario")).toHaveText("one note (recorded)");
    const replayed = await runOnce(2);
    expect(replayed.hookLogs).toEqual(original.hookLogs);
    expect(replayed.files).toEqual([
      { path: "/workspace/notes.txt", content: "found cats at 1767225600000\n", encoding: "utf8" },
      { path: expect.stringMatching(/^\/workspace\/plugins\/saved-notes-[a-z0-9]+\/data\/seen\.log$/), content: "found cats at 1767225600000\n", encoding: "utf8" },
    ]);
    expect(replayed.files).toEqual(original.files);

    // Editing the text keeps the write; removing the effects leaves the text alone, and the hook then finds no notes.
    await form.getByLabel("Tool note result 1", { exact: true }).fill("cats: noted twice");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
    expect((await savedTools())?.[0]?.results).toEqual([{ content: "cats: noted twice", isError: false, logs: [{ level: "log", message: "noted cats" }], files: [write], clock: [1767225600000] }]);
    await expect(effects.locator("li")).toHaveText(["write /workspace/notes.txt"]);
    await form.getByRole("button", { name: "Remove the recorded effects of result 1 of Tool note" }).click();
    await expect(effects).toHaveCount(0);
    // Undo brings them back, named as what was done.
    await page.getByRole("button", { name: "Undo: Remove the recorded effects of result 1 of Tool note" }).click();
    await expect(effects.locator("li")).toHaveText(["write /workspace/notes.txt"]);
    await form.getByRole("button", { name: "Remove the recorded effects of result 1 of Tool note" }).click();
    await expect(effects).toHaveCount(0);
    await expect(form.getByLabel("Tool note result 1", { exact: true })).toHaveValue("cats: noted twice");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
    expect((await savedTools())?.[0]?.results).toEqual(["cats: noted twice"]);
    const plain = await runOnce(3);
    expect(plain.hookLogs).toEqual(["read: (no notes) (at 1767225600000)"]);
  });

  test("a pipeline file whose fixture header name the form would refuse is refused on import, naming the field", async ({ page, seedPipeline, uniqueName }) => {
    const seeded = await seedPipeline(auditPipeline, { name: uniqueName("Audit trail") });
    await page.goto(`/pipelines/${seeded.id}`);
    const [scenario] = auditPipeline.scenarios ?? [];
    const file = {
      ...auditPipeline,
      name: uniqueName("Bad headers"),
      scenarios: [{ ...scenario, http: [{ url: "https://api.example.com/a" }, { url: "https://api.example.com/b", headers: { "X-Rate Limit": "10" } }] }],
    };
    await page.getByTestId("import-file").setInputFiles({ name: "headers.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
    const problems = page.getByRole("dialog", { name: "Could not import headers.json" });
    await expect(problems.getByTestId("import-issues").locator("li")).toHaveText([
      'scenarios[0].http[1].headers "X-Rate Limit" is not a header name: no spaces or colons (the value goes in its own field)',
    ]);
  });
});

/** Selects the run's tool result in the timeline and checks the handler's console output listed under it. */
async function expectToolLogs(page: Page): Promise<void> {
  await page.getByRole("listbox", { name: "Timeline" }).locator('[data-type="tool.result"]').first().click();
  const step = page.getByTestId("step-detail");
  await expect(step.locator("pre").first()).toHaveText("cats: noted");
  await expect(step.locator(".run-logs summary")).toHaveText("2 log lines");
  await expect(step.locator(".run-log")).toHaveText(["log noted cats", "warn index is slow"]);
}

/** Selects the run's tool result in the timeline and checks what the handler did, as the step shows it. */
async function expectToolEffects(page: Page): Promise<void> {
  const timeline = page.getByRole("listbox", { name: "Timeline" });
  await timeline.locator('[data-type="tool.result"]').first().click();
  const step = page.getByTestId("step-detail");
  await expect(step.locator("pre").first()).toHaveText("found (rate limit 10)");
  const change = step.getByTestId("file-change");
  await expect(change).toHaveAttribute("data-path", "/workspace/last-search.json");
  await expect(change).toContainText("wrote");
  await expect(change.locator("pre")).toHaveText('+ {"hits":3}\n');
  await expect(step.getByTestId("http-request")).toContainText("GET https://api.example.com/search?q=cats → 200");
  await expect(step.getByTestId("http-request").getByLabel("response body")).toHaveText('{"hits":3}');
}
