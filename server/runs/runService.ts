import type { Store } from "../../db/store";
import type { RunApprovalGate } from "../../core/engine/approvalStep";
import type { HookRunnerFactory, ModelProvider } from "../../core/engine/ports";
import type { JsonObject } from "../../core/json";
import type { Pipeline, Scenario } from "../../core/pipeline/schema";
import { readPointContext } from "../../core/engine/pointContext";
import { getProfile } from "../../core/profiles";
import { addToSummary, emptyRunSummary, type RunSummary } from "../../core/run/hookStatus";
import type { TraceEvent, UnsequencedEvent } from "../../core/trace/events";
import type { RunEventBus } from "./eventBus";
import { rerunScenario } from "./rerunScenario";
import { RunError } from "./runError";
import { createEventWriter } from "./eventWriter";
import { expectationCollector, pointRunScenario } from "./runChecks";
import { inProcessExecutor, type RunExecutor } from "./workers/executor";
import { knownAnswersOf, type KnownAnswer } from "../../core/approvals/gate";
import { ApprovalPending } from "../../core/engine/approvalStep";
import type { EncodedTraceEvent } from "../../core/trace/events";
import type { ExpectationReport } from "../../core/expectations/types";
import { createApprovalService, type ApprovalService } from "../approvals/service";
import { recordedModel, type ModelSource, type RunJob } from "./workers/job";
import type { ProviderConfig } from "../providers/types";

/** Lets the start request's response go out before the run's first event is recorded. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** What the run service needs from the engine; injected so the service stays a thin recorder. */
export interface RunEngine {
  createRunner: HookRunnerFactory;
  scriptedModel(scenario: Scenario): ModelProvider;
  /** Why this pipeline cannot run at all (unknown profile or hook point), or null; checked before a run is recorded. */
  check?(pipeline: Pipeline): string | null;
  /** Runs one turn, calling `emit` for every event in order. */
  simulate(options: {
    pipeline: Pipeline;
    scenario: Scenario;
    runId: string;
    createRunner: HookRunnerFactory;
    model: ModelProvider;
    /** Who answers approval requests (server/runs/workers/executor.ts jobGate). */
    approvals?: RunApprovalGate;
    emit: (event: TraceEvent | UnsequencedEvent) => void;
  }): Promise<unknown>;
  /** Runs one hook point's chain on a context (core/engine runPoint), calling `emit` for every event in order. */
  runPoint?(options: {
    pipeline: Pipeline;
    point: string;
    context: JsonObject;
    clockStart: number;
    seed: number;
    /** The sandbox's starting files and HTTP fixtures (the pipeline's first scenario's). */
    files?: Scenario["files"];
    http?: Scenario["http"];
    runId: string;
    createRunner: HookRunnerFactory;
    emit: (event: TraceEvent | UnsequencedEvent) => void;
  }): Promise<unknown>;
}

/** A run of one hook point alone (runs.startPoint). */
export interface StartPointRunOptions {
  pipelineId: string;
  /** Defaults to the head revision. */
  revision?: number;
  point: string;
  /** The point's context as its point.start carries it, or the host's own payload for it (core/engine/pointContext.ts). */
  context: JsonObject;
  eventDelayMs?: number;
  runId?: string;
}

export interface StartRunOptions {
  pipelineId: string;
  /** Defaults to the head revision. */
  revision?: number;
  /** A scenario of the pipeline by name, or an edited one. */
  scenario: { name: string } | { inline: Scenario };
  /**
   * Test/demo pacing only: wait this long before recording each event, so a browser can watch a
   * short run stream. The engine itself is never slowed; real runs leave it unset.
   */
  eventDelayMs?: number;
  /** A run id chosen by the client (a UUID), so it can subscribe before the run starts. */
  runId?: string;
}

/**
 * A recorded run handed to an executor elsewhere (team mode: a job on PostgreSQL, server/team):
 * plain JSON, and never a provider key (a live run's worker resolves the providers itself).
 */
export interface QueuedRun {
  runId: string;
  pipeline: Pipeline;
  scenario: Scenario;
  model: Exclude<ModelSource, { kind: "live" }> | { kind: "live" };
  eventDelayMs?: number;
  point?: RunJob["point"];
  known?: KnownAnswer[];
}

/**
 * Where runs execute when not in this process (team mode, server/team/teamRuns.ts). Absent, runs
 * execute here, on `executor`, and a start recovers the runs a stopped server left (failAbandoned).
 */
export interface RunDispatch {
  /** The run's row exists: have it executed (by {@link RunHost.runQueued} somewhere). */
  start(run: QueuedRun): Promise<void>;
  /** A parked run's request was answered: have it continue (by {@link RunHost.resumeHere} somewhere). */
  resume(runId: string): Promise<void>;
  /** @returns false when no executor holds or awaits the run */
  cancel(runId: string): Promise<boolean>;
}

/** What a team worker calls on its own run service: execute a dispatched run here, resolving once it settled. */
export interface RunHost {
  runQueued(run: QueuedRun): Promise<void>;
  resumeHere(runId: string): Promise<void>;
}

export interface RunService {
  /** Resolves once the run is recorded as started (its row exists); the run goes on in the background. */
  start(options: StartRunOptions): Promise<{ runId: string }>;
  /** Runs only one hook point's chain on a given context; recorded like any run (its row has `point`). */
  startPoint(options: StartPointRunOptions): Promise<{ runId: string }>;
  /** Re-runs a recorded turn against the pipeline's current head with the recorded model and tool outputs. */
  rerun(options: { runId: string; eventDelayMs?: number; newRunId?: string; answerApprovalsAgain?: boolean; live?: boolean }): Promise<{ runId: string }>;
  /**
   * Cancels a run in progress: a model call in flight is aborted, and the run ends as `cancelled`
   * at its model call. @throws {RunError} RUN_NOT_RUNNING when it is not running here.
   */
  cancel(runId: string): Promise<void>;
  /** Approval requests of runs: list, answer (card, HTTP callback), callback tokens (server/approvals). */
  readonly approvals: ApprovalService;
  /** Resolves when the run is recorded completely (immediately for runs not in progress here). */
  settled(runId: string): Promise<void>;
  isActive(runId: string): boolean;
}

/**
 * Creates the run service: each run executes in the background (it survives the client going away),
 * every event is appended to the store first and then published on the bus (in order: one
 * chain of writes per run, so the engine never waits for the store). `executor` runs
 * the engine (the app passes the worker pool, server/runs/workers/pool.ts); by default it runs
 * in this thread.
 */
export function createRunService(deps: {
  store: Store;
  bus: RunEventBus;
  engine: RunEngine;
  executor?: RunExecutor;
  /** The real model providers configured on the server, keys included (server/providers); none by default. */
  providers?: () => Promise<ProviderConfig[]>;
  /** Team mode: runs go to other processes (see {@link RunDispatch}). */
  dispatch?: RunDispatch;
}): RunService & RunHost {
  const { dispatch } = deps;
  const { store, bus, engine } = deps;
  const { runs } = store;

  /** Who answers a scenario's model: its scripted replies, or the real providers (the one it names must exist). */
  async function modelSourceFor(scenario: Scenario): Promise<ModelSource> {
    return scenario.model.kind === "provider" ? { kind: "live", providers: await providersFor(scenario.name, scenario.model.provider) } : { kind: "scripted" };
  }

  async function providersFor(scenario: string, name: string): Promise<ProviderConfig[]> {
    const providers = (await deps.providers?.()) ?? [];
    if (!providers.some((p) => p.name === name)) {
      throw new RunError("PROVIDER_NOT_CONFIGURED", `scenario "${scenario}" calls provider "${name}", which is not configured on this server (configured: ${providers.map((p) => p.name).join(", ") || "none"}); add it in Settings → Model providers`);
    }
    return providers;
  }
  const executor = deps.executor ?? inProcessExecutor(engine);
  const active = new Map<string, Promise<void>>();
  const resuming = new Set<string>();
  const approvals = createApprovalService({
    approvals: store.approvals,
    resume: (runId) => void (dispatch ? dispatch.resume(runId) : resume(runId)).catch((error: unknown) => console.error(`hookwright: run ${runId} could not be resumed:`, error)),
  });
  // A run parked at a pending approval is not abandoned: it resumes when answered (docs/approvals.md).
  // Started at once (the SQLite store does both before this returns); every run waits for it.
  // In team mode other processes' runs are "running" legitimately: the team's sweeper ends lost ones.
  const recovered = (dispatch ? approvals.recover() : runs.failAbandoned().then(() => approvals.recover()))
    // Runs still start: a failed recovery leaves old runs as they were (the next start tries again).
    .catch((error: unknown) => console.error("hookwright: recovering the runs of the last server failed:", error));

  async function loadRevision(pipelineId: string, revision?: number): Promise<{ pipeline: Pipeline; revision: number }> {
    const found = await store.pipelines.documentAt({ pipelineId, ...(revision !== undefined ? { revision } : {}) });
    if (!found) throw new RunError("PIPELINE_NOT_FOUND", revision === undefined ? `pipeline ${pipelineId} does not exist` : `pipeline ${pipelineId} has no revision ${revision}`);
    return found;
  }

  async function launch(options: {
    pipelineId: string;
    revision: number;
    pipeline: Pipeline;
    scenario: Scenario;
    model: ModelSource;
    rerunOf: string | null;
    eventDelayMs?: number;
    runId?: string;
    point?: RunJob["point"];
    known?: KnownAnswer[];
  }): Promise<{ runId: string }> {
    const problem = engine.check?.(options.pipeline) ?? null;
    if (problem !== null) throw new RunError("PIPELINE_CANNOT_RUN", problem);
    await recovered;
    const runId = options.runId ?? crypto.randomUUID();
    if (options.runId !== undefined && (await runs.get(runId))) throw new RunError("RUN_ID_TAKEN", `run id ${runId} is already used`);
    await runs.insert({ id: runId, pipelineId: options.pipelineId, revision: options.revision, scenario: options.scenario, rerunOf: options.rerunOf, point: options.point?.name ?? null });
    if (dispatch) {
      const { pipeline, scenario, model, eventDelayMs, point, known } = options;
      await dispatch.start({ runId, pipeline, scenario, model: model.kind === "live" ? { kind: "live" } : model, ...(eventDelayMs !== undefined ? { eventDelayMs } : {}), ...(point ? { point } : {}), ...(known ? { known } : {}) });
      return { runId };
    }
    const done = execute(runId, options).finally(() => active.delete(runId));
    active.set(runId, done);
    return { runId };
  }

  async function execute(
    runId: string,
    options: {
      pipeline: Pipeline;
      scenario: Scenario;
      model: ModelSource;
      eventDelayMs?: number;
      point?: RunJob["point"];
      known?: KnownAnswer[];
      /** Resuming a parked run: the events it recorded, which the engine replays first (deterministically). */
      replayed?: EncodedTraceEvent[];
    },
  ): Promise<void> {
    await yieldToEventLoop();
    let summary: RunSummary = emptyRunSummary;
    let seq = 0;
    let ended = false;
    const expect = options.point ? null : expectationCollector(options.pipeline, options.scenario);
    const replayed = options.replayed ?? [];
    let replaying = replayed.length > 0;
    const writer = createEventWriter({
      runs,
      runId,
      afterStored: async ({ event, report }) => {
        await approvals.observe(runId, event);
        // Stored before run.end goes out, so a viewer that reads the run on its end sees the results.
        if (report) await runs.recordExpectations(runId, report);
        bus.publish(runId, event);
      },
    });
    const record = (event: TraceEvent | UnsequencedEvent) => {
      // The run's row went with its pipeline (deleted while the run was going), or the store failed: nothing more is recorded.
      if (writer.stopped) return;
      if (replaying && seq < replayed.length) {
        // Already recorded: the replay must retrace it exactly, or the run cannot honestly continue.
        const stored = replayed[seq] as EncodedTraceEvent;
        if (stored.type !== event.type || ("hookId" in stored && "hookId" in event && stored.hookId !== event.hookId)) {
          // What follows (the engine's or the pool's end of the run) is recorded after the stored events.
          const at = seq + 1;
          replaying = false;
          seq = replayed.length;
          throw new Error(`resuming the run diverged from its recorded trace at event ${at} (recorded ${stored.type}, replay gave ${event.type})`);
        }
        seq += 1;
        summary = addToSummary(summary, stored);
        expect?.(stored);
        return;
      }
      seq += 1;
      // The recorder owns numbering: the stored trace is gap-free even if the engine's counter is not.
      const numbered = { ...event, seq } as TraceEvent;
      if (numbered.type === "run.start") numbered.runId = runId;
      summary = addToSummary(summary, numbered);
      if (numbered.type === "run.end") ended = true;
      const report: ExpectationReport | null = expect?.(numbered) ?? null;
      writer.write({ event: numbered, report });
    };
    const delay = options.eventDelayMs ?? 0;
    // Paced runs buffer the engine's events and record them on a timer; unpaced ones record inline.
    const pending: (TraceEvent | UnsequencedEvent)[] = [];
    let failure: string | null = null;
    let parked: string | null = null;
    try {
      const simulation = executor.execute(
        {
          runId,
          pipeline: options.pipeline,
          scenario: options.scenario,
          model: options.model,
          ...(options.point ? { point: options.point } : {}),
          approvals: { known: options.known ?? [], interactive: true },
        },
        delay > 0 ? (e) => void pending.push(e) : record,
        // A worker's events arrive in bursts: each burst is stored in one append (one transaction).
        { batch: (work) => writer.batch(work) },
      );
      if (delay > 0) {
        let finished = false;
        const flagged = simulation.finally(() => (finished = true));
        while (!finished || pending.length > 0) {
          const next = pending.shift();
          if (next) record(next);
          await new Promise((resolve) => setTimeout(resolve, delay));
        }
        await flagged;
      } else await simulation;
    } catch (error) {
      try {
        while (pending.length > 0) {
          const next = pending.shift();
          if (next) record(next);
        }
      } catch (recordError) {
        error = recordError;
      }
      if (error instanceof ApprovalPending) parked = error.approvalId;
      else failure = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    if (parked !== null) {
      // Waiting for a person: no end yet, no worker held; the row's timeout is armed.
      const written = await writer.drain();
      if (!written.gone && written.failure === null) await approvals.parked(parked);
      else if (!written.gone) await runs.finish(runId, { summary, failure: storeFailure(written.failure) });
      return;
    }
    // Every trace ends with run.end, so live viewers always learn the run is over.
    if (!ended) record({ type: "run.end", exitReason: "host_error", error: failure ?? "the engine stopped without ending the run" });
    const written = await writer.drain();
    if (written.gone) return;
    await runs.finish(runId, { summary, failure: written.failure === null ? failure : storeFailure(written.failure) });
  }

  /**
   * Continues a parked run once its request is answered: the engine re-runs the turn from the
   * start with the same revision, scenario, model replies and the answers known so far; the events
   * it already recorded are checked, not recorded again, and the run goes on live from its request.
   */
  async function resume(runId: string): Promise<void> {
    await active.get(runId);
    // Two answers (a card and a timeout) may both ask; the reads below wait, so the first one holds the run.
    if (active.has(runId) || resuming.has(runId)) return;
    resuming.add(runId);
    try {
      const next = await resumption(runId);
      if (!next) return;
      const done = execute(runId, next).finally(() => active.delete(runId));
      active.set(runId, done);
    } finally {
      resuming.delete(runId);
    }
  }

  /** What a parked run continues with once its request is answered, or null when it does not continue. */
  async function resumption(runId: string): Promise<Parameters<typeof execute>[1] | null> {
    const row = await runs.get(runId);
    if (!row || row.status !== "running") return null;
    const stored = await runs.readAllStoredEvents(runId);
    const last = stored[stored.length - 1];
    if (last?.type !== "approval.request") return null;
    const approval = await store.approvals.get(last.approvalId);
    if (!approval || approval.status === "pending" || approval.decision === null) return null;
    const known: KnownAnswer[] = [
      ...knownAnswersOf(stored),
      {
        toolUseId: approval.toolUseId,
        answer: { decision: approval.decision, by: approval.respondedBy ?? "unknown", at: approval.respondedAt?.getTime() ?? Date.now(), ...(approval.reason !== null ? { reason: approval.reason } : {}) },
      },
    ];
    let pipeline: Pipeline;
    try {
      pipeline = (await loadRevision(row.pipelineId, row.revision)).pipeline;
    } catch (error) {
      await runs.finish(runId, { summary: emptyRunSummary, failure: error instanceof Error ? error.message : String(error) });
      return null;
    }
    let model: ModelSource;
    try {
      // A live turn replays the replies it already recorded: the model is not asked them again.
      model =
        row.rerunOf !== null
          ? recordedModel(await runs.readAllEvents(row.rerunOf))
          : row.scenario.model.kind === "provider"
            ? { kind: "live", providers: await providersFor(row.scenario.name, row.scenario.model.provider), recorded: await runs.readAllEvents(runId) }
            : { kind: "scripted" };
    } catch (error) {
      await runs.finish(runId, { summary: emptyRunSummary, failure: error instanceof Error ? error.message : String(error) });
      return null;
    }
    return { pipeline, scenario: row.scenario, model, known, replayed: stored };
  }

  return {
    approvals,
    async start(options) {
      const { pipeline, revision } = await loadRevision(options.pipelineId, options.revision);
      let scenario: Scenario;
      if ("inline" in options.scenario) scenario = options.scenario.inline;
      else {
        const name = options.scenario.name;
        const found = pipeline.scenarios.find((s) => s.name === name);
        if (!found) throw new RunError("SCENARIO_NOT_FOUND", `scenario "${name}" is not in this pipeline (it has: ${pipeline.scenarios.map((s) => s.name).join(", ") || "none"})`);
        scenario = found;
      }
      return launch({
        pipelineId: options.pipelineId,
        revision,
        pipeline,
        scenario,
        model: await modelSourceFor(scenario),
        rerunOf: null,
        eventDelayMs: options.eventDelayMs,
        runId: options.runId,
      });
    },
    async startPoint(options) {
      const { pipeline, revision } = await loadRevision(options.pipelineId, options.revision);
      const profile = getProfile(pipeline.profile);
      const points = profile?.points.map((p) => p.id) ?? [];
      if (!profile || !points.includes(options.point)) throw new RunError("POINT_NOT_FOUND", `"${options.point}" is not a hook point of profile ${pipeline.profile} (known: ${points.join(", ")})`);
      // Refused here, before a run is recorded: the panel shows the reason under the JSON.
      const read = readPointContext(profile, options.point, options.context);
      if ("problem" in read) throw new RunError("BAD_CONTEXT", read.problem);
      return launch({
        pipelineId: options.pipelineId,
        revision,
        pipeline,
        scenario: pointRunScenario(pipeline, options.point),
        model: { kind: "scripted" },
        rerunOf: null,
        eventDelayMs: options.eventDelayMs,
        runId: options.runId,
        point: { name: options.point, context: read.context },
      });
    },
    async rerun(options) {
      const row = await runs.get(options.runId);
      if (!row) throw new RunError("RUN_NOT_FOUND", `run ${options.runId} does not exist`);
      const events = await runs.readAllEvents(options.runId);
      const { pipeline, revision } = await loadRevision(row.pipelineId);
      if (row.point !== null) {
        // A point run re-runs the same point on the context it had, against the current code.
        const start = events.find((e) => e.type === "point.start");
        const context = start?.type === "point.start" ? start.context : {};
        return launch({ pipelineId: row.pipelineId, revision, pipeline, scenario: row.scenario, model: { kind: "scripted" }, rerunOf: options.runId, eventDelayMs: options.eventDelayMs, runId: options.newRunId, point: { name: row.point, context } });
      }
      if (options.live) {
        // Re-run live: the model is asked again (its answers may differ), tools behave as the scenario says.
        return launch({ pipelineId: row.pipelineId, revision, pipeline, scenario: row.scenario, model: await modelSourceFor(row.scenario), rerunOf: options.runId, eventDelayMs: options.eventDelayMs, runId: options.newRunId });
      }
      return launch({
        pipelineId: row.pipelineId,
        revision,
        pipeline,
        scenario: rerunScenario(row.scenario, events),
        model: recordedModel(events),
        rerunOf: options.runId,
        eventDelayMs: options.eventDelayMs,
        runId: options.newRunId,
        // Approvals are answered as they were, unless the person chooses to answer them again.
        known: options.answerApprovalsAgain ? [] : knownAnswersOf(events, (by) => `${by} (recorded)`),
      });
    },
    async cancel(runId) {
      if (dispatch ? !(await dispatch.cancel(runId)) : !active.has(runId) || !executor.cancel?.(runId)) {
        throw new RunError("RUN_NOT_RUNNING", (await runs.get(runId)) ? `run ${runId} is not running, so there is nothing to cancel` : `run ${runId} does not exist`);
      }
    },
    settled: (runId) => active.get(runId) ?? Promise.resolve(),
    async runQueued(run) {
      const scenario = run.scenario;
      let model: ModelSource = { kind: "scripted" };
      try {
        if (run.model.kind !== "live") model = run.model;
        else if (scenario.model.kind === "provider") model = { kind: "live", providers: await providersFor(scenario.name, scenario.model.provider) };
      } catch (error) {
        // This worker lacks the provider the web instance had (removed in between): the run ends here.
        await runs.finish(run.runId, { summary: emptyRunSummary, failure: error instanceof Error ? error.message : String(error) });
        return;
      }
      const done = execute(run.runId, { ...run, model }).finally(() => active.delete(run.runId));
      active.set(run.runId, done);
      await done;
    },
    async resumeHere(runId) {
      await resume(runId);
      await active.get(runId);
    },
    isActive: (runId) => active.has(runId),
  };
}

/** Why a run's events stopped being stored, as its failure says it. */
function storeFailure(error: unknown): string {
  return `the run's events could not be stored: ${error instanceof Error ? error.message : String(error)}`;
}
