import type { JsonObject } from "../json";
import type { ApprovalAnswer, ApprovalAsk } from "./approval";
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
    const resolve: Omit<ApprovalResolveEvent, "seq"> = {
      type: "approval.resolve",
      approvalId,
      decision: answer.decision,
      by: answer.by,
      at: answer.at,
      ...(answer.reason !== undefined ? { reason: answer.reason } : {}),
    };
    deps.record(resolve);
    return answer;
  };
}
