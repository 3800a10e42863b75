import { parentPort } from "node:worker_threads";
import { prewarmSandbox } from "../../sandbox/templateCache";
import { defaultRunEngine } from "../engine";
import { ApprovalPending } from "../../../core/engine/approvalStep";
import { runJob } from "./executor";
import type { FromWorker, ToWorker } from "./protocol";

/**
 * A run worker's entry (bundled by ./workerScript.ts, started by ./threadWorker.ts): runs one
 * job at a time with the app's engine (core's simulator, user code in the QuickJS sandbox) and
 * posts every event, and every call into user code, to the pool. Nothing here waits for the
 * pool's answer, so a hook that never returns cannot hide what it was doing.
 */

if (!parentPort) throw new Error("workerMain runs as a worker thread (see server/runs/workers/threadWorker.ts)");
const port = parentPort;
const post = (message: FromWorker) => port.postMessage(message);

// The sandbox's pre-initialized instance is built while the worker waits for its first job.
const warm = prewarmSandbox().then(
  () => post({ type: "ready" }),
  () => post({ type: "ready" }), // the first run reports the failure, with its run
);

/** The job's cancel switch (a person pressed Cancel: the model call in flight is aborted). */
const cancels = new Map<string, AbortController>();

port.on("message", (message: ToWorker) => {
  if (message.type === "cancel") {
    cancels.get(message.runId)?.abort();
    return;
  }
  const { job } = message;
  const controller = new AbortController();
  if (job.cancelled) controller.abort();
  cancels.set(job.runId, controller);
  // A job waits for the warm-up outside any watched call, so building the snapshot is never taken for a stuck hook.
  void warm
    .then(() =>
      runJob(defaultRunEngine, job, (event) => post({ type: "event", json: JSON.stringify(event) }), {
        yieldBetweenCalls: false,
        watch: { starting: (call) => post({ type: "call", call }), finished: () => post({ type: "called" }) },
        signal: controller.signal,
        onText: (call, text) => post({ type: "text", runId: job.runId, call, text }),
      }),
    )
    .finally(() => cancels.delete(job.runId))
    .then(
      () => post({ type: "done" }),
      (error: unknown) =>
        post(
          error instanceof ApprovalPending
            ? { type: "parked", approvalId: error.approvalId }
            : { type: "failed", error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) },
        ),
    );
});
