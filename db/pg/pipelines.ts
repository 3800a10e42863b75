import { randomUUID } from "node:crypto";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import type { PipelineInput, Pipeline as PipelineDocument } from "../../core/pipeline/schema";
import { describeRevision, summarizeRevision } from "../../core/revisions/summarize";
import { copyName, seededKey, validateDocument } from "../pipelineDocument";
import { PipelineStoreError } from "../pipelineStoreError";
import type { PipelineAtRevision, PipelineSummary, RevisionEntry, SeedResult } from "../store";
import type { PgDb, PgExecutor } from "./client";
import { binaryOrder } from "./collation";
import { meta, pipelineRevisions, pipelines, type PipelineRevisionRow, type PipelineRow } from "./schema";

/*
 * The PostgreSQL pipeline store: the same queries as db/sqlite/pipelines.ts, each public function
 * one statement or one transaction. Where SQLite takes the database's write lock (IMMEDIATE), a
 * write here locks the pipeline's row (`SELECT … FOR UPDATE`) before checking its head: a second
 * save, from any instance, waits for the first to commit and then reads the new head, so exactly
 * one of two saves on the same base passes the check.
 */

function summaryOf(row: PipelineRow): PipelineSummary {
  return { id: row.id, name: row.name, profile: row.profile, hookCount: row.hookCount, headRevision: row.headRevision, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function atRevision(row: PipelineRow, rev: PipelineRevisionRow): PipelineAtRevision {
  return { id: row.id, revision: rev.revision, headRevision: row.headRevision, document: rev.document, revisionCreatedAt: rev.createdAt, updatedAt: row.updatedAt };
}

const notFound = (id: string) => new PipelineStoreError("NOT_FOUND", `There is no pipeline with id "${id}"; it may have been deleted.`);

/** The pipeline's row, locked for this transaction when `lock` (writers), else as of now. */
async function requireRow(db: PgExecutor, id: string, lock = false): Promise<PipelineRow> {
  const query = db.select().from(pipelines).where(eq(pipelines.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(id);
  return row;
}

async function revisionOf(db: PgExecutor, row: PipelineRow, revision: number): Promise<PipelineRevisionRow> {
  const [rev] = await db
    .select()
    .from(pipelineRevisions)
    .where(and(eq(pipelineRevisions.pipelineId, row.id), eq(pipelineRevisions.revision, revision)));
  if (!rev) {
    throw new PipelineStoreError("REVISION_NOT_FOUND", `Pipeline "${row.name}" has no revision ${revision} (revisions are 1 to ${row.headRevision}).`);
  }
  return rev;
}

export async function listPipelines(db: PgExecutor): Promise<PipelineSummary[]> {
  return (await db.select().from(pipelines).orderBy(desc(pipelines.updatedAt), binaryOrder(pipelines.name))).map(summaryOf);
}

export async function getRevision(db: PgExecutor, args: { id: string; revision: number }): Promise<PipelineAtRevision> {
  const row = await requireRow(db, args.id);
  return atRevision(row, await revisionOf(db, row, args.revision));
}

/** The head and its document in one statement, so they cannot come from different saves. */
export async function getPipeline(db: PgExecutor, id: string): Promise<PipelineAtRevision> {
  const [found] = await db
    .select()
    .from(pipelines)
    .innerJoin(pipelineRevisions, and(eq(pipelineRevisions.pipelineId, pipelines.id), eq(pipelineRevisions.revision, pipelines.headRevision)))
    .where(eq(pipelines.id, id));
  if (!found) throw notFound(id);
  return atRevision(found.pipelines, found.pipeline_revisions);
}

async function insertPipeline(tx: PgExecutor, document: PipelineDocument): Promise<PipelineAtRevision> {
  const id = randomUUID();
  const [row] = await tx.insert(pipelines).values({ id, name: document.name, profile: document.profile, headRevision: 1, hookCount: document.hooks.length }).returning();
  const [rev] = await tx.insert(pipelineRevisions).values({ pipelineId: id, revision: 1, document }).returning();
  if (!row || !rev) throw new Error(`hookwright: PostgreSQL returned no row for the new pipeline ${id}`);
  return atRevision(row, rev);
}

export async function createPipeline(db: PgDb, document: unknown): Promise<PipelineAtRevision> {
  const valid = validateDocument(document);
  return db.transaction((tx) => insertPipeline(tx, valid));
}

function requireBase(row: PipelineRow, baseRevision: number): void {
  if (row.headRevision !== baseRevision) {
    throw new PipelineStoreError(
      "CONFLICT",
      `This pipeline was changed elsewhere (revision ${row.headRevision}); yours is based on ${baseRevision}. Reload or save as a copy.`,
      { headRevision: row.headRevision },
    );
  }
}

/** Inserts the next revision and moves the head to it; `row` is locked by the caller's transaction. */
async function appendRevision(tx: PgExecutor, row: PipelineRow, document: PipelineDocument): Promise<PipelineAtRevision> {
  const revision = row.headRevision + 1;
  const [rev] = await tx.insert(pipelineRevisions).values({ pipelineId: row.id, revision, document }).returning();
  const [head] = await tx
    .update(pipelines)
    .set({ name: document.name, profile: document.profile, headRevision: revision, hookCount: document.hooks.length, updatedAt: new Date() })
    .where(eq(pipelines.id, row.id))
    .returning();
  if (!rev || !head) throw new Error(`hookwright: PostgreSQL returned no row for revision ${revision} of ${row.id}`);
  return atRevision(head, rev);
}

/** The row lock, the head check and the insert in one transaction. */
export async function saveRevision(db: PgDb, args: { id: string; baseRevision: number; document: unknown }): Promise<PipelineAtRevision> {
  const valid = validateDocument(args.document);
  return db.transaction(async (tx) => {
    const row = await requireRow(tx, args.id, true);
    requireBase(row, args.baseRevision);
    return appendRevision(tx, row, valid);
  });
}

/** Saves `documentOf(head)` as a new revision, based on `baseRevision` or whatever the head is, under the row lock. */
async function saveDerived(db: PgDb, id: string, baseRevision: number | undefined, documentOf: (tx: PgExecutor, row: PipelineRow) => Promise<unknown>): Promise<PipelineAtRevision> {
  return db.transaction(async (tx) => {
    const row = await requireRow(tx, id, true);
    const valid = validateDocument(await documentOf(tx, row));
    requireBase(row, baseRevision ?? row.headRevision);
    return appendRevision(tx, row, valid);
  });
}

export async function renamePipeline(db: PgDb, args: { id: string; name: string; baseRevision?: number }): Promise<PipelineAtRevision> {
  return saveDerived(db, args.id, args.baseRevision, async (tx, row) => ({ ...(await revisionOf(tx, row, row.headRevision)).document, name: args.name }));
}

export async function restoreRevision(db: PgDb, args: { id: string; revision: number; baseRevision?: number }): Promise<PipelineAtRevision> {
  return saveDerived(db, args.id, args.baseRevision, async (tx, row) => (await revisionOf(tx, row, args.revision)).document);
}

export async function duplicatePipeline(db: PgDb, args: { id: string; name?: string }): Promise<PipelineAtRevision> {
  return db.transaction(async (tx) => {
    const source = (await getPipeline(tx, args.id)).document;
    return insertPipeline(tx, validateDocument({ ...source, name: args.name ?? copyName(source.name) }));
  });
}

/** One statement; the foreign keys cascade: revisions, runs, events and approvals go with it. */
export async function deletePipeline(db: PgExecutor, id: string): Promise<{ id: string; name: string }> {
  const [gone] = await db.delete(pipelines).where(eq(pipelines.id, id)).returning({ name: pipelines.name });
  if (!gone) throw notFound(id);
  return { id, name: gone.name };
}

export async function listRevisions(db: PgExecutor, args: { id: string; limit: number; before?: number }): Promise<RevisionEntry[]> {
  await requireRow(db, args.id);
  // One more than asked: the oldest entry's changes are against the revision just before it.
  // Revisions are never changed once written, so no transaction is needed around the two reads.
  const rows = await db
    .select()
    .from(pipelineRevisions)
    .where(args.before === undefined ? eq(pipelineRevisions.pipelineId, args.id) : and(eq(pipelineRevisions.pipelineId, args.id), lt(pipelineRevisions.revision, args.before)))
    .orderBy(desc(pipelineRevisions.revision))
    .limit(args.limit + 1);
  return rows.slice(0, args.limit).map((row, i) => {
    const previous = rows[i + 1];
    const changes = summarizeRevision(previous && previous.revision === row.revision - 1 ? previous.document : null, row.document);
    return { revision: row.revision, createdAt: row.createdAt, changes, summary: describeRevision(changes) };
  });
}

export async function documentAt(db: PgExecutor, args: { pipelineId: string; revision?: number }): Promise<{ pipeline: PipelineDocument; revision: number } | null> {
  const { pipelineId, revision } = args;
  const [row] = await db
    .select()
    .from(pipelineRevisions)
    .where(revision === undefined ? eq(pipelineRevisions.pipelineId, pipelineId) : and(eq(pipelineRevisions.pipelineId, pipelineId), eq(pipelineRevisions.revision, revision)))
    .orderBy(desc(pipelineRevisions.revision))
    .limit(1);
  return row ? { pipeline: row.document, revision: row.revision } : null;
}

/** `pg_advisory_xact_lock` key for seeding ("hwseed" in ASCII; migrations use another). */
export const SEED_LOCK_KEY = 0x687773656564n;

export async function seedExamples(db: PgDb, examples: readonly PipelineInput[]): Promise<SeedResult> {
  // Two instances starting together must not both see "not seeded yet": the second waits here
  // for the first to commit, then finds every example in meta.
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY.toString()}::bigint)`);
    const result: SeedResult = { seeded: [], skipped: [] };
    for (const example of examples) {
      const key = seededKey(example.name);
      if ((await tx.select().from(meta).where(eq(meta.key, key))).length > 0) continue;
      let valid: PipelineDocument;
      try {
        valid = validateDocument(example);
      } catch (error) {
        if (!(error instanceof PipelineStoreError)) throw error;
        result.skipped.push({ name: example.name, reason: error.message });
        continue;
      }
      await insertPipeline(tx, valid);
      await tx.insert(meta).values({ key, value: new Date().toISOString() });
      result.seeded.push(example.name);
    }
    return result;
  });
}
