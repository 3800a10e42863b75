import type { Pipeline } from "../../../core/pipeline/schema";
import type { HookStatus, TraceEvent, UnsequencedEvent } from "../../../core/trace/events";
import type { CallInFlight } from "./executor";

/**
 * Ending a run whose worker is gone. The engine died with the worker, so the pool writes the
 * end of the trace itself: the open point or tool call is closed, the call that was running is
 * reported as the hook's (or tool handler's) failure, and run.end follows, so the trace keeps
 * its contract (docs/formats.md) and viewers learn the run is over.
 */

/** Why a worker went away in the middle of a run. */
export type LostCause =
  /** User code did not return within its limits plus the grace: the host stopped the worker. */
  | { kind: "wedged"; call: CallInFlight; waitedMs: number }
  /** The worker's heap passed its cap (resourceLimits). */
  | { kind: "memory"; call: CallInFlight | null; capMiB: number }
  /** The worker exited on its own or was terminated by someone else. */
  | { kind: "crashed"; call: CallInFlight | null; reason: string }
  /** The pool stopped it (server shutdown). */
  | { kind: "stopped"; reason: string };

/** What a run's trace has open so far, read from its events as they pass. */
export class OpenTrace {
  point: string | null = null;
  toolUseId: string | null = null;
  ended = false;

  observe(event: TraceEvent | UnsequencedEvent): void {
    if (event.type === "point.start") this.point = event.point;
    else if (event.type === "point.end") this.point = null;
    else if (event.type === "tool.call") this.toolUseId = event.toolUseId;
    else if (event.type === "tool.result") this.toolUseId = null;
    else if (event.type === "run.end") this.ended = true;
  }
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;

/** The failure of the call in flight, in the words a hook card shows. */
function callFailure(cause: LostCause): { status: HookStatus; message: string } {
  switch (cause.kind) {
    case "wedged":
      return {
        status: "timeout",
        message: `did not stop at its ${cause.call.timeoutMs} ms time limit (still running after ${seconds(cause.waitedMs)}): its run worker was stopped`,
      };
    case "memory":
      return { status: "memory", message: `the run's worker passed its ${cause.capMiB} MiB memory cap while this ran: the worker was stopped` };
    case "crashed":
      return { status: "threw", message: `the run's worker stopped unexpectedly (${cause.reason})` };
    case "stopped":
      return { status: "threw", message: cause.reason };
  }
}

function callOf(cause: LostCause): CallInFlight | null {
  return cause.kind === "stopped" ? null : cause.call;
}

/** The events that end the trace of a run lost with `cause`. */
export function closingEvents(open: OpenTrace, cause: LostCause, pipeline: Pick<Pipeline, "hooks">): UnsequencedEvent[] {
  if (open.ended) return [];
  const call = callOf(cause);
  const { status, message } = callFailure(cause);
  const events: UnsequencedEvent[] = [];
  let culprit = "the run";
  if (call?.kind === "chain" && open.point === call.point) {
    const only = call.hookIds.length === 1 ? call.hookIds[0] : undefined;
    if (only !== undefined) {
      // A chain of one hook: the failure is that hook's, on its card like any timeout.
      const name = pipeline.hooks.find((h) => h.id === only)?.name;
      events.push({ type: "hook.start", hookId: only, point: call.point, name });
      events.push({ type: "hook.end", hookId: only, point: call.point, patch: [], error: message, errorLocation: null, durationMs: 0, logs: [], status, ignoredWrites: [], clock: [], random: [] });
      culprit = `hook "${only}" at ${call.point}`;
    } else {
      // The chain runs in one call into the sandbox, so the host cannot tell which hook it was in.
      culprit = `a hook at ${call.point} (one of ${call.hookIds.map((id) => `"${id}"`).join(", ")})`;
    }
  } else if (call?.kind === "tool") culprit = `the handler of tool "${call.tool}"`;
  if (open.point !== null) events.push({ type: "point.end", point: open.point });
  if (open.toolUseId !== null) {
    const content = call?.kind === "tool" ? `The tool handler failed: ${message}` : `The tool call did not finish: ${message}`;
    events.push({ type: "tool.result", toolUseId: open.toolUseId, content, isError: true });
  }
  const userCode = (cause.kind === "wedged" || cause.kind === "memory") && call !== null;
  events.push({
    type: "run.end",
    exitReason: userCode ? "hook_error" : "internal_error",
    error: userCode ? `${culprit} ${message}` : cause.kind === "stopped" ? cause.reason : `${message}${call ? ` while ${culprit === "the run" ? "user code" : culprit} ran` : ""}`,
  });
  return events;
}
