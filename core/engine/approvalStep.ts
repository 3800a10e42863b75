import type { JsonObject } from "../json";
import type { ApprovalAnswer, ApprovalAsk } from "./approval";
import type { ResolutionCall } from "./ports";
import type { ApprovalRequestEvent, ApprovalResolveEvent, TraceEvent, UnsequencedTraceEvent } from "../trace/events";

/** What the gate is handed: the ask plus the id its request and answer carry in the trace. */
export type IdentifiedAsk = ApprovalAsk & { approvalId: string };

/** Any gate: one that ignores the id ({@link ApprovalAsk} only) fits too. */
export interface RunApprovalGate {
  request(ask: IdentifiedAsk): Promise<ApprovalAnswer>;
}

/**
 * Thrown by a gate when nobody has answered yet and the run should stop here instead of holding
 * its worker (the app's runs: the answer comes later, from a person). The loop lets it through
 * untouched; the run service parks the run and resumes it from its trace once answered.
 */
export class ApprovalPending extends Error {
  override name = "ApprovalPending";
  constructor(readonly approvalId: string) {
    super(`approval ${approvalId} is waiting for an answer`);
  }
}

/** The id of the n-th (1-based) request of a run: unique across runs, the same on every replay of it. */
export function approvalIdOf(runId: string, n: number): string {
  return `${runId}.a${n}`;
}

/**
 * The loop's approval step: records `approval.request`, awaits the gate's answer and records
 * `approval.resolve` (DESIGN.md "Approvals"), then returns the answer for the binding to apply.
 */
export function createApprovalStep(deps: {
  gate: RunApprovalGate;
  record: (event: UnsequencedTraceEvent) => TraceEvent;
  runId: string;
  /**
   * Calls the hook's onResolution callback back with the decision (the runner's `callResolution`);
   * absent: a runner that cannot (the trace still says `hasOnResolution`).
   */
  callResolution?: (hookId: string, decision: string) => Promise<ResolutionCall | null>;
}): (ask: ApprovalAsk) => Promise<ApprovalAnswer> {
  let n = 0;
  return async (ask) => {
    n += 1;
    const approvalId = approvalIdOf(deps.runId, n);
    const request: Omit<ApprovalRequestEvent, "seq"> = {
      type: "approval.request",
      approvalId,
      point: ask.point,
      hookId: ask.hookId,
      toolUseId: ask.toolUseId,
      request: { ...ask.request } as unknown as JsonObject,
      toolName: ask.toolName,
      params: ask.params,
      ...(ask.warnings.length > 0 ? { warnings: ask.warnings } : {}),
    };
    deps.record(request);
    const answer = await deps.gate.request({ ...ask, approvalId });
    // The host notifies the callback as the approval resolves, whatever the decision, and only logs
    // its failure (O:dist/agent-tools.before-tool-call-D6M7yTR3.mjs:872-882). It runs here, after the
    // gate answered: a parked run (ApprovalPending) never reaches it, its resumed run calls it once.
    const called = ask.request.hasOnResolution && deps.callResolution ? await deps.callResolution(ask.hookId, answer.decision) : null;
    const resolve: Omit<ApprovalResolveEvent, "seq"> = {
      type: "approval.resolve",
      approvalId,
      decision: answer.decision,
      by: answer.by,
      at: answer.at,
      ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
      ...(called ? { onResolution: resolutionRecord(ask.hookId, answer.decision, called) } : {}),
    };
    deps.record(resolve);
    return answer;
  };
}

/** The callback's run as the trace keeps it: a failure in the host's warning words. */
function resolutionRecord(hookId: string, decision: string, called: ResolutionCall): NonNullable<ApprovalResolveEvent["onResolution"]> {
  if (!called.failure) return { hookId, decision, logs: called.logs };
  const error = `plugin onResolution callback failed: ${called.failure.message}`;
  return { hookId, decision, logs: [...called.logs, { level: "warn", message: error }], error };
}
