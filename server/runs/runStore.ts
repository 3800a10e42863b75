import { and, asc, count, desc, eq, gt, inArray, lte, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { runEvents, runs, type RunRow } from "../../db/schema";
import type { ExpectationReport } from "../../core/expectations/types";
import type { Scenario } from "../../core/pipeline/schema";
import type { RunSummary } from "../../core/run/hookStatus";
import type { EncodedTraceEvent, TraceEvent } from "../../core/trace/events";
import { resolveTrace } from "../../core/trace/resolve";
import { appendToOutline, emptyOutline, outlineEntryOf, type TraceOutline } from "../../core/run/outline";

/**
 * Database access for runs and their events (append-only). Events are stored as they are written
 * (hookwright.trace/v2: large fields as deltas, never expanded here); runs recorded before v2 are
 * v1 traces, which read as v2 without deltas. Readers of single events get them as stored and
 * resolve (core/trace/resolve); {@link readAllEvents} resolves whole traces.
 */

export function insertRun(
  db: DbExecutor,
  row: { id: string; pipelineId: string; revision: number; scenario: Scenario; rerunOf: string | null; point?: string | null },
): void {
  db.insert(runs)
    .values({ id: row.id, pipelineId: row.pipelineId, revision: row.revision, scenarioName: row.scenario.name, scenario: row.scenario, rerunOf: row.rerunOf, point: row.point ?? null })
    .run();
}

/** Stores the scenario's expectations checked against the finished run (with the pass/fail counts the list shows). */
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

export function appendEvent(db: DbExecutor, runId: string, event: EncodedTraceEvent): void {
  let statement = appendStatements.get(db);
  if (!statement) appendStatements.set(db, (statement = prepareAppendEvent(db)));
  statement.run({ runId, seq: event.seq, ...outlineEntryOf(event), data: JSON.stringify(event) });
}

export function finishRun(
  db: DbExecutor,
  runId: string,
  outcome: { summary: RunSummary; failure: string | null },
): void {
  db.update(runs)
    .set({
      status: outcome.failure === null ? "finished" : "failed",
      failure: outcome.failure,
      exitReason: outcome.summary.exitReason,
      eventCount: outcome.summary.events,
      hooksChanged: outcome.summary.hooksChanged,
      errors: outcome.summary.errors,
      finishedAt: new Date(),
    })
    .where(eq(runs.id, runId))
    .run();
}

/** Runs left "running" by a server that stopped: they will never finish. */
export function failAbandonedRuns(db: DbExecutor, activeIds: ReadonlySet<string>): void {
  const stale = db.select({ id: runs.id }).from(runs).where(eq(runs.status, "running")).all();
  for (const { id } of stale) {
    if (activeIds.has(id)) continue;
    db.update(runs).set({ status: "failed", failure: "the server stopped while this run was in progress" }).where(eq(runs.id, id)).run();
  }
}

export function getRunRow(db: DbExecutor, runId: string): RunRow | undefined {
  return db.select().from(runs).where(eq(runs.id, runId)).get();
}

export function listRunRows(db: DbExecutor, pipelineId: string, limit: number): RunRow[] {
  return db.select().from(runs).where(eq(runs.pipelineId, pipelineId)).orderBy(desc(runs.createdAt), desc(runs.id)).limit(limit).all();
}

/** How many model requests each run made (runs without any are absent), for the run list. */
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

/** Events with `afterSeq < seq`, in order, at most `limit`, as stored (fields may be deltas). */
export function readEvents(db: DbExecutor, runId: string, range: { afterSeq: number; limit: number }): EncodedTraceEvent[] {
  return db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, range.afterSeq)))
    .orderBy(asc(runEvents.seq))
    .limit(range.limit)
    .all()
    .map((r) => JSON.parse(r.data) as EncodedTraceEvent);
}

/** Events with `afterSeq < seq <= toSeq`, as stored. */
export function readEventsUpTo(db: DbExecutor, runId: string, range: { afterSeq: number; toSeq: number }): EncodedTraceEvent[] {
  return db
    .select({ data: runEvents.data })
    .from(runEvents)
    .where(and(eq(runEvents.runId, runId), gt(runEvents.seq, range.afterSeq), lte(runEvents.seq, range.toSeq)))
    .orderBy(asc(runEvents.seq))
    .all()
    .map((r) => JSON.parse(r.data) as EncodedTraceEvent);
}

/** The whole trace as stored. */
export function readAllStoredEvents(db: DbExecutor, runId: string): EncodedTraceEvent[] {
  return readEvents(db, runId, { afterSeq: 0, limit: Number.MAX_SAFE_INTEGER });
}

/**
 * The whole trace resolved: every field in full, unchanged parts shared between events (so a
 * 19 MB conversation is held once, not once per event).
 *
 * @throws {TraceDeltaError} when a stored delta does not resolve
 */
export function readAllEvents(db: DbExecutor, runId: string): TraceEvent[] {
  return resolveTrace(readAllStoredEvents(db, runId));
}

/** The outline of a stored trace, built from the denormalised columns (no event bodies are read). */
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
