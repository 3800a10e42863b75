import { randomUUID } from "node:crypto";
import { and, desc, eq, lt } from "drizzle-orm";
import type { PipelineInput, Pipeline as PipelineDocument } from "../../core/pipeline/schema";
import { describeRevision, summarizeRevision } from "../../core/revisions/summarize";
import type { DbExecutor } from "../client";
import { copyName, seededKey, validateDocument } from "../pipelineDocument";
import { PipelineStoreError } from "../pipelineStoreError";
import { meta, pipelineRevisions, pipelines, type PipelineRow } from "../schema";
import type { PipelineAtRevision, PipelineSummary, RevisionEntry, SeedResult } from "../store";

/*
 * The SQLite pipeline store: synchronous better-sqlite3 queries, each public function one
 * transaction (db/sqlite/sqliteStore.ts wraps them in the async port of db/store.ts).
 * Writes that check before writing take the write lock first (IMMEDIATE), so two saves,
 * even from two processes, cannot both pass the check.
 */

function summaryOf(row: PipelineRow): PipelineSummary {
  return { id: row.id, name: row.name, profile: row.profile, hookCount: row.hookCount, headRevision: row.headRevision, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

function requireRow(db: DbExecutor, id: string): PipelineRow {
  const row = db.select().from(pipelines).where(eq(pipelines.id, id)).get();
  if (!row) throw new PipelineStoreError("NOT_FOUND", `There is no pipeline with id "${id}"; it may have been deleted.`);
  return row;
}

export function listPipelines(db: DbExecutor): PipelineSummary[] {
  return db.select().from(pipelines).orderBy(desc(pipelines.updatedAt), pipelines.name).all().map(summaryOf);
}

export function getRevision(db: DbExecutor, args: { id: string; revision: number }): PipelineAtRevision {
  const row = requireRow(db, args.id);
  const rev = db
    .select()
    .from(pipelineRevisions)
    .where(and(eq(pipelineRevisions.pipelineId, args.id), eq(pipelineRevisions.revision, args.revision)))
    .get();
  if (!rev) {
    throw new PipelineStoreError(
      "REVISION_NOT_FOUND",
      `Pipeline "${row.name}" has no revision ${args.revision} (revisions are 1 to ${row.headRevision}).`,
    );
  }
  return { id: row.id, revision: rev.revision, headRevision: row.headRevision, document: rev.document, revisionCreatedAt: rev.createdAt, updatedAt: row.updatedAt };
}

export function getPipeline(db: DbExecutor, id: string): PipelineAtRevision {
  // One read transaction so the head and its document cannot come from different saves.
  return db.transaction((tx) => getRevision(tx, { id, revision: requireRow(tx, id).headRevision }));
}

function insertPipeline(db: DbExecutor, document: PipelineDocument): PipelineAtRevision {
  const id = randomUUID();
  db.insert(pipelines).values({ id, name: document.name, profile: document.profile, headRevision: 1, hookCount: document.hooks.length }).run();
  db.insert(pipelineRevisions).values({ pipelineId: id, revision: 1, document }).run();
  return getRevision(db, { id, revision: 1 });
}

export function createPipeline(db: DbExecutor, document: unknown): PipelineAtRevision {
  const valid = validateDocument(document);
  return db.transaction((tx) => insertPipeline(tx, valid));
}

/** The head check and the insert in one IMMEDIATE transaction. */
export function saveRevision(db: DbExecutor, args: { id: string; baseRevision: number; document: unknown }): PipelineAtRevision {
  const valid = validateDocument(args.document);
  return db.transaction(
    (tx) => {
      const row = requireRow(tx, args.id);
      if (row.headRevision !== args.baseRevision) {
        throw new PipelineStoreError(
          "CONFLICT",
          `This pipeline was changed elsewhere (revision ${row.headRevision}); yours is based on ${args.baseRevision}. Reload or save as a copy.`,
          { headRevision: row.headRevision },
        );
      }
      return appendRevision(tx, row, valid);
    },
    { behavior: "immediate" },
  );
}

function appendRevision(tx: DbExecutor, row: PipelineRow, document: PipelineDocument): PipelineAtRevision {
  const revision = row.headRevision + 1;
  tx.insert(pipelineRevisions).values({ pipelineId: row.id, revision, document }).run();
  tx.update(pipelines)
    .set({ name: document.name, profile: document.profile, headRevision: revision, hookCount: document.hooks.length, updatedAt: new Date() })
    .where(eq(pipelines.id, row.id))
    .run();
  return getRevision(tx, { id: row.id, revision });
}

export function renamePipeline(db: DbExecutor, args: { id: string; name: string; baseRevision?: number }): PipelineAtRevision {
  return db.transaction(
    (tx) => {
      const head = getPipeline(tx, args.id);
      return saveRevision(tx, { id: args.id, baseRevision: args.baseRevision ?? head.headRevision, document: { ...head.document, name: args.name } });
    },
    { behavior: "immediate" },
  );
}

export function duplicatePipeline(db: DbExecutor, args: { id: string; name?: string }): PipelineAtRevision {
  return db.transaction(
    (tx) => {
      const source = getPipeline(tx, args.id).document;
      const name = args.name ?? copyName(source.name);
      return insertPipeline(tx, validateDocument({ ...source, name }));
    },
    { behavior: "immediate" },
  );
}

/** The foreign keys cascade: revisions, runs, events and approvals go with it. */
export function deletePipeline(db: DbExecutor, id: string): { id: string; name: string } {
  return db.transaction(
    (tx) => {
      const row = requireRow(tx, id);
      tx.delete(pipelines).where(eq(pipelines.id, id)).run();
      return { id, name: row.name };
    },
    { behavior: "immediate" },
  );
}

export function listRevisions(db: DbExecutor, args: { id: string; limit: number; before?: number }): RevisionEntry[] {
  return db.transaction((tx) => {
    getPipeline(tx, args.id);
    // One more than asked: the oldest entry's changes are against the revision just before it.
    const rows = tx
      .select()
      .from(pipelineRevisions)
      .where(args.before === undefined ? eq(pipelineRevisions.pipelineId, args.id) : and(eq(pipelineRevisions.pipelineId, args.id), lt(pipelineRevisions.revision, args.before)))
      .orderBy(desc(pipelineRevisions.revision))
      .limit(args.limit + 1)
      .all();
    return rows.slice(0, args.limit).map((row, i) => {
      const previous = rows[i + 1];
      const changes = summarizeRevision(previous && previous.revision === row.revision - 1 ? previous.document : null, row.document);
      return { revision: row.revision, createdAt: row.createdAt, changes, summary: describeRevision(changes) };
    });
  });
}

export function restoreRevision(db: DbExecutor, args: { id: string; revision: number; baseRevision?: number }): PipelineAtRevision {
  return db.transaction(
    (tx) => {
      const head = getPipeline(tx, args.id);
      const old = getRevision(tx, { id: args.id, revision: args.revision });
      return saveRevision(tx, { id: args.id, baseRevision: args.baseRevision ?? head.headRevision, document: old.document });
    },
    { behavior: "immediate" },
  );
}

export function documentAt(db: DbExecutor, args: { pipelineId: string; revision?: number }): { pipeline: PipelineDocument; revision: number } | null {
  const { pipelineId, revision } = args;
  const row = db
    .select()
    .from(pipelineRevisions)
    .where(revision === undefined ? eq(pipelineRevisions.pipelineId, pipelineId) : and(eq(pipelineRevisions.pipelineId, pipelineId), eq(pipelineRevisions.revision, revision)))
    .orderBy(desc(pipelineRevisions.revision))
    .limit(1)
    .get();
  return row ? { pipeline: row.document, revision: row.revision } : null;
}

export function seedExamples(db: DbExecutor, examples: readonly PipelineInput[]): SeedResult {
  const result: SeedResult = { seeded: [], skipped: [] };
  // IMMEDIATE: two processes starting at once must not both see "not seeded yet".
  db.transaction(
    (tx) => {
      for (const example of examples) {
        const key = seededKey(example.name);
        if (tx.select().from(meta).where(eq(meta.key, key)).get()) continue;
        try {
          createPipeline(tx, example);
        } catch (error) {
          if (!(error instanceof PipelineStoreError)) throw error;
          result.skipped.push({ name: example.name, reason: error.message });
          continue;
        }
        tx.insert(meta).values({ key, value: new Date().toISOString() }).run();
        result.seeded.push(example.name);
      }
    },
    { behavior: "immediate" },
  );
  return result;
}
