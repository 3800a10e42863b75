import { and, asc, eq } from "drizzle-orm";
import type { ApprovalRequestEvent } from "../../core/trace/events";
import type { DbExecutor } from "../client";
import { approvalRequests, type ApprovalRequestRow } from "../schema";
import { approvalRequestValues } from "../rowValues";
import type { ApprovalAnswer, ApprovalRecord } from "../store";

/** The SQLite approval store: one row per approval.request (the audit record), synchronous. */

const asRecord = (row: ApprovalRequestRow): ApprovalRecord => row;

export function insertApprovalRequest(db: DbExecutor, runId: string, event: ApprovalRequestEvent, now: number): void {
  db.insert(approvalRequests)
    .values(approvalRequestValues(runId, event, now))
    .onConflictDoNothing()
    .run();
}

const statusOf = (decision: string): ApprovalRequestRow["status"] => (decision === "timeout" ? "expired" : decision === "cancelled" ? "cancelled" : "answered");

/** Only the first answer counts: a conditional update (the host's own `WHERE status='pending'`). */
export function answerApprovalRequest(db: DbExecutor, id: string, answer: ApprovalAnswer): boolean {
  const result = db
    .update(approvalRequests)
    .set({ status: statusOf(answer.decision), decision: answer.decision, respondedBy: answer.by, respondedAt: new Date(answer.at), reason: answer.reason ?? null })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, "pending")))
    .run();
  return result.changes > 0;
}

export function setTokenHash(db: DbExecutor, id: string, hash: string): void {
  db.update(approvalRequests).set({ tokenHash: hash }).where(eq(approvalRequests.id, id)).run();
}

export function getApprovalRequest(db: DbExecutor, id: string): ApprovalRecord | undefined {
  const row = db.select().from(approvalRequests).where(eq(approvalRequests.id, id)).get();
  return row && asRecord(row);
}

export function listRunApprovals(db: DbExecutor, runId: string): ApprovalRecord[] {
  return db.select().from(approvalRequests).where(eq(approvalRequests.runId, runId)).orderBy(asc(approvalRequests.seq)).all().map(asRecord);
}

export function listPendingApprovals(db: DbExecutor): ApprovalRecord[] {
  return db.select().from(approvalRequests).where(eq(approvalRequests.status, "pending")).all().map(asRecord);
}
