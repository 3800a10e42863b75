import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { ExpectationReport } from "../../core/expectations/types";
import type { RunSummary } from "../../core/run/hookStatus";
import { appendToOutline, emptyOutline, outlineEntryOf, type TraceOutline } from "../../core/run/outline";
import type { EncodedTraceEvent } from "../../core/trace/events";
import { finishedRunValues } from "../rowValues";
import type { NewRun, RunRecord } from "../store";
import type { PgDb, PgExecutor } from "./client";
import { binaryOrder } from "./collation";
import { isForeignKeyViolation } from "./errors";
import { approvalRequests, runEvents, runs } from "./schema";

/*
 * The PostgreSQL run store: the queries of db/sqlite/runs.ts, awaited. Events are appended with
 * one multi-row INSERT (a statement is atomic on its own); a batch too large for one statement's
 * parameters is split inside one transaction.
 */

export async function insertRun(db: PgExecutor, row: NewRun): Promise<void> {
  await db
    .insert(runs)
    .values({ id: row.id, pipelineId: row.pipelineId, revision: row.revision, scenarioName: row.scenario.name, scenario: row.scenario, rerunOf: row.rerunOf, point: row.point ?? null });
}

export async function recordExpectations(db: PgExecutor, runId: string, report: ExpectationReport): Promise<void> {
  await db.update(runs).set({ expectations: report, expectationsPassed: report.passed, expectationsFailed: report.failed }).where(eq(runs.id, runId));
}

/** Rows per INSERT: 8 parameters a row stays well under PostgreSQL's 65,535 parameters a statement. */
const ROWS_PER_INSERT = 4000;

/** Appends events atomically; false (nothing written) when the run is gone (deleted with its pipeline: SQLSTATE 23503). */
export async function appendEvents(db: PgDb, runId: string, events: readonly EncodedTraceEvent[]): Promise<boolean> {
  if (events.length === 0) return true;
  const rows = events.map((event) => ({ runId, seq: event.seq, ...outlineEntryOf(event), data: JSON.stringify(event) }));
  try {
    if (rows.length <= ROWS_PER_INSERT) await db.insert(runEvents).values(rows);
    else {
      await db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) await tx.insert(runEvents).values(rows.slice(i, i + ROWS_PER_INSERT));
      });
    }
    return true;
  } catch (error) {
    if (isForeignKeyViolation(error)) return false;
    throw error;
  }
}

export async function finishRun(db: PgExecutor, runId: string, outcome: { summary: RunSummary; failure: string | null }): Promise<void> {
  await db
    .update(runs)
    .set(finishedRunValues(outcome))
    .where(eq(runs.id, runId));
}

/** Runs left "running" by a server that stopped will never finish; a run parked at a pending approval resumes when answered. One statement. */
export async function failAbandonedRuns(db: PgExecutor): Promise<void> {
  const parked = db.select({ runId: approvalRequests.runId }).from(approvalRequests).where(and(eq(approvalRequests.runId, runs.id), eq(approvalRequests.status, "pending")));
  await db
    .update(runs)
    .set({ status: "failed", failure: "the server stopped while this run was in progress" })
    .where(and(eq(runs.status, "running"), sql`not exists ${parked}`));
}

export async function getRunRow(db: PgExecutor, runId: string): Promise<RunRecord | undefined> {
  const [row] = await db.select().from(runs).where(eq(runs.id, runId));
  return row;
}

export async function listRunRows(db: PgExecutor, pipelineId: string, limit: number): Promise<RunRecord[]> {
  return db.select().from(runs).where(eq(runs.pipelineId, pipelineId)).orderBy(desc(runs.createdAt), sql`${binaryOrder(runs.id)} desc`).limit(limit);
}

export async function countModelCalls(db: PgExecutor, runIds: readonly string[]): Promise<Map<string, number>> {
  if (runIds.length === 0) return new Map();
  const rows = await db
    .select({ runId: runEvents.runId, calls: count() })
    .from(runEvents)
    .where(and(inArray(runEvents.runId, [...runIds]), eq(runEvents.type, "model.request")))
    .groupBy(runEvents.runId);
  // count(*) is bigint, a string from node-postgres; drizzle's count() maps it to a number.
  return new Map(rows.map((r) => [r.runId, r.calls]));
}

const parse = (r: { data: string }) => JSON.parse(r.data) as EncodedTraceEvent;

export async function readEvents(db: PgExecutor, runId: string, range: { afterSeq: number; limit?: number }): Promise<EncodedTraceEvent[]> {
  const query = db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, range.afterSeq)))
    .orderBy(asc(runEvents.seq));
  // No LIMIT for "all": PostgreSQL's LIMIT is a bigint, but there is no reason to send one.
  return (await (range.limit === undefined ? query : query.limit(range.limit))).map(parse);
}

export async function readEventsUpTo(db: PgExecutor, runId: string, range: { afterSeq: number; toSeq: number }): Promise<EncodedTraceEvent[]> {
  const rows = await db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, range.afterSeq), lte(runEvents.seq, range.toSeq)))
    .orderBy(asc(runEvents.seq));
  return rows.map(parse);
}

export async function readEventsOfType(db: PgExecutor, runId: string, type: string): Promise<EncodedTraceEvent[]> {
  const rows = await db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), eq(runEvents.type, type)))
    .orderBy(asc(runEvents.seq));
  return rows.map(parse);
}

export async function readOutline(db: PgExecutor, runId: string): Promise<TraceOutline> {
  const rows = await db
    .select({ type: runEvents.type, point: runEvents.point, hookId: runEvents.hookId, edge: runEvents.edge, status: runEvents.status })
    .from(runEvents)
    .where(eq(runEvents.runId, runId))
    .orderBy(asc(runEvents.seq));
  const outline = emptyOutline();
  for (const r of rows) appendToOutline(outline, r);
  return outline;
}

export async function latestPointStart(db: PgExecutor, pipelineId: string, point: string): Promise<{ runId: string; seq: number } | null> {
  const [row] = await db
    .select({ runId: runEvents.runId, seq: runEvents.seq })
    .from(runEvents)
    .innerJoin(runs, eq(runs.id, runEvents.runId))
    .where(and(eq(runs.pipelineId, pipelineId), eq(runEvents.type, "point.start"), eq(runEvents.point, point)))
    .orderBy(desc(runs.createdAt), desc(runEvents.seq))
    .limit(1);
  return row ?? null;
}
