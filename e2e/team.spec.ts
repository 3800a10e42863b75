import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import type { Page } from "@playwright/test";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import pg from "pg";
import superjson from "superjson";
import { PIPELINE_FORMAT, type PipelineInput } from "~/core/pipeline/schema";
import type { AppRouter } from "~/server/api/root";
import { startFakeOpenAI, type FakeOpenAIServer } from "~/server/providers/testing/fakeOpenAI";
import { noPostgresReason, postgresBin } from "~/db/pg/testCluster";
import { startCluster, type PgCluster } from "../scripts/pgCluster.mjs";
import { expect, test } from "./test";

/*
 * Team mode (docs/deploy.md) in Chromium: one throw-away PostgreSQL, two web instances serving
 * the suite's build (scripts/start.mjs --no-build with DATABASE_URL and one shared
 * HOOKWRIGHT_SECRET) and two `hookwright worker` processes. No run executes in a web instance:
 * a run started on one is executed by a worker and streamed to pages on either instance through
 * LISTEN/NOTIFY; so is a model's reply text as it streams. The suite's own SQLite server is not
 * used here. Without PostgreSQL on the machine the tests are skipped.
 */

const SEARCH_RESULT = "Tour de France 2026: overall winner announced in Paris on 26 July.";
const KEY = "sk-team-e2e-SECRET-4c3b2a";

/** A pipeline whose scenario asks the provider `provider` (a real model call, made by a worker). */
function livePipeline(provider: string): PipelineInput {
  return {
    format: PIPELINE_FORMAT,
    name: "Live model on a team",
    profile: "vellum",
    hooks: [],
    scenarios: [{ name: "live", prompt: "How do hooks work?", model: { kind: "provider", provider, model: "llama3.2", maxTokens: 256 } }],
  };
}

interface Instance {
  base: string;
  api: TRPCClient<AppRouter>;
}

test.describe("Team mode: two web instances and two workers on PostgreSQL", () => {
  test.skip(!postgresBin, noPostgresReason);
  // The tests share the processes started once below (about 10 s); each uses the seeded examples or its own pipeline.
  test.describe.configure({ mode: "serial" });

  let cluster: PgCluster | null = null;
  let db: pg.Pool | null = null;
  const processes: Started[] = [];
  let a: Instance;
  let b: Instance;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    cluster = await startCluster();
    db = new pg.Pool({ connectionString: cluster.url, max: 2 });
    // pg-pool's end() does not wait for its connections to close, so the cluster's shutdown right
    // after it can still reach one ("terminating connection due to administrator command").
    db.on("error", () => {});
    const shared = {
      DATABASE_URL: cluster.url,
      HOOKWRIGHT_SECRET: randomBytes(32).toString("hex"),
      HOOKWRIGHT_DIST_DIR: process.env.HOOKWRIGHT_DIST_DIR ?? ".next-test",
      NEXT_TELEMETRY_DISABLED: "1",
    };
    const [portA, portB] = [await freePort(), await freePort()];
    // All four at once: the migrations and the seeding run under PostgreSQL locks (one migrates and seeds, the others wait).
    const started = [
      startProcess("web A", ["scripts/start.mjs", "--no-build"], { ...shared, HOST: "127.0.0.1", PORT: String(portA) }),
      startProcess("web B", ["scripts/start.mjs", "--no-build"], { ...shared, HOST: "127.0.0.1", PORT: String(portB) }),
      startProcess("worker 1", ["bin/hookwright.mjs", "worker"], { ...shared, HOOKWRIGHT_RUN_WORKERS: "1" }),
      startProcess("worker 2", ["bin/hookwright.mjs", "worker"], { ...shared, HOOKWRIGHT_RUN_WORKERS: "1" }),
    ];
    processes.push(...started);
    const [webA, webB, worker1, worker2] = started as [Started, Started, Started, Started];
    await Promise.all([
      answers(webA, portA),
      answers(webB, portB),
      worker1.waitFor(/taking runs with 1 threads/),
      worker2.waitFor(/taking runs with 1 threads/),
    ]);
    a = instance(portA);
    b = instance(portB);
  });

  test.afterAll(async () => {
    // Also after a failed beforeAll: whatever started is stopped, then the cluster.
    await Promise.all(processes.map((p) => p.kill()));
    await db?.end();
    await cluster?.stop();
  });

  /** The pg-boss jobs of a run, as `kind:state` (a web instance only sends them; workers take them). */
  async function jobsOf(runId: string): Promise<string[]> {
    const rows = await db?.query<{ kind: string; state: string }>(
      "SELECT data->>'kind' AS kind, state FROM pgboss.job WHERE name = 'hookwright-runs' AND singleton_key = $1 ORDER BY created_on",
      [runId],
    );
    return (rows?.rows ?? []).map((r) => `${r.kind}:${r.state}`);
  }

  async function pipelineId(on: Instance, name: string): Promise<string> {
    const found = (await on.api.pipelines.list.query()).find((p) => p.name === name);
    if (!found) throw new Error(`the seeded example "${name}" is missing`);
    return found.id;
  }

  test("a run started on A is executed by a worker, and B shows the same finished trace", async ({ page, context }) => {
    // The examples were seeded into PostgreSQL on the first start; both instances list them.
    await page.goto(`${a.base}/`);
    await page.getByRole("link", { name: "Be concise", exact: true }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";
    expect(await pipelineId(b, "Be concise")).toBe(id);

    await page.getByTestId("run-button").click();
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const card = page.locator('.run-hook-cards [data-testid="hook-card"][data-hook-id="be-concise"]').first();
    await expect(card.getByTestId("hook-status")).toHaveText("changed 1 field");
    await expect(card.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");

    const [run] = await a.api.runs.list.query({ pipelineId: id });
    const runId = run?.id ?? "";
    expect(run?.status).toBe("finished");
    // A worker took the job and completed it (web instances never take jobs).
    expect(await jobsOf(runId)).toEqual(["start:completed"]);
    const count = (await a.api.runs.events.query({ runId, afterSeq: 0, limit: 1000 })).length;

    // The run's page on B: the whole trace, ended, and the hook's change.
    const onB = await context.newPage();
    await onB.goto(`${b.base}/pipelines/${id}/runs/${runId}`);
    await expect(onB.getByTestId("step-label")).toHaveText(`event 1 of ${count}`);
    await expect(onB.getByRole("listbox", { name: "Timeline" }).locator('[data-type="run.end"]')).toHaveCount(1);
    await expect(onB.locator(".run-replay-head")).toContainText("Exit: no_tool_calls");
    await onB.keyboard.press("j");
    const stepCard = onB.getByTestId("step-detail").getByTestId("hook-card");
    await expect(stepCard).toHaveAttribute("data-hook-id", "be-concise");
    await expect(stepCard.locator('[data-field="systemPrompt"] ins')).toHaveText("\nBe concise.");
  });

  test("a run started on B appears in A's run history, streams live to A's run page, and finishes there", async ({ page, context }) => {
    const id = await pipelineId(a, "Be concise");
    const before = new Set((await a.api.runs.list.query({ pipelineId: id })).map((r) => r.id));
    await page.goto(`${a.base}/pipelines/${id}/runs`);
    const history = page.getByRole("table", { name: "Run history" });
    await expect(history.getByTestId("run-row")).toHaveCount(before.size);

    // B starts a paced run (one recorded event every 1.5 s), so it is still going when A opens it.
    const onB = await context.newPage();
    await onB.goto(`${b.base}/pipelines/${id}?pace=1500`);
    await onB.getByTestId("run-button").click();

    // A's history (it refreshes itself) lists the new run, still running.
    const newRow = history.getByTestId("run-row").first();
    await expect.poll(async () => before.has((await newRow.getAttribute("data-run-id")) ?? ""), { timeout: 15_000 }).toBe(false);
    const runId = (await newRow.getAttribute("data-run-id")) ?? "";
    const row = history.locator(`[data-run-id="${runId}"]`);
    await expect(row.getByTestId("run-exit")).toHaveText("running…");

    // Its page on A, opened while it runs, follows the worker's events as they are recorded.
    const live = await context.newPage();
    await live.goto(`${a.base}${(await row.getByTestId("run-link").getAttribute("href")) ?? ""}`);
    await expect(live.locator(".run-replay-head")).toContainText("Running…");
    await expect(live.getByTestId("step-label")).toHaveText(/^event 1 of \d+ \(running\)$/);
    await expect(live.getByRole("listbox", { name: "Timeline" }).locator('[data-type="run.end"]')).toHaveCount(1, { timeout: 30_000 });
    const count = (await a.api.runs.events.query({ runId, afterSeq: 0, limit: 1000 })).length;
    await expect(live.getByTestId("step-label")).toHaveText(`event 1 of ${count}`);
    // The page's header follows the end without a reload: how the run ended, and Re-run.
    await expect(live.locator(".run-replay-head")).toContainText("Exit: no_tool_calls");
    await expect(live.getByTestId("rerun-button")).toBeEnabled();
    // B's own run panel ends too, and A's history shows how it ended.
    await expect(onB.getByTestId("exit-reason")).toHaveText("no_tool_calls");
    await expect(row.getByTestId("run-exit")).toHaveText("no_tool_calls", { timeout: 10_000 });
    expect(await jobsOf(runId)).toEqual(["start:completed"]);
  });

  test("a run parked at an approval on A is answered from B's page, and A sees it finish", async ({ page, context }) => {
    await page.goto(`${a.base}/`);
    await page.getByRole("link", { name: "Web search approval", exact: true }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";
    await page.getByTestId("run-button").click();
    const card = page.getByTestId("approval-card");
    await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
    await expect(card.getByTestId("approval-description")).toHaveText("Allow search query: 2026 Tour de France winner");

    const [run] = await a.api.runs.list.query({ pipelineId: id });
    const runId = run?.id ?? "";
    // Parked: the job that reached the request is done; no worker holds the run while it waits.
    await expect.poll(() => jobsOf(runId)).toEqual(["start:completed"]);

    const onB = await context.newPage();
    await onB.goto(`${b.base}/pipelines/${id}/runs/${runId}`);
    const cardB = onB.getByTestId("approval-card");
    await expect(cardB).toHaveAttribute("data-status", "pending");
    await onB.getByTestId("approval-by").fill("Dana on B");
    await cardB.getByTestId("approval-allow-once").click();
    await expect(cardB.getByTestId("approval-answer")).toContainText("Allow once by Dana on B");

    // A's card learns the answer, and A's run panel follows the resumed run (on a worker) to its end.
    await expect(card.getByTestId("approval-answer")).toContainText("Allow once by Dana on B", { timeout: 15_000 });
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    await showToolResult(page);
    await expect(page.getByText(SEARCH_RESULT).first()).toBeVisible();
    // B's page, which opened the run while it waited, ends too.
    await expect(onB.getByRole("listbox", { name: "Timeline" }).locator('[data-type="run.end"]')).toHaveCount(1, { timeout: 30_000 });
    expect(await jobsOf(runId)).toEqual(["start:completed", "resume:completed"]);
    expect(await a.api.approvals.list.query({ runId })).toMatchObject([{ status: "answered", decision: "allow-once", respondedBy: "Dana on B" }]);
  });

  test("a provider added on B's Settings page answers a worker's run started on A; its reply streams to A's page, and Cancel there stops it", async ({ page }) => {
    const fake: FakeOpenAIServer = await startFakeOpenAI({ key: KEY, models: ["llama3.2"] });
    try {
      // The key is sealed with the shared HOOKWRIGHT_SECRET by B and opened by the worker that calls the model.
      await page.goto(`${b.base}/settings/providers`);
      await page.getByRole("button", { name: "Add provider" }).click();
      const form = page.getByRole("form", { name: "Add a provider" });
      await form.getByLabel("Name").fill("team-local");
      await form.getByLabel("Speaks").selectOption("openai");
      await form.getByLabel("Base URL").fill(`${fake.url}/v1`);
      await form.getByLabel("Default model").fill("llama3.2");
      await form.getByLabel("API key").fill(KEY);
      await form.getByRole("button", { name: "Save provider" }).click();
      await expect(page.locator('tr[data-provider="team-local"]')).toBeVisible();

      const { id } = await a.api.pipelines.create.mutate({ from: "document", document: livePipeline("team-local") });
      fake.script([
        { kind: "stream", reply: { text: "Hooks run at fixed points.", chunkChars: 4 }, chunkDelayMs: 40 },
        { kind: "stream", reply: { text: "This answer takes a very long time to arrive, piece by piece.", chunkChars: 2 }, chunkDelayMs: 400 },
      ]);
      await page.goto(`${a.base}/pipelines/${id}/runs`);
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("model-stream-1")).toHaveText("Hooks run at fixed points.", { timeout: 20_000 });
      await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
      expect(fake.modelCalls()).toHaveLength(1);

      // A slow reply, cancelled from A's page while the worker is streaming it.
      await page.getByTestId("run-button").click();
      await expect(page.getByTestId("model-stream-1")).toContainText("Th", { timeout: 20_000 });
      await page.getByTestId("run-cancel").click();
      await expect(page.getByTestId("exit-reason")).toHaveText("aborted_via_error", { timeout: 20_000 });
      await expect(page.getByTestId("run-cancel")).toHaveCount(0);
    } finally {
      await fake.close();
    }
  });
});

async function showToolResult(page: Page): Promise<void> {
  await page.getByRole("listbox", { name: "Timeline" }).locator('[data-type="tool.result"]').first().click();
}

function instance(port: number): Instance {
  const base = `http://127.0.0.1:${port}`;
  return { base, api: createTRPCClient<AppRouter>({ links: [httpLink({ url: `${base}/api/trpc`, transformer: superjson })] }) };
}

interface Started {
  readonly name: string;
  readonly child: ChildProcess;
  /** The last 20,000 characters it printed. */
  output(): string;
  /** Resolves when the output (stdout and stderr) matches; rejects, with the output, when the process exits first. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<void>;
  /** SIGTERM to its process group (start.mjs and its `next start`), SIGKILL after 10 s; resolves when it has exited. */
  kill(): Promise<void>;
}

/** A process of the team, in its own process group so the kill reaches its children. */
function startProcess(name: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
  let output = "";
  const waiters = new Set<() => void>();
  const onData = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
    for (const check of waiters) check();
  };
  child.stdout?.on("data", onData);
  child.stderr?.on("data", onData);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    name,
    child,
    output: () => output,
    waitFor(pattern, timeoutMs = 150_000) {
      return new Promise<void>((resolve, reject) => {
        const done = (error?: Error) => {
          waiters.delete(check);
          clearTimeout(timer);
          child.off("exit", onExit);
          if (error) reject(error);
          else resolve();
        };
        const check = () => {
          if (pattern.test(output)) done();
        };
        const onExit = (code: number | null) => done(new Error(`${name} exited (${code}) before printing ${pattern}:\n${output}`));
        const timer = setTimeout(() => done(new Error(`${name} did not print ${pattern} within ${timeoutMs} ms:\n${output}`)), timeoutMs);
        waiters.add(check);
        child.once("exit", onExit);
        check();
      });
    },
    async kill() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      const signal = (s: NodeJS.Signals) => {
        try {
          process.kill(-(child.pid as number), s);
        } catch {
          // the group is gone
        }
      };
      signal("SIGTERM");
      const timer = setTimeout(() => signal("SIGKILL"), 10_000);
      await exited;
      clearTimeout(timer);
      // start.mjs exits with `next start`; anything left of the group goes now.
      signal("SIGKILL");
    },
  };
}

/** Resolves once the web instance answers a tRPC query; rejects when it exits first. */
async function answers(web: Started, port: number): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (web.child.exitCode !== null) throw new Error(`${web.name} exited (${web.child.exitCode}):\n${web.output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/trpc/pipelines.list`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${web.name} did not answer within 150 s:\n${web.output()}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}
