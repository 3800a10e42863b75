import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webSearchApproval } from "../../core/examples/webSearchApproval";
import type { EncodedTraceEvent } from "../../core/trace/events";
import { noPostgresReason, postgresBin } from "../../db/pg/testCluster";
import { openStore } from "../../db/openStore";
import type { Store } from "../../db/store";
import { startCluster, type PgCluster } from "../../scripts/pgCluster.mjs";
import { PIPELINE_FORMAT } from "../../core/pipeline/schema";
import { startFakeAnthropic, type FakeAnthropicServer } from "../providers/testing/fakeAnthropic";
import { createRunEventBus, type RunEventBus } from "../runs/eventBus";
import { defaultRunEngine } from "../runs/engine";
import { streamRunEvents } from "../runs/streamEvents";
import { NEVER_QUEUED, WORKER_STOPPED } from "./sweeper";
import { createTeamRunService, type TeamRunService } from "./teamRuns";

/*
 * A team on one real PostgreSQL: two "web" instances in this process (each its own store
 * connection, bus, queue client, LISTEN feed and sweeper: what each Next server holds) and worker
 * processes (`hookwright worker`). Every stream is
 * read from the instance that did NOT start the run, so its events can only have come through
 * the store and NOTIFY.
 */

interface Web {
  store: Store;
  bus: RunEventBus;
  team: TeamRunService;
}

const ALLOWED = "a person allows the search";
const PARKS = "search without an approver";
const KEY = "sk-ant-team-test-1234";

describe.skipIf(!postgresBin)(`a team: 2 web instances and worker processes on one PostgreSQL${postgresBin ? "" : ` (skipped: ${noPostgresReason})`}`, () => {
  let cluster: PgCluster;
  const webs: Web[] = [];
  const workers: ChildProcess[] = [];
  let pipelineId = "";
  let anthropic: FakeAnthropicServer;
  /** The real-model provider, as environment variables: every instance and worker of a team is given the same. */
  const env = (): Record<string, string> => ({ ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: anthropic.url, HOOKWRIGHT_SECRET: "team-test-secret" });

  async function openWeb(): Promise<Web> {
    const store = await openStore({ dialect: "postgres", url: cluster.url });
    const bus = createRunEventBus();
    const providers = async () => [{ name: "anthropic", kind: "anthropic" as const, baseURL: anthropic.url, defaultModel: "claude-test", apiKey: KEY, source: "env" as const }];
    const team = createTeamRunService({ store, url: cluster.url, bus, engine: defaultRunEngine, providers, sweeper: { intervalMs: 300, orphanAfterMs: 1000 } });
    await team.ready;
    return { store, bus, team };
  }

  async function startWorker(threads: number): Promise<ChildProcess> {
    // The real command, as `npm run worker` starts it.
    const child = spawn(process.execPath, ["bin/hookwright.mjs", "worker"], {
      cwd: process.cwd(),
      env: { ...process.env, ...env(), DATABASE_URL: cluster.url, HOOKWRIGHT_RUN_WORKERS: String(threads) },
      stdio: ["ignore", "pipe", "inherit"],
    });
    workers.push(child);
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("the worker did not start in 30 s")), 30_000);
      child.stdout?.on("data", (data: Buffer) => {
        if (data.toString().includes("taking runs")) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once("exit", (code) => reject(new Error(`the worker exited with ${code}`)));
    });
    return child;
  }

  /** Everything a client streaming the run from `web` receives, up to its run.end. */
  async function streamed(web: Web, runId: string, timeoutMs = 40_000): Promise<EncodedTraceEvent[]> {
    const events: EncodedTraceEvent[] = [];
    for await (const event of streamRunEvents({ runs: web.store.runs, bus: web.bus, runId, afterSeq: 0, signal: AbortSignal.timeout(timeoutMs) })) events.push(event);
    return events;
  }

  async function until<T>(read: () => Promise<T | null | undefined | false>, what: string, ms = 20_000): Promise<T> {
    const end = Date.now() + ms;
    for (;;) {
      const value = await read();
      if (value) return value;
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  beforeAll(async () => {
    cluster = await startCluster();
    anthropic = await startFakeAnthropic({ key: KEY });
    webs.push(await openWeb(), await openWeb());
    pipelineId = (await (webs[0] as Web).store.pipelines.create(webSearchApproval)).id;
  }, 60_000);

  async function stopWorkers(): Promise<void> {
    const alive = workers.filter((child) => child.exitCode === null && child.signalCode === null);
    const exits = alive.map((child) => new Promise((resolve) => child.once("exit", resolve)));
    for (const child of alive) child.kill("SIGTERM");
    await Promise.all(exits);
  }

  afterAll(async () => {
    await stopWorkers();
    for (const web of webs) {
      await web.team.close();
      await web.store.close();
    }
    await cluster?.stop();
    await anthropic?.close();
  }, 60_000);

  it("a run cancelled while queued (no worker up yet) is taken cancelled and ends at its first model call; SIGTERM stops a worker", { timeout: 60_000 }, async () => {
    const [a, b] = webs as [Web, Web];
    const { runId } = await a.team.service.start({ pipelineId, scenario: { name: ALLOWED } });
    await b.team.service.cancel(runId);
    const stream = streamed(b, runId);
    const worker = await startWorker(1);
    const events = await stream;
    expect(events.map((e) => e.type)).toEqual(["run.start", "model.request", "model.response", "run.end"]);
    expect(events[events.length - 1]).toMatchObject({ type: "run.end", exitReason: "cancelled" });
    const exited = new Promise<number | null>((resolve) => worker.once("exit", resolve));
    worker.kill("SIGTERM");
    expect(await exited).toBe(0);
  });

  it("kill -9 of a worker mid-run: its running runs end failed (\"the worker running it stopped\"), its parked run still waits", { timeout: 60_000 }, async () => {
    const [a, b] = webs as [Web, Web];
    // The worker killed must be the only one, so it holds every run started below.
    await stopWorkers();
    const doomed = await startWorker(2);
    const parked = (await a.team.service.start({ pipelineId, scenario: { name: PARKS } })).runId;
    await until(async () => (await b.team.service.approvals.list(parked))[0]?.status === "pending", "the run to park");
    // Paced: the worker records one event every 300 ms, so the kill finds them half recorded.
    const running = [];
    for (let i = 0; i < 2; i++) running.push((await a.team.service.start({ pipelineId, scenario: { name: ALLOWED }, eventDelayMs: 300 })).runId);
    const streams = running.map((runId) => streamed(b, runId));
    for (const runId of running) await until(async () => (await a.store.runs.readEvents(runId, { afterSeq: 0, limit: 10 })).length >= 2, `run ${runId} to record two events`);
    const killedAt = Date.now();
    doomed.kill("SIGKILL");

    await Promise.all(streams);
    console.log(`team: the runs of the killed worker ended ${Date.now() - killedAt} ms after its kill -9`);
    for (const [i, runId] of running.entries()) {
      const events = await (streams[i] as Promise<EncodedTraceEvent[]>);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, n) => n + 1));
      expect(events[events.length - 1]).toMatchObject({ type: "run.end", exitReason: "internal_error", error: WORKER_STOPPED });
      const row = await b.store.runs.get(runId);
      expect(row).toMatchObject({ status: "failed", failure: WORKER_STOPPED });
      expect(row?.eventCount).toBe(events.length);
    }
    // Seen within a sweep interval (3 s on a worker, 300 ms on these web instances): not the 15-minute job expiry.
    expect(Date.now() - killedAt).toBeLessThan(5_000);
    expect(await a.store.runs.get(parked)).toMatchObject({ status: "running" });
    expect((await a.team.service.approvals.list(parked))[0]).toMatchObject({ status: "pending" });
    const db = new pg.Client({ connectionString: cluster.url });
    await db.connect();
    expect((await db.query("SELECT run_id FROM hookwright_team.run_holders")).rows).toEqual([]);
    await db.end();

    // The parked run, answered through the other instance, finishes on a worker started after the crash.
    await startWorker(2);
    const approvalId = `${parked}.a1`;
    expect((await a.team.service.approvals.list(parked)).map((r) => r.approvalId)).toEqual([approvalId]);
    const stream = streamed(a, parked);
    await b.team.service.approvals.answer({ approvalId, decision: "allow-once", by: "reviewer" });
    const events = await stream;
    expect(events[events.length - 1]).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    expect(events.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "allow-once", by: "reviewer" });
    expect(events.map((e) => e.seq)).toEqual(events.map((_, n) => n + 1));
    expect(await a.store.runs.get(parked)).toMatchObject({ status: "finished", failure: null });
  });

  it("50 runs started round-robin on both instances all finish, each streamed complete to the other instance", { timeout: 60_000 }, async () => {
    await startWorker(2);
    const [a, b] = webs as [Web, Web];
    const started = Date.now();
    const runs = await Promise.all(
      Array.from({ length: 50 }, async (_, i) => {
        const [starter, viewer] = i % 2 === 0 ? [a, b] : [b, a];
        // The client picks the id and subscribes first, as the page does (awaitStart).
        const runId = randomUUID();
        const stream = streamed(viewer, runId);
        await starter.team.service.start({ pipelineId, scenario: { name: ALLOWED }, runId });
        return { runId, viewer, events: await stream };
      }),
    );
    const seconds = (Date.now() - started) / 1000;
    for (const { runId, viewer, events } of runs) {
      expect(events.map((e) => e.seq)).toEqual(events.map((_, n) => n + 1));
      expect(events[events.length - 1]).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
      expect(events).toEqual(await viewer.store.runs.readAllStoredEvents(runId));
      expect(await viewer.store.runs.get(runId)).toMatchObject({ status: "finished", failure: null, eventCount: events.length });
    }
    console.log(`team (${a.store.dialect} store): 50 runs on 2 workers × 2 threads in ${seconds.toFixed(1)} s`);
  });

  it("a cancel on one instance stops the run a worker is executing (its model call in flight)", { timeout: 30_000 }, async () => {
    const [a, b] = webs as [Web, Web];
    if (!workers.some((child) => child.exitCode === null && child.signalCode === null)) await startWorker(1);
    const { id } = await a.store.pipelines.create({
      format: PIPELINE_FORMAT,
      name: "live",
      profile: "vellum",
      scenarios: [{ name: "live", prompt: "hi", model: { kind: "provider", provider: "anthropic", model: "claude-test", timeoutMs: 10_000 } }],
    });
    // 34 characters one every 100 ms: 3.4 s unless the cancel stops it.
    anthropic.script([{ kind: "stream", reply: { content: [{ type: "text", text: "slow slow slow slow slow slow slow" }], chunkChars: 1 }, chunkDelayMs: 100 }]);
    const { runId } = await a.team.service.start({ pipelineId: id, scenario: { name: "live" } });
    const stream = streamed(a, runId);
    await until(async () => (await a.store.runs.readEventsOfType(runId, "model.request")).length > 0, "the model call");
    const cancelledAt = Date.now();
    await b.team.service.cancel(runId);
    const events = await stream;
    expect(events[events.length - 1]).toMatchObject({ type: "run.end", exitReason: "aborted_via_error" });
    expect(Date.now() - cancelledAt).toBeLessThan(2_500);
    // run.end streams before the worker writes the row's end (as in one process).
    expect(await until(async () => (await a.store.runs.get(runId))?.status !== "running" && a.store.runs.get(runId), "the run's row to end")).toMatchObject({ status: "finished", exitReason: "aborted_via_error" });
    // Nothing holds it any more: a second cancel says so, as in one process.
    await expect(b.team.service.cancel(runId)).rejects.toThrow(`run ${runId} is not running, so there is nothing to cancel`);
  });

  it("runs nobody would take: one recorded by an instance that died before queuing it fails; an answer whose resume was never sent is resumed", { timeout: 30_000 }, async () => {
    const [a, b] = webs as [Web, Web];
    if (!workers.some((child) => child.exitCode === null && child.signalCode === null)) await startWorker(1);
    const { document } = await a.store.pipelines.get(pipelineId);
    const scenario = document.scenarios.find((s) => s.name === ALLOWED);
    if (!scenario) throw new Error(`the example has no scenario "${ALLOWED}"`);
    const lost = randomUUID();
    await a.store.runs.insert({ id: lost, pipelineId, revision: 1, scenario, rerunOf: null });
    const parked = (await a.team.service.start({ pipelineId, scenario: { name: PARKS } })).runId;
    await until(async () => (await a.team.service.approvals.list(parked))[0]?.status === "pending", "the run to park");
    // Answered in the store only: as if the instance died before sending the resume job.
    expect(await a.store.approvals.answer(`${parked}.a1`, { decision: "allow-once", by: "reviewer", at: Date.now() })).toBe(true);
    const resumed = streamed(b, parked);

    const row = await until(async () => {
      const got = await b.store.runs.get(lost);
      return got?.status !== "running" && got;
    }, "the never-queued run to end", 15_000);
    expect(row).toMatchObject({ status: "failed", failure: NEVER_QUEUED, eventCount: 1 });
    expect(await b.store.runs.readAllStoredEvents(lost)).toEqual([{ seq: 1, type: "run.end", exitReason: "internal_error", error: NEVER_QUEUED }]);
    const events = await resumed;
    expect(events[events.length - 1]).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    expect(events.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "allow-once", by: "reviewer" });
  });

  it("an approval whose worker stopped for good still times out: another instance re-arms it, expires it once, and the run resumes", { timeout: 30_000 }, async () => {
    const [a, b] = webs as [Web, Web];
    if (!workers.some((child) => child.exitCode === null && child.signalCode === null)) await startWorker(1);
    const parked = (await a.team.service.start({ pipelineId, scenario: { name: PARKS } })).runId;
    await until(async () => (await a.team.service.approvals.list(parked))[0]?.status === "pending", "the run to park");
    // As if the worker that armed its timer was gone and the request's time is up.
    const db = new pg.Pool({ connectionString: cluster?.url });
    db.on("error", () => undefined);
    await db.query("UPDATE approval_requests SET expires_at = $1 WHERE run_id = $2", [Date.now() - 1000, parked]);
    await db.end();
    const resumed = streamed(a, parked);
    await b.team.sweep();
    await a.team.sweep();
    const row = await until(async () => {
      const [request] = await b.team.service.approvals.list(parked);
      return request?.status !== "pending" && request;
    }, "the request to expire");
    expect(row).toMatchObject({ status: "expired", decision: "timeout", respondedBy: "timeout" });
    const events = await resumed;
    expect(events.filter((e) => e.type === "approval.resolve")).toHaveLength(1);
    expect(events[events.length - 1]).toMatchObject({ type: "run.end" });
  });
});
