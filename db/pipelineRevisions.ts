import { and, desc, eq, lt } from "drizzle-orm";
import { describeRevision, summarizeRevision, type RevisionChanges } from "../core/revisions/summarize";
import type { DbExecutor } from "./client";
import { getPipeline, getRevision, saveRevision, type PipelineAtRevision } from "./pipelineStore";
import { pipelineRevisions } from "./schema";

/** One entry of a pipeline's history. */
export interface RevisionEntry {
  revision: number;
  createdAt: Date;
  changes: RevisionChanges;
  /** The changes in plain words, one line per kind; [] for a save that changed nothing. */
  summary: string[];
}

/**
 * A pipeline's revisions, newest first, each with what it changed against the one before it.
 * `before` pages back: only revisions older than it.
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND` when there is no such pipeline.
 */
export function listRevisions(db: DbExecutor, args: { id: string; limit: number; before?: number }): RevisionEntry[] {
  getPipeline(db, args.id);
  // One more than asked: the oldest entry's changes are against the revision just before it.
  const rows = db
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
}

/**
 * Saves revision `revision`'s document as a new head revision (history is never rewritten).
 * With `baseRevision`, refuses like {@link saveRevision} when someone saved since.
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND`, `REVISION_NOT_FOUND`, `CONFLICT`.
 */
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
