import { and, asc, eq } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { approvalRequests, type ApprovalRequestRow } from "../../db/schema";
import type { ApprovalRequestEvent, ApprovalResolveEvent } from "../../core/trace/events";

/** Database access for approval requests (one row per approval.request; the audit record). */

const DEFAULT_TIMEOUT_MS = 120_000;

export function insertApprovalRequest(db: DbExecutor, runId: string, event: ApprovalRequestEvent, now: number): void {
  const timeoutMs = typeof event.request.timeoutMs === "number" && event.request.timeoutMs > 0 ? event.request.timeoutMs : DEFAULT_TIMEOUT_MS;
  db.insert(approvalRequests)
    .values({
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
    })
    .onConflictDoNothing()
    .run();
}

const statusOf = (decision: string): ApprovalRequestRow["status"] => (decision === "timeout" ? "expired" : decision === "cancelled" ? "cancelled" : "answered");

/**
 * Answers a pending request; only the first answer counts (a conditional update, as the host's
 * own `WHERE status='pending'`). Returns whether this call answered it.
 */
export function answerApprovalRequest(db: DbExecutor, id: string, answer: { decision: string; by: string; at: number; reason?: string }): boolean {
  const result = db
    .update(approvalRequests)
    .set({ status: statusOf(answer.decision), decision: answer.decision, respondedBy: answer.by, respondedAt: new Date(answer.at), reason: answer.reason ?? null })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, "pending")))
    .run();
  return result.changes > 0;
}

/** What the run itself recorded as the answer (a scripted or recorded one): kept on the row if nobody answered first. */
export function recordResolution(db: DbExecutor, event: ApprovalResolveEvent): void {
  answerApprovalRequest(db, event.approvalId, { decision: event.decision, by: event.by, at: event.at > 0 ? event.at : Date.now(), ...(event.reason !== undefined ? { reason: event.reason } : {}) });
}

export function setTokenHash(db: DbExecutor, id: string, hash: string): void {
  db.update(approvalRequests).set({ tokenHash: hash }).where(eq(approvalRequests.id, id)).run();
}

export function getApprovalRequest(db: DbExecutor, id: string): ApprovalRequestRow | undefined {
  return db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).get();
}

export function listRunApprovals(db: DbExecutor, runId: string): ApprovalRequestRow[] {
  return db.select().from(approvalRequests).where(eq(approvalRequests.runId, runId)).orderBy(asc(approvalRequests.seq)).all();
}

export function listPendingApprovals(db: DbExecutor): ApprovalRequestRow[] {
  return db.select().from(approvalRequests).where(eq(approvalRequests.status, "pending")).all();
}

/** Ids of runs with a request still pending (parked runs, not abandoned ones). */
export function runsWithPendingApprovals(db: DbExecutor): Set<string> {
  return new Set(listPendingApprovals(db).map((r) => r.runId));
}
