import type { RunSummary } from "../core/run/hookStatus";
import type { ApprovalRequestEvent } from "../core/trace/events";

/*
 * Row values both stores write the same way (db/sqlite/*, db/pg/*): the two schemas hold the same
 * columns (db/schemaParity.test.ts), so what goes into them is worked out once here and only the
 * statement around it is dialect-specific.
 */

/** How long a request waits for an answer when its hook gave no timeout. */
const DEFAULT_APPROVAL_TIMEOUT_MS = 120_000;

/** The approval_requests row of a run's approval.request event, requested at `now`. */
export function approvalRequestValues(runId: string, event: ApprovalRequestEvent, now: number) {
  const timeoutMs = typeof event.request.timeoutMs === "number" && event.request.timeoutMs > 0 ? event.request.timeoutMs : DEFAULT_APPROVAL_TIMEOUT_MS;
  return {
    id: event.approvalId,
    runId,
    seq: event.seq,
    toolUseId: event.toolUseId,
    toolName: event.toolName ?? "",
    point: event.point,
    hookId: event.hookId,
    payload: { request: event.request, params: event.params ?? {}, warnings: event.warnings ?? [] },
    requestedAt: new Date(now),
    expiresAt: new Date(now + timeoutMs),
  };
}

/** The runs row's columns set when a run ends. */
export function finishedRunValues(outcome: { summary: RunSummary; failure: string | null }) {
  return {
    status: outcome.failure === null ? ("finished" as const) : ("failed" as const),
    failure: outcome.failure,
    exitReason: outcome.summary.exitReason,
    eventCount: outcome.summary.events,
    hooksChanged: outcome.summary.hooksChanged,
    errors: outcome.summary.errors,
    finishedAt: new Date(),
  };
}
