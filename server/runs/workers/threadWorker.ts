import { Worker } from "node:worker_threads";
import type { CallInFlight, RunEventSink } from "./executor";
import type { RunJob } from "./job";
import type { LostCause } from "./lostRun";
import type { FromWorker, ToWorker } from "./protocol";

/** How a job ended on a worker. After `lost` the worker is gone and must be replaced. */
export type RunOutcome = { kind: "done" } | { kind: "failed"; error: string } | { kind: "lost"; cause: LostCause };

/**
 * A worker of the pool: runs one job at a time. The pool (./pool.ts) only needs this, so the
 * threads below could be swapped for processes or remote machines.
 */
export interface RunWorker {
  run(job: RunJob, emit: RunEventSink): Promise<RunOutcome>;
  /** Stops the worker; a job on it ends as lost with `stopped`. */
  stop(reason: string): Promise<void>;
  /** False once the worker exited (the pool replaces it). */
  readonly alive: boolean;
}

export interface ThreadWorkerOptions {
  script: string;
  workerMemoryMiB: number;
  graceMs: number;
  /** Told when the worker exits, whether it was running a job or idle. */
  onExit?: () => void;
  /** Told when a job starts on this thread (monitoring and tests). */
  onRunStarted?: (runId: string, thread: Worker) => void;
}

/** How long the watchdog lets a call run: each hook (or the tool) may take its limit to load and its limit to run. */
export function callBudgetMs(call: CallInFlight, graceMs: number): number {
  const units = call.kind === "chain" ? Math.max(1, call.hookIds.length) : 1;
  return units * 2 * call.timeoutMs + graceMs;
}

interface Current {
  job: RunJob;
  emit: RunEventSink;
  resolve: (outcome: RunOutcome) => void;
  call: CallInFlight | null;
  callStarted: number;
  watchdog: NodeJS.Timeout | null;
}

/** A {@link RunWorker} on a worker thread, with a host-side watchdog on every call into user code. */
export class ThreadRunWorker implements RunWorker {
  private readonly thread: Worker;
  private current: Current | null = null;
  private exitCause: LostCause | null = null;
  private lastError: Error | null = null;
  alive = true;

  constructor(private readonly options: ThreadWorkerOptions) {
    this.thread = new Worker(options.script, {
      resourceLimits: { maxOldGenerationSizeMb: options.workerMemoryMiB },
      // The worker's output goes to the server's log as it is.
      stdout: false,
      stderr: false,
    });
    // An idle worker never keeps the process alive (a stopping server does not wait for it).
    this.thread.unref();
    this.thread.on("message", (message: FromWorker) => this.onMessage(message));
    this.thread.on("error", (error) => (this.lastError = error));
    this.thread.on("exit", (code) => this.onExit(code));
  }

  run(job: RunJob, emit: RunEventSink): Promise<RunOutcome> {
    if (!this.alive) return Promise.resolve({ kind: "lost", cause: { kind: "crashed", call: null, reason: "the worker had already exited" } });
    if (this.current) throw new Error(`worker busy with run ${this.current.job.runId}`);
    return new Promise((resolve) => {
      this.current = { job, emit, resolve, call: null, callStarted: 0, watchdog: null };
      this.thread.ref();
      this.options.onRunStarted?.(job.runId, this.thread);
      this.thread.postMessage({ type: "run", job } satisfies ToWorker);
    });
  }

  async stop(reason: string): Promise<void> {
    if (!this.alive) return;
    this.exitCause ??= { kind: "stopped", reason };
    await this.thread.terminate();
  }

  private onMessage(message: FromWorker): void {
    const current = this.current;
    if (!current) return;
    switch (message.type) {
      case "ready":
        return;
      case "event":
        try {
          current.emit(message.event);
        } catch (error) {
          // The recorder failed (the database): the run cannot go on being recorded.
          this.exitCause ??= { kind: "crashed", call: current.call, reason: `recording an event failed: ${error instanceof Error ? error.message : String(error)}` };
          void this.thread.terminate();
        }
        return;
      case "call": {
        this.clearWatchdog(current);
        current.call = message.call;
        current.callStarted = performance.now();
        const call = message.call;
        current.watchdog = setTimeout(() => {
          this.exitCause ??= { kind: "wedged", call, waitedMs: performance.now() - current.callStarted };
          void this.thread.terminate();
        }, callBudgetMs(call, this.options.graceMs));
        return;
      }
      case "called":
        this.clearWatchdog(current);
        current.call = null;
        return;
      case "done":
        return this.finish({ kind: "done" });
      case "failed":
        return this.finish({ kind: "failed", error: message.error });
    }
  }

  private onExit(code: number): void {
    this.alive = false;
    const current = this.current;
    if (current) {
      const cause = this.exitCause ?? this.causeOfExit(code, current.call);
      this.finish({ kind: "lost", cause });
    }
    this.options.onExit?.();
  }

  private causeOfExit(code: number, call: CallInFlight | null): LostCause {
    const error = this.lastError as (Error & { code?: string }) | null;
    if (error?.code === "ERR_WORKER_OUT_OF_MEMORY") return { kind: "memory", call, capMiB: this.options.workerMemoryMiB };
    return { kind: "crashed", call, reason: error ? `${error.name}: ${error.message}` : `its thread exited with code ${code}` };
  }

  private clearWatchdog(current: Current): void {
    if (current.watchdog) clearTimeout(current.watchdog);
    current.watchdog = null;
  }

  private finish(outcome: RunOutcome): void {
    const current = this.current;
    if (!current) return;
    this.clearWatchdog(current);
    this.current = null;
    if (this.alive) this.thread.unref();
    current.resolve(outcome);
  }
}
