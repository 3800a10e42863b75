import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { ExpectationReport } from "../../core/expectations/types";
import type { RunSummary } from "../../core/run/hookStatus";
import { appendToOutline, emptyOutline, outlineEntryOf, type TraceOutline } from "../../core/run/outline";
import type { EncodedTraceEvent } from "../../core/trace/events";
import type { DbExecutor } from "../client";
import { approvalRequests, runEvents, runs, type RunRow } from "../schema";
import { finishedRunValues } from "../rowValues";
import type { NewRun, RunRecord } from "../store";

/*
 * The SQLite run store: runs and their events (append-only), synchronous; each public function
 * one statement or one transaction. Events are stored as written (hookwright.trace/v2: large
 * fields as deltas); runs recorded before v2 are v1 traces, which read as v2 without deltas.
 */

const asRecord = (row: RunRow): RunRecord => row;

export function insertRun(db: DbExecutor, row: NewRun): void {
  db.insert(runs)
    .values({ id: row.id, pipelineId: row.pipelineId, revision: row.revision, scenarioName: row.scenario.name, scenario: row.scenario, rerunOf: row.rerunOf, point: row.point ?? null })
    .run();
}

export function recordExpectations(db: DbExecutor, runId: string, report: ExpectationReport): void {
  db.update(runs).set({ expectations: report, expectationsPassed: report.passed, expectationsFailed: report.failed }).where(eq(runs.id, runId)).run();
}

function prepareAppendEvent(db: DbExecutor) {
  const p = (name: string) => sql.placeholder(name);
  return db
    .insert(runEvents)
    .values({ runId: p("runId"), seq: p("seq"), type: p("type"), point: p("point"), hookId: p("hookId"), edge: p("edge"), status: p("status"), data: p("data") })
    .prepare();
}

/** One prepared insert per database handle: events are the hottest write, and building and preparing the query each time cost more than the insert. */
const appendStatements = new WeakMap<DbExecutor, ReturnType<typeof prepareAppendEvent>>();

/** SQLite refused an event because its run is no longer there (deleted with its pipeline). */
function isRunGone(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Appends events in one transaction; false (nothing written) when the run is gone. */
export function appendEvents(db: DbExecutor, runId: string, events: readonly EncodedTraceEvent[]): boolean {
  let statement = appendStatements.get(db);
  if (!statement) appendStatements.set(db, (statement = prepareAppendEvent(db)));
  const insert = statement;
  const write = () => {
    for (const event of events) insert.run({ runId, seq: event.seq, ...outlineEntryOf(event), data: JSON.stringify(event) });
  };
  try {
    // A single event needs no transaction of its own (one statement is atomic).
    if (events.length === 1) write();
    else db.transaction(write);
    return true;
  } catch (error) {
    if (isRunGone(error)) return false;
    throw error;
  }
}

export function finishRun(db: DbExecutor, runId: string, outcome: { summary: RunSummary; failure: string | null }): void {
  db.update(runs)
    .set(finishedRunValues(outcome))
    .where(eq(runs.id, runId))
    .run();
}

/** Runs left "running" by a server that stopped will never finish; a run parked at a pending approval resumes when answered. */
export function failAbandonedRuns(db: DbExecutor): void {
  db.transaction((tx) => {
    const parked = new Set(tx.select({ runId: approvalRequests.runId }).from(approvalRequests).where(eq(approvalRequests.status, "pending")).all().map((r) => r.runId));
    const stale = tx.select({ id: runs.id }).from(runs).where(eq(runs.status, "running")).all();
    for (const { id } of stale) {
      if (parked.has(id)) continue;
      tx.update(runs).set({ status: "failed", failure: "the server stopped while this run was in progress" }).where(eq(runs.id, id)).run();
    }
  });
}

export function getRunRow(db: DbExecutor, runId: string): RunRecord | undefined {
  const row = db.select().from(runs).where(eq(runs.id, runId)).get();
  return row && asRecord(row);
}

export function listRunRows(db: DbExecutor, pipelineId: string, limit: number): RunRecord[] {
  return db.select().from(runs).where(eq(runs.pipelineId, pipelineId)).orderBy(desc(runs.createdAt), desc(runs.id)).limit(limit).all().map(asRecord);
}

export function countModelCalls(db: DbExecutor, runIds: readonly string[]): Map<string, number> {
  if (runIds.length === 0) return new Map();
  const rows = db
    .select({ runId: runEvents.runId, calls: count() })
    .from(runEvents)
    .where(and(inArray(runEvents.runId, [...runIds]), eq(runEvents.type, "model.request")))
    .groupBy(runEvents.runId)
    .all();
  return new Map(rows.map((r) => [r.runId, r.calls]));
}

const parse = (r: { data: string }) => JSON.parse(r.data) as EncodedTraceEvent;

export function readEvents(db: DbExecutor, runId: string, range: { afterSeq: number; limit: number }): EncodedTraceEvent[] {
  return db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, range.afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(range.limit)
    .all()
    .map(parse);
}

export function readEventsUpTo(db: DbExecutor, runId: string, range: { afterSeq: number; toSeq: number }): EncodedTraceEvent[] {
  return db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, range.afterSeq), lte(runEvents.seq, range.toSeq)))
    .orderBy(asc(runEvents.seq))
    .all()
    .map(parse);
}

export function readEventsOfType(db: DbExecutor, runId: string, type: string): EncodedTraceEvent[] {
  return db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), eq(runEvents.type, type)))
    .orderBy(asc(runEvents.seq))
    .all()
    .map(parse);
}

export function readOutline(db: DbExecutor, runId: string): TraceOutline {
  const rows = db
    .select({ type: runEvents.type, point: runEvents.point, hookId: runEvents.hookId, edge: runEvents.edge, status: runEvents.status })
    .from(runEvents)
    .where(eq(runEvents.runId, runId))
    .orderBy(asc(runEvents.seq))
    .all();
  const outline = emptyOutline();
  for (const r of rows) appendToOutline(outline, r);
  return outline;
}

export function latestPointStart(db: DbExecutor, pipelineId: string, point: string): { runId: string; seq: number } | null {
  return (
    db
      .select({ runId: runEvents.runId, seq: runEvents.seq })
      .from(runEvents)
      .innerJoin(runs, eq(runs.id, runEvents.runId))
      .where(and(eq(runs.pipelineId, pipelineId), eq(runEvents.type, "point.start"), eq(runEvents.point, point)))
      .orderBy(desc(runs.createdAt), desc(runEvents.seq))
      .limit(1)
      .get() ?? null
  );
}
