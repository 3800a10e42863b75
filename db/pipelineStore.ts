import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { describeIssues, parsePipeline } from "../core/pipeline/parsePipeline";
import type { PipelineInput, Pipeline as PipelineDocument } from "../core/pipeline/schema";
import { withDefaultScenario } from "../core/profiles/scenarios";
import type { DbExecutor } from "./client";
import { isKnownProfile, unknownProfileMessage } from "./knownProfiles";
import { PipelineStoreError } from "./pipelineStoreError";
import { pipelineRevisions, pipelines, type PipelineRow } from "./schema";

/** One row of the pipelines list. */
export interface PipelineSummary {
  id: string;
  name: string;
  profile: string;
  hookCount: number;
  headRevision: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A pipeline at one revision (the head unless a revision was asked for). */
export interface PipelineAtRevision {
  id: string;
  /** The revision `document` is. */
  revision: number;
  /** The newest revision right now; a save must be based on it. */
  headRevision: number;
  document: PipelineDocument;
  revisionCreatedAt: Date;
  updatedAt: Date;
}

/** Names are capped by the document format (`pipelineSchema.name`). */
const MAX_NAME = 200;

function summaryOf(row: PipelineRow): PipelineSummary {
  return {
    id: row.id,
    name: row.name,
    profile: row.profile,
    hookCount: row.hookCount,
    headRevision: row.headRevision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Validates an untrusted document against the pipeline format and the known profiles.
 *
 * @throws {@link PipelineStoreError} `INVALID_DOCUMENT` with field issues, or `UNKNOWN_PROFILE`.
 */
export function validateDocument(value: unknown): PipelineDocument {
  const parsed = parsePipeline(value);
  if (!parsed.ok) {
    throw new PipelineStoreError("INVALID_DOCUMENT", describeIssues(parsed.issues), { issues: parsed.issues });
  }
  assertKnownProfile(parsed.value.profile, "profile");
  return parsed.value;
}

function assertKnownProfile(profile: string, path: string): void {
  if (isKnownProfile(profile)) return;
  const message = unknownProfileMessage(profile);
  throw new PipelineStoreError("UNKNOWN_PROFILE", `${path}: ${message}`, { issues: [{ path, message }] });
}

/** The document of a new pipeline: no hooks, and the profile's default scenario, so it runs at once. */
export function blankDocument(name: string, profile: string): PipelineDocument {
  assertKnownProfile(profile, "profile");
  return withDefaultScenario(validateDocument({ format: "hookwright.pipeline/v1", name, profile }));
}

function requireRow(db: DbExecutor, id: string): PipelineRow {
  const row = db.select().from(pipelines).where(eq(pipelines.id, id)).get();
  if (!row) throw new PipelineStoreError("NOT_FOUND", `There is no pipeline with id "${id}"; it may have been deleted.`);
  return row;
}

/** All pipelines, most recently edited first. */
export function listPipelines(db: DbExecutor): PipelineSummary[] {
  return db.select().from(pipelines).orderBy(desc(pipelines.updatedAt), pipelines.name).all().map(summaryOf);
}

/**
 * Reads one revision of a pipeline.
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND` (no such pipeline) or `REVISION_NOT_FOUND`.
 */
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
  return {
    id: row.id,
    revision: rev.revision,
    headRevision: row.headRevision,
    document: rev.document,
    revisionCreatedAt: rev.createdAt,
    updatedAt: row.updatedAt,
  };
}

/**
 * Reads the latest revision of a pipeline.
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND` when there is no such pipeline.
 */
export function getPipeline(db: DbExecutor, id: string): PipelineAtRevision {
  // One read transaction so the head and its document cannot come from different saves.
  return db.transaction((tx) => getRevision(tx, { id, revision: requireRow(tx, id).headRevision }));
}

function insertPipeline(db: DbExecutor, document: PipelineDocument): PipelineAtRevision {
  const id = randomUUID();
  db.insert(pipelines)
    .values({
      id,
      name: document.name,
      profile: document.profile,
      headRevision: 1,
      hookCount: document.hooks.length,
    })
    .run();
  db.insert(pipelineRevisions).values({ pipelineId: id, revision: 1, document }).run();
  return getRevision(db, { id, revision: 1 });
}

/**
 * Creates a pipeline whose revision 1 is `document`, as given (a document that says it has no
 * scenarios keeps none; {@link blankDocument} is what "New pipeline" starts from).
 *
 * @throws {@link PipelineStoreError} `INVALID_DOCUMENT` or `UNKNOWN_PROFILE`.
 */
export function createPipeline(db: DbExecutor, document: unknown): PipelineAtRevision {
  const valid = validateDocument(document);
  return db.transaction((tx) => insertPipeline(tx, valid));
}

/**
 * Appends a revision, provided nobody saved since `baseRevision`.
 *
 * The head check and the insert happen in one IMMEDIATE transaction: it takes the write
 * lock before reading, so two saves (even from two processes) cannot both pass the check.
 *
 * @returns the pipeline at its new head revision.
 * @throws {@link PipelineStoreError} `CONFLICT` when the head moved past `baseRevision`;
 *   `NOT_FOUND`; `INVALID_DOCUMENT`/`UNKNOWN_PROFILE` for a bad document.
 * @example
 * const { revision } = saveRevision(db, { id, baseRevision: 4, document }); // 5
 */
export function saveRevision(
  db: DbExecutor,
  args: { id: string; baseRevision: number; document: unknown },
): PipelineAtRevision {
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
    .set({
      name: document.name,
      profile: document.profile,
      headRevision: revision,
      hookCount: document.hooks.length,
      updatedAt: new Date(),
    })
    .where(eq(pipelines.id, row.id))
    .run();
  return getRevision(tx, { id: row.id, revision });
}

/**
 * Renames a pipeline by appending a revision whose document carries the new name. Without
 * `baseRevision` it renames whatever the head is (the list page); with it, it conflicts
 * like {@link saveRevision}.
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND`, `CONFLICT`, `INVALID_DOCUMENT` (bad name).
 */
export function renamePipeline(
  db: DbExecutor,
  args: { id: string; name: string; baseRevision?: number },
): PipelineAtRevision {
  return db.transaction(
    (tx) => {
      const head = getPipeline(tx, args.id);
      return saveRevision(tx, {
        id: args.id,
        baseRevision: args.baseRevision ?? head.headRevision,
        document: { ...head.document, name: args.name },
      });
    },
    { behavior: "immediate" },
  );
}

/**
 * Copies the head document of a pipeline into a new pipeline (revision 1). The copy is
 * named `name`, or "<original> (copy)".
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND`.
 */
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

function copyName(name: string): string {
  const suffix = " (copy)";
  return name.slice(0, MAX_NAME - suffix.length) + suffix;
}

/**
 * Deletes a pipeline and all its revisions (the foreign keys cascade, so nothing is orphaned).
 *
 * @throws {@link PipelineStoreError} `NOT_FOUND`.
 */
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

/**
 * Creates a pipeline from one of the built-in examples (core/examples), named like it.
 *
 * @throws {@link PipelineStoreError} `UNKNOWN_EXAMPLE`.
 */
export function createPipelineFromExample(
  db: DbExecutor,
  args: { example: string; examples: readonly PipelineInput[] },
): PipelineAtRevision {
  const example = args.examples.find((e) => e.name === args.example);
  if (!example) {
    const message = `there is no example named "${args.example}"`;
    throw new PipelineStoreError("UNKNOWN_EXAMPLE", `example: ${message}`, { issues: [{ path: "example", message }] });
  }
  return createPipeline(db, example);
}
