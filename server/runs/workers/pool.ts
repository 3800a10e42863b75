import type { Worker } from "node:worker_threads";
import { ApprovalPending } from "../../../core/engine/approvalStep";
import type { RunPoolConfig } from "./config";
import type { RecordBatch, RunEventSink, RunExecutor } from "./executor";
import type { RunJob } from "./job";
import { closingEvents, OpenTrace, type LostCause } from "./lostRun";
import { createMemoryRunQueue, type RunQueue } from "./queue";
import { ThreadRunWorker, type RunOutcome, type RunWorker } from "./threadWorker";
import { runWorkerScript } from "./workerScript";

/**
 * The run pool: runs execute on worker threads, one run per worker at a time, so the server's
 * thread only records and serves. Runs wait in a queue; each worker slot takes the next one.
 * A worker that is lost (a wedged hook, its memory cap, a crash) ends only its own run (see
 * ./lostRun.ts) and is replaced before the slot takes another run.
 */
export interface RunPool extends RunExecutor {
  readonly config: RunPoolConfig;
  stats(): { workers: number; busy: number; queued: number; replaced: number };
  /** Stops every worker; queued and running runs end (run.end: the server stopped). */
  close(): Promise<void>;
}

export interface RunPoolOptions extends RunPoolConfig {
  /** Where runs wait (default: in memory). */
  queue?: RunQueue;
  /** Starts a worker (default: a thread running the bundled ./workerMain.ts). */
  startWorker?: (hooks: { onRunStarted?: (runId: string, thread: Worker) => void }) => Promise<RunWorker>;
  /** Told when a run starts on a thread (monitoring and tests). */
  onRunStarted?: (runId: string, thread: Worker) => void;
  /**
   * Development (`next dev`): before each run, bundle the worker again and replace a worker whose
   * code is older, so an edit of the engine or the sandbox shows in the next run.
   */
  rebundleEachRun?: boolean;
}

interface Waiting {
  emit: RunEventSink;
  batch?: RecordBatch;
  resolve: () => void;
  reject: (error: Error) => void;
}

const SHUTDOWN = "the server stopped while this run was in progress";

export function createRunPool(options: RunPoolOptions): RunPool {
  const config: RunPoolConfig = { workers: options.workers, workerMemoryMiB: options.workerMemoryMiB, graceMs: options.graceMs };
  const queue = options.queue ?? createMemoryRunQueue();
  const waiting = new Map<string, Waiting>();
  const workers = new Set<RunWorker>();
  /** The worker each started run is on, and queued runs a person cancelled. */
  const runningOn = new Map<string, RunWorker>();
  const cancelRequested = new Set<string>();
  let busy = 0;
  let replaced = 0;
  let closed = false;

  const startWorker =
    options.startWorker ??
    (async (hooks) => new ThreadRunWorker({ script: await runWorkerScript(), workerMemoryMiB: config.workerMemoryMiB, graceMs: config.graceMs, ...hooks }));

  /** In development, false when the sources changed since `worker` was started. */
  async function upToDate(worker: RunWorker): Promise<boolean> {
    if (!options.rebundleEachRun || !(worker instanceof ThreadRunWorker)) return true;
    try {
      return (await runWorkerScript({ rebundle: true })) === worker.script;
    } catch {
      return true; // a source that does not bundle now: the worker keeps the last code that did
    }
  }

  async function newWorker(): Promise<RunWorker> {
    const worker = await startWorker({ onRunStarted: options.onRunStarted });
    workers.add(worker);
    return worker;
  }

  /** Runs one job on `worker`, writing the end of its trace itself if the worker is lost. */
  async function runOn(worker: RunWorker, job: RunJob, sink: Waiting): Promise<RunOutcome> {
    const open = new OpenTrace();
    busy++;
    runningOn.set(job.runId, worker);
    const outcome = await worker.run(job, (event) => {
      open.observe(event);
      sink.emit(event);
    }, sink.batch);
    runningOn.delete(job.runId);
    busy--;
    if (outcome.kind === "done") sink.resolve();
    // Parked at an approval: the worker is free at once; the service resumes the run when answered.
    else if (outcome.kind === "parked") sink.reject(new ApprovalPending(outcome.approvalId));
    else if (outcome.kind === "failed") sink.reject(new Error(outcome.error));
    else {
      try {
        for (const event of closingEvents(open, outcome.cause, job.pipeline)) sink.emit(event);
        if (isUserCodeFailure(outcome.cause)) sink.resolve();
        else sink.reject(new Error(describeLoss(outcome.cause)));
      } catch (error) {
        sink.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
    return outcome;
  }

  /** Ends a job that no worker can take, with the reason. */
  function refuse(job: RunJob, reason: string): void {
    const sink = waiting.get(job.runId);
    waiting.delete(job.runId);
    sink?.reject(new Error(reason));
  }

  /** A started worker, or the reason none could start (its script does not bundle, say). */
  async function tryNewWorker(): Promise<RunWorker | string> {
    try {
      const worker = await newWorker();
      if (closed) await worker.stop(SHUTDOWN);
      return worker;
    } catch (error) {
      return `no run worker could be started: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  async function slot(): Promise<void> {
    let worker: RunWorker | string | null = null;
    while (!closed) {
      // The worker is started before a job is taken, so a run never waits for a thread to boot.
      if (typeof worker !== "string" && !worker?.alive) {
        if (worker) {
          workers.delete(worker);
          replaced++;
        }
        worker = await tryNewWorker();
      }
      const taken = await queue.take();
      if (!taken) return;
      const job = cancelRequested.delete(taken.runId) ? { ...taken, cancelled: true } : taken;
      if (typeof worker !== "string" && !(await upToDate(worker))) {
        await worker.stop("replaced by a worker with the edited sources");
        workers.delete(worker);
        worker = await tryNewWorker();
      }
      if (typeof worker === "string") {
        // Each run waiting says why; the next one tries to start a worker again.
        refuse(job, worker);
        worker = null;
        continue;
      }
      const sink = waiting.get(job.runId);
      waiting.delete(job.runId);
      if (!sink) continue;
      await runOn(worker, job, sink);
    }
  }

  for (let i = 0; i < config.workers; i++) void slot();

  return {
    config,
    execute(job, emit, executeOptions) {
      if (closed) return Promise.reject(new Error(SHUTDOWN));
      return new Promise<void>((resolve, reject) => {
        waiting.set(job.runId, { emit, batch: executeOptions?.batch, resolve, reject });
        queue.push(job);
      });
    },
    cancel(runId) {
      const worker = runningOn.get(runId);
      if (worker) return worker.cancel?.(runId) ?? false;
      if (!waiting.has(runId)) return false;
      cancelRequested.add(runId);
      return true;
    },
    stats: () => ({ workers: [...workers].filter((w) => w.alive).length, busy, queued: queue.length, replaced }),
    async close() {
      closed = true;
      // Never started: the service writes their run.end with this reason.
      for (const job of queue.close()) refuse(job, SHUTDOWN);
      await Promise.all([...workers].map((w) => w.stop(SHUTDOWN)));
    },
  };
}

function isUserCodeFailure(cause: LostCause): boolean {
  return (cause.kind === "wedged" || cause.kind === "memory") && cause.call !== null;
}

function describeLoss(cause: LostCause): string {
  switch (cause.kind) {
    case "wedged":
      return `user code did not stop at its time limit; its worker was stopped`;
    case "memory":
      return `the run's worker passed its ${cause.capMiB} MiB memory cap`;
    case "crashed":
      return `the run's worker stopped unexpectedly (${cause.reason})`;
    case "stopped":
      return cause.reason;
  }
}
