import { createRunGate } from "../../../core/approvals/gate";
import { ApprovalPending, type RunApprovalGate } from "../../../core/engine/approvalStep";
import type { HookRunner, HookRunnerFactory, ModelProvider } from "../../../core/engine/ports";
import type { TraceEvent, UnsequencedEvent } from "../../../core/trace/events";
import type { RunEngine } from "../runService";
import { modelOf, type LiveModelHooks, type RunJob } from "./job";
import { publishModelText } from "../../providers/textBus";

export type RunEventSink = (event: TraceEvent | UnsequencedEvent) => void;

/** Runs `work` (the recording of a slice of events) as one unit: the service passes a database transaction. */
export type RecordBatch = (work: () => void) => void;

/**
 * What executes runs for the run service: in this thread ({@link inProcessExecutor}) or in a
 * pool of worker threads (./pool.ts). The service records and publishes what `emit` receives.
 */
export interface RunExecutor {
  /**
   * Runs the job, calling `emit` for every event in order. Resolves once the run ended (its
   * last event is run.end); rejects when it could not (the service then ends the trace itself).
   */
  execute(job: RunJob, emit: RunEventSink, options?: { batch?: RecordBatch }): Promise<void>;
  /** Cancels a run it holds (running or queued): false when it holds none by that id. */
  cancel?(runId: string): boolean;
}

/** User code about to run for a job: what a watchdog needs to bound it and to name it if it never returns. */
export type CallInFlight =
  | { kind: "chain"; point: string; hookIds: string[]; timeoutMs: number }
  | { kind: "tool"; tool: string; timeoutMs: number };

export interface CallWatch {
  starting(call: CallInFlight): void;
  finished(): void;
}

/**
 * A run's hooks, tools and model replies resolve as promise chains that never leave the
 * microtask queue, so an in-thread run would hold the thread until it ends: no other request
 * served, and its own events streamed only at the end. Yielding a macrotask before each hook
 * point, tool and model call keeps the thread responsive and the stream live.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

function watchedRunnerFactory(create: HookRunnerFactory, options: { yieldFirst: boolean; watch?: CallWatch }): HookRunnerFactory {
  const { yieldFirst, watch } = options;
  async function around<T>(call: CallInFlight, body: () => Promise<T>): Promise<T> {
    if (yieldFirst) await yieldToEventLoop();
    watch?.starting(call);
    try {
      return await body();
    } finally {
      watch?.finished();
    }
  }
  return async (factoryOptions) => {
    const runner: HookRunner = await create(factoryOptions);
    const resolve = runner.callResolution?.bind(runner);
    const finalFiles = runner.finalFiles?.bind(runner);
    const replayTool = runner.replayTool?.bind(runner);
    const { timeoutMs } = factoryOptions.limits;
    return {
      runChain: (request) => around({ kind: "chain", point: request.point, hookIds: request.hookIds, timeoutMs }, () => runner.runChain(request)),
      ...(resolve ? { callResolution: (hookId: string, decision: string) => around({ kind: "chain", point: "onResolution", hookIds: [hookId], timeoutMs }, () => resolve(hookId, decision)) } : {}),
      runTool: (tool, input) => around({ kind: "tool", tool, timeoutMs }, () => runner.runTool(tool, input)),
      // The sandbox's virtual file system as the run ended (run.end.files): host data, no user code runs.
      ...(finalFiles ? { finalFiles } : {}),
      // A re-run's recorded tool results do again what their handler did to the run: host data too.
      ...(replayTool ? { replayTool } : {}),
      dispose: () => runner.dispose(),
    };
  };
}

function yieldingModel(model: ModelProvider): ModelProvider {
  return {
    async respond(request) {
      await yieldToEventLoop();
      return model.respond(request);
    },
  };
}

/**
 * Runs one job with `engine` in the calling thread. `yieldBetweenCalls` keeps a shared thread
 * (the server's) responsive; a worker thread has nothing else to serve. `watch` is told about
 * every call into user code.
 */
export async function runJob(engine: RunEngine, job: RunJob, emit: RunEventSink, options: { yieldBetweenCalls: boolean; watch?: CallWatch } & LiveModelHooks): Promise<void> {
  if (job.point) {
    if (!engine.runPoint) throw new Error("this run engine cannot run a hook point alone");
    await engine.runPoint({
      pipeline: job.pipeline,
      point: job.point.name,
      context: job.point.context,
      clockStart: job.scenario.clockStart,
      seed: job.scenario.seed,
      ...(job.scenario.files ? { files: job.scenario.files } : {}),
      ...(job.scenario.http ? { http: job.scenario.http } : {}),
      ...(job.scenario.inference ? { inference: job.scenario.inference } : {}),
      runId: job.runId,
      createRunner: watchedRunnerFactory(engine.createRunner, { yieldFirst: options.yieldBetweenCalls, watch: options.watch }),
      emit,
    });
    return;
  }
  const model = modelOf(job, (scenario) => engine.scriptedModel(scenario), { signal: options.signal, onText: options.onText });
  await engine.simulate({
    pipeline: job.pipeline,
    scenario: job.scenario,
    runId: job.runId,
    createRunner: watchedRunnerFactory(engine.createRunner, { yieldFirst: options.yieldBetweenCalls, watch: options.watch }),
    model: options.yieldBetweenCalls ? yieldingModel(model) : model,
    approvals: jobGate(job),
    emit,
  });
}

/**
 * The gate of a job: known answers, then the scenario's script, then a person (the run parks:
 * {@link ApprovalPending} ends the job without an end, the service resumes it once answered) or nobody.
 */
export function jobGate(job: RunJob): RunApprovalGate {
  const parking: RunApprovalGate = {
    request: (ask) => Promise.reject(new ApprovalPending(ask.approvalId)),
  };
  return createRunGate({
    known: job.approvals?.known ?? [],
    script: job.scenario.approvals ?? [],
    clockStart: job.scenario.clockStart,
    ...(job.approvals?.interactive ? { fallback: parking } : {}),
  });
}

/** Runs jobs on the calling thread, yielding between calls (tests, benches, and engines that are test doubles). */
export function inProcessExecutor(engine: RunEngine): RunExecutor {
  const running = new Map<string, AbortController>();
  return {
    async execute(job, emit) {
      const controller = new AbortController();
      if (job.cancelled) controller.abort();
      running.set(job.runId, controller);
      try {
        await runJob(engine, job, emit, { yieldBetweenCalls: true, signal: controller.signal, onText: (call, text) => publishModelText(job.runId, call, text) });
      } finally {
        running.delete(job.runId);
      }
    },
    cancel(runId) {
      const controller = running.get(runId);
      controller?.abort();
      return controller !== undefined;
    },
  };
}
