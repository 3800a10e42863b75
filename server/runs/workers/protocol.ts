import type { CallInFlight } from "./executor";
import type { RunJob } from "./job";

/** Messages between the pool (main thread) and a run worker (./workerMain.ts). */

export type ToWorker = { type: "run"; job: RunJob } | { type: "cancel"; runId: string };

export type FromWorker =
  /** The worker loaded its code and takes jobs. */
  | { type: "ready" }
  /**
   * An event as JSON text: a string crosses threads as one copy, where a structured clone is
   * rebuilt object by object inside Node's message loop, which the server's thread cannot
   * interrupt. The pool parses it in slices it can (./threadWorker.ts).
   */
  | { type: "event"; json: string }
  /** User code is about to run (the watchdog starts), and has returned (it stops). */
  | { type: "call"; call: CallInFlight }
  | { type: "called" }
  /** A piece of a real model's reply text as it streams (not part of the trace; server/providers/textBus). */
  | { type: "text"; runId: string; call: number; text: string }
  /** The job ended: its run.end was sent, or the engine failed with `error`. */
  | { type: "done" }
  /** The run stopped at an approval request nobody has answered yet (it resumes later, see docs/approvals.md). */
  | { type: "parked"; approvalId: string }
  | { type: "failed"; error: string };
