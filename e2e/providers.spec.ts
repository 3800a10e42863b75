import type { Page } from "@playwright/test";
import { PIPELINE_FORMAT, type PipelineInput } from "~/core/pipeline/schema";
import { startFakeOpenAI, type FakeOpenAIServer } from "~/server/providers/testing/fakeOpenAI";
import { expect, test } from "./test";

/*
 * Real model providers against the production build: a provider configured on the Settings page
 * points at a local server (started here, on 127.0.0.1) that speaks OpenAI Chat Completions
 * with SSE streaming; the app calls it through the official SDK.
 */

const KEY = "sk-e2e-provider-SECRET-9f8e7d";

let fake: FakeOpenAIServer;
test.beforeEach(async () => {
  fake = await startFakeOpenAI({ key: KEY, models: ["llama3.2", "qwen3"] });
});
test.afterEach(async ({ api }) => {
  await fake.close();
  // Leave the shared database's providers as they were.
  for (const p of (await api.providers.list.query()).providers) {
    if (p.id && /^(local|slow|wrong)-/.test(p.name)) await api.providers.remove.mutate({ id: p.id });
  }
});

function pipelineFor(provider: string): PipelineInput {
  return {
    format: PIPELINE_FORMAT,
    name: "Live model",
    profile: "vellum",
    hooks: [
      {
        id: "mark",
        point: "post-tool-use",
        name: "mark-results",
        enabled: true,
        code: "export default async function (ctx) {\n  ctx.toolResponse = { ...ctx.toolResponse, content: ctx.toolResponse.content + ' [checked]' };\n}\n",
      },
    ],
    scenarios: [
      {
        name: "live",
        prompt: "How do hooks work?",
        model: { kind: "provider", provider, model: "llama3.2", maxTokens: 256 },
        tools: [{ name: "search", description: "Searches the docs.", inputSchema: { type: "object", properties: { q: { type: "string" } } }, results: ["hooks fire on transitions"] }],
      },
    ],
  };
}

/** Adds a provider on the Settings page, pointing at the fake server. */
async function addProvider(page: Page, name: string) {
  await page.goto("/settings/providers");
  await page.getByRole("button", { name: "Add provider" }).click();
  const form = page.getByRole("form", { name: "Add a provider" });
  await form.getByLabel("Name").fill(name);
  await form.getByLabel("Speaks").selectOption("openai");
  await form.getByLabel("Base URL").fill(`${fake.url}/v1`);
  await form.getByLabel("Default model").fill("llama3.2");
  await form.getByLabel("API key").fill(KEY);
  await form.getByRole("button", { name: "Save provider" }).click();
  await expect(page.locator(`tr[data-provider="${name}"]`)).toBeVisible();
}

test.describe("Model providers", () => {
  test("configure a provider, stream a real run with a tool call and a hook, replay without a request, save it as a scenario and run that offline", async ({ page, api, seedPipeline, uniqueName }) => {
    const name = uniqueName("local").replace(/\s+/g, "-");
    await addProvider(page, name);
    const row = page.locator(`tr[data-provider="${name}"]`);
    await expect(row.getByTestId("provider-key")).toHaveText("sk-…8e7d");
    await row.getByRole("button", { name: "Test connection" }).click();
    await expect(row.getByRole("list", { name: `Models of ${name}` }).getByRole("listitem")).toHaveText(["llama3.2", "qwen3"]);
    // The key never comes back: not in the page, not in any API answer.
    expect(await page.content()).not.toContain("SECRET");
    expect(JSON.stringify(await api.providers.list.query())).not.toContain("SECRET");
    await page.reload();
    await expect(page.locator(`tr[data-provider="${name}"]`).getByTestId("provider-key")).toHaveText("sk-…8e7d");
    expect(await page.content()).not.toContain("SECRET");

    const pipeline = await seedPipeline(pipelineFor(name), { name: uniqueName("Live model") });
    fake.script([
      { kind: "stream", reply: { text: "I will search the docs for you.", toolCalls: [{ id: "call_1", name: "search", arguments: '{"q":"hooks"}' }], chunkChars: 3 }, chunkDelayMs: 120 },
      { kind: "stream", reply: { text: "Hooks fire on transitions of the loop.", usage: { prompt: 40, completion: 9 }, chunkChars: 3 }, chunkDelayMs: 60 },
    ]);
    await page.goto(`/pipelines/${pipeline.id}/runs`);
    await page.getByTestId("run-button").click();
    // The reply's text arrives piece by piece while the run is still going.
    const first = page.getByTestId("model-stream-1");
    await expect(first).toContainText("I will");
    await expect(first).not.toHaveText("I will search the docs for you.");
    await expect(first).toHaveText("I will search the docs for you.", { timeout: 20_000 });
    await expect(page.getByTestId("model-stream-2")).toHaveText("Hooks fire on transitions of the loop.", { timeout: 20_000 });
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    // The tool ran and the hook fired on its result.
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="mark"]').first();
    await expect(card.getByTestId("hook-status")).toHaveText("changed 1 field");
    expect(fake.modelCalls()).toHaveLength(2);
    expect((fake.modelCalls()[1]?.body as { messages: unknown[] }).messages).toContainEqual({ role: "tool", tool_call_id: "call_1", content: "hooks fire on transitions [checked]" });

    // Replay and re-run: no request reaches the server.
    await page.getByRole("link", { name: "Open replay" }).click();
    await expect(page.getByTestId("step-detail")).toContainText("Run of");
    await expect(page.getByTestId("run-usage")).toHaveText(`2 real model calls (${name}/llama3.2) · 50 tokens in, 14 out`);
    // Each model reply says who answered, with its tokens and stream timing.
    await page.locator('[role="option"][data-type="model.response"]').nth(1).click();
    await expect(page.getByTestId("step-detail").getByTestId("model-call-facts")).toContainText(`answered by ${name} · llama3.2 · 40 tokens in, 9 out · first text after`);
    await page.getByTestId("rerun-button").click();
    await expect(page).toHaveURL(/\/runs\/compare\?/);
    expect(fake.modelCalls()).toHaveLength(2);

    // Save as scenario, then run it with the fake server gone.
    const runs = await api.runs.list.query({ pipelineId: pipeline.id });
    const original = runs.find((r) => r.rerunOf === null);
    await page.goto(`/pipelines/${pipeline.id}/runs/${original?.id ?? ""}`);
    await page.getByTestId("save-as-scenario").click();
    await expect(page).toHaveURL(new RegExp(`/pipelines/${pipeline.id}\\?scenario=`));
    const saved = await api.pipelines.get.query({ id: pipeline.id });
    expect(saved.document.scenarios.map((s) => [s.name, s.model.kind])).toEqual([
      ["live", "provider"],
      ["live (recorded)", "scripted"],
    ]);
    await fake.close();
    await page.goto(`/pipelines/${pipeline.id}/runs`);
    // The run panel's picker, not the Runs tab's filter of the same name.
    await page.getByRole("region", { name: "Run", exact: true }).getByLabel("Scenario").selectOption("live (recorded)");
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    await expect(page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="mark"]').first().getByTestId("hook-status")).toHaveText("changed 1 field");
  });

  test("in the designer, a scripted scenario is switched to the configured provider and run against it", async ({ page, api, seedPipeline, uniqueName }) => {
    const name = uniqueName("local").replace(/\s+/g, "-");
    await addProvider(page, name);
    const scripted = pipelineFor(name);
    const pipeline = await seedPipeline(
      { ...scripted, scenarios: [{ name: "plain", prompt: "How do hooks work?", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Scripted." }] }] } }] },
      { name: uniqueName("Switch model") },
    );
    await page.goto(`/pipelines/${pipeline.id}`);
    const edit = page.getByRole("button", { name: "Edit scenario" });
    await expect(edit).toBeVisible();
    if ((await page.getByTestId("scenario-form").count()) === 0) await edit.click();
    const model = page.getByTestId("scenario-model");
    await model.getByLabel("Answered by").selectOption("provider");
    await model.getByLabel("Provider", { exact: true }).selectOption(name);
    await model.getByLabel(/^Model \(empty/).fill("qwen3");
    await expect(page.getByTestId("save-status")).toHaveText("Saved", { timeout: 10_000 });
    await expect.poll(async () => (await api.pipelines.get.query({ id: pipeline.id })).document.scenarios[0]?.model).toMatchObject({ kind: "provider", provider: name, model: "qwen3" });

    fake.script([{ kind: "stream", reply: { text: "Answered by qwen3.", chunkChars: 4 }, chunkDelayMs: 30 }]);
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("model-stream-1")).toHaveText("Answered by qwen3.", { timeout: 20_000 });
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    expect((fake.modelCalls().at(-1)?.body as { model: string }).model).toBe("qwen3");
  });

  test("Cancel stops a run whose model is still streaming", async ({ page, seedPipeline, uniqueName }) => {
    const name = uniqueName("slow").replace(/\s+/g, "-");
    await addProvider(page, name);
    const pipeline = await seedPipeline(pipelineFor(name), { name: uniqueName("Slow model") });
    fake.script([{ kind: "stream", reply: { text: "This answer takes a very long time to arrive, piece by piece.", chunkChars: 2 }, chunkDelayMs: 400 }]);
    await page.goto(`/pipelines/${pipeline.id}/runs`);
    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("model-stream-1")).toContainText("Th");
    await page.getByTestId("run-cancel").click();
    // Vellum names a cancel that aborts the provider call aborted_via_error (its loop's stopTurn reason).
    await expect(page.getByTestId("exit-reason")).toHaveText("aborted_via_error", { timeout: 20_000 });
    await expect(page.getByTestId("run-cancel")).toHaveCount(0);
  });

  test("a refused key is said plainly by Test connection", async ({ page, uniqueName }) => {
    const name = uniqueName("wrong").replace(/\s+/g, "-");
    await page.goto("/settings/providers");
    await page.getByRole("button", { name: "Add provider" }).click();
    const form = page.getByRole("form", { name: "Add a provider" });
    await form.getByLabel("Name").fill(name);
    await form.getByLabel("Base URL").fill(`${fake.url}/v1`);
    await form.getByLabel("API key").fill("sk-wrong-key-000000000");
    await form.getByRole("button", { name: "Save provider" }).click();
    const row = page.locator(`tr[data-provider="${name}"]`);
    await row.getByRole("button", { name: "Test connection" }).click();
    await expect(row.getByTestId("provider-test-result")).toHaveText(
      `provider "${name}" (${fake.url}/v1) refused the API key (401 Unauthorized): the key is wrong, revoked or missing; fix it in Settings → Model providers. It said: "invalid x-api-key"`,
    );
    await row.getByRole("button", { name: `Delete provider ${name}` }).click();
    await expect(row).toHaveCount(0);
  });
});
