import { Worker } from "node:worker_threads";
import type { TraceEvent, UnsequencedEvent } from "../../../core/trace/events";
import type { CallInFlight, RecordBatch, RunEventSink } from "./executor";
import type { RunJob } from "./job";
import type { LostCause } from "./lostRun";
import type { FromWorker, ToWorker } from "./protocol";
import { publishModelText } from "../../providers/textBus";

/** How a job ended on a worker. After `lost` the worker is gone and must be replaced. */
export type RunOutcome = { kind: "done" } | { kind: "parked"; approvalId: string } | { kind: "failed"; error: string } | { kind: "lost"; cause: LostCause };

/**
 * A worker of the pool: runs one job at a time. The pool (./pool.ts) only needs this, so the
 * threads below could be swapped for processes or remote machines.
 */
export interface RunWorker {
  run(job: RunJob, emit: RunEventSink, batch?: RecordBatch): Promise<RunOutcome>;
  /** Stops the worker; a job on it ends as lost with `stopped`. */
  stop(reason: string): Promise<void>;
  /** Asks the job `runId`, if it is this worker's, to stop at its model call (true: it was). */
  cancel?(runId: string): boolean;
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

/**
 * The longest the server's thread spends recording a worker's events before it lets other work
 * (HTTP requests, other workers) run. Workers can emit faster than the database records; the
 * backlog then waits in the inbox instead of in one long turn of the event loop.
 */
const SLICE_MS = 5;

interface Current {
  job: RunJob;
  emit: RunEventSink;
  batch: RecordBatch;
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
  /** Messages waiting to be handled in order (events, then the job's end). */
  private inbox: FromWorker[] = [];
  private inboxHead = 0;
  private draining = false;
  /** The thread's exit code once it exited; handled after the inbox is drained. */
  private exitCode: number | null = null;
  private recordingFailed = false;
  private inBatch = false;
  alive = true;

  /** The script this thread runs. */
  readonly script: string;

  constructor(private readonly options: ThreadWorkerOptions) {
    this.script = options.script;
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

  run(job: RunJob, emit: RunEventSink, batch: RecordBatch = (work) => work()): Promise<RunOutcome> {
    if (!this.alive) return Promise.resolve({ kind: "lost", cause: { kind: "crashed", call: null, reason: "the worker had already exited" } });
    if (this.current) throw new Error(`worker busy with run ${this.current.job.runId}`);
    return new Promise((resolve) => {
      this.current = { job, emit, batch, resolve, call: null, callStarted: 0, watchdog: null };
      this.thread.ref();
      this.options.onRunStarted?.(job.runId, this.thread);
      this.thread.postMessage({ type: "run", job } satisfies ToWorker);
    });
  }

  cancel(runId: string): boolean {
    if (this.current?.job.runId !== runId || !this.alive) return false;
    this.thread.postMessage({ type: "cancel", runId } satisfies ToWorker);
    return true;
  }

  async stop(reason: string): Promise<void> {
    if (!this.alive) return;
    this.exitCause ??= { kind: "stopped", reason };
    await this.thread.terminate();
  }

  /**
   * The watchdog follows the worker at once; everything else is handled in order, in slices of
   * at most {@link SLICE_MS}, so a burst of events never holds the server's thread.
   */
  private onMessage(message: FromWorker): void {
    if (message.type === "call" || message.type === "called") return this.watch(message);
    // Streamed text is shown live, never recorded: it skips the inbox and its batches.
    if (message.type === "text") return publishModelText(message.runId, message.call, message.text);
    if (message.type === "ready") return;
    this.inbox.push(message);
    this.scheduleDrain();
  }

  private scheduleDrain(): void {
    if (this.draining) return;
    this.draining = true;
    setImmediate(() => this.drain());
  }

  private drain(): void {
    const until = performance.now() + SLICE_MS;
    const slice = () => {
      while (this.inboxHead < this.inbox.length && performance.now() < until) {
        const message = this.inbox[this.inboxHead] as FromWorker;
        if (message.type !== "event" && this.inBatch) return; // the job's end goes after the batch is committed
        this.inboxHead++;
        this.handle(message);
      }
    };
    const batch = this.current?.batch;
    if (batch && (this.inbox[this.inboxHead] as FromWorker | undefined)?.type === "event") {
      this.inBatch = true;
      try {
        batch(slice);
      } catch (error) {
        // The batch itself failed to commit: the run cannot go on being recorded.
        this.recordingFailed = true;
        this.exitCause ??= { kind: "crashed", call: this.current?.call ?? null, reason: `recording events failed: ${error instanceof Error ? error.message : String(error)}` };
        void this.thread.terminate();
      } finally {
        this.inBatch = false;
      }
    }
    slice();
    if (this.inboxHead < this.inbox.length) {
      setImmediate(() => this.drain());
      return;
    }
    this.inbox = [];
    this.inboxHead = 0;
    this.draining = false;
    if (this.exitCode !== null) this.settleExit(this.exitCode);
  }

  private watch(message: Extract<FromWorker, { type: "call" | "called" }>): void {
    const current = this.current;
    if (!current) return;
    this.clearWatchdog(current);
    if (message.type === "called") {
      current.call = null;
      return;
    }
    current.call = message.call;
    current.callStarted = performance.now();
    const call = message.call;
    current.watchdog = setTimeout(() => {
      this.exitCause ??= { kind: "wedged", call, waitedMs: performance.now() - current.callStarted };
      void this.thread.terminate();
    }, callBudgetMs(call, this.options.graceMs));
  }

  private handle(message: FromWorker): void {
    const current = this.current;
    if (!current) return;
    switch (message.type) {
      case "event":
        // After a failed recording the worker is being stopped: the rest of its events are dropped.
        if (this.recordingFailed) return;
        try {
          current.emit(JSON.parse(message.json) as TraceEvent | UnsequencedEvent);
        } catch (error) {
          // The recorder failed (the database): the run cannot go on being recorded.
          this.recordingFailed = true;
          this.exitCause ??= { kind: "crashed", call: current.call, reason: `recording an event failed: ${error instanceof Error ? error.message : String(error)}` };
          void this.thread.terminate();
        }
        return;
      case "done":
        return this.finish({ kind: "done" });
      case "parked":
        return this.finish({ kind: "parked", approvalId: message.approvalId });
      case "failed":
        return this.finish({ kind: "failed", error: message.error });
      default:
        return;
    }
  }

  private onExit(code: number): void {
    this.alive = false;
    // Events the worker sent before it exited are recorded first.
    if (this.draining) this.exitCode = code;
    else this.settleExit(code);
  }

  private settleExit(code: number): void {
    this.exitCode = null;
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
