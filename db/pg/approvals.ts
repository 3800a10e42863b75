import { and, asc, eq } from "drizzle-orm";
import type { ApprovalRequestEvent } from "../../core/trace/events";
import { approvalRequestValues } from "../rowValues";
import type { ApprovalAnswer, ApprovalRecord } from "../store";
import type { PgExecutor } from "./client";
import { approvalRequests, type ApprovalRequestRow } from "./schema";

/** The PostgreSQL approval store: one row per approval.request (the audit record), the queries of db/sqlite/approvals.ts. */

export async function insertApprovalRequest(db: PgExecutor, runId: string, event: ApprovalRequestEvent, now: number): Promise<void> {
  await db
    .insert(approvalRequests)
    .values(approvalRequestValues(runId, event, now))
    .onConflictDoNothing();
}

const statusOf = (decision: string): ApprovalRequestRow["status"] => (decision === "timeout" ? "expired" : decision === "cancelled" ? "cancelled" : "answered");

/**
 * Only the first answer counts: a conditional update. Two instances answering at once both run
 * it; PostgreSQL makes the second wait for the first's row lock, re-checks `status = 'pending'`
 * on the committed row, and updates nothing.
 */
export async function answerApprovalRequest(db: PgExecutor, id: string, answer: ApprovalAnswer): Promise<boolean> {
  const updated = await db
    .update(approvalRequests)
    .set({ status: statusOf(answer.decision), decision: answer.decision, respondedBy: answer.by, respondedAt: new Date(answer.at), reason: answer.reason ?? null })
    .where(and(eq(approvalRequests.id, id), eq(approvalRequests.status, "pending")))
    .returning({ id: approvalRequests.id });
  return updated.length > 0;
}

export async function setTokenHash(db: PgExecutor, id: string, hash: string): Promise<void> {
  await db.update(approvalRequests).set({ tokenHash: hash }).where(eq(approvalRequests.id, id));
}

export async function getApprovalRequest(db: PgExecutor, id: string): Promise<ApprovalRecord | undefined> {
  const [row] = await db.select().from(approvalRequests).where(eq(approvalRequests.id, id));
  return row;
}

export async function listRunApprovals(db: PgExecutor, runId: string): Promise<ApprovalRecord[]> {
  return db.select().from(approvalRequests).where(eq(approvalRequests.runId, runId)).orderBy(asc(approvalRequests.seq));
}

export async function listPendingApprovals(db: PgExecutor): Promise<ApprovalRecord[]> {
  return db.select().from(approvalRequests).where(eq(approvalRequests.status, "pending"));
}
