import { sql, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { Pipeline as PipelineDocument } from "../core/pipeline/schema";

/*
 * One schema file for the whole app (style.md R9). Other parts add their tables here
 * (runs, run_events, ...) and regenerate migrations with `npm run db:generate`.
 *
 * Timestamps are milliseconds so "last edited" orders edits made within the same second.
 */

const nowMs = sql`(cast(unixepoch('subsec') * 1000 as integer))`;

export const pipelines = sqliteTable("pipelines", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  profile: text("profile").notNull(),
  /** The newest revision; always equals the highest `pipeline_revisions.revision` of this pipeline. */
  headRevision: integer("head_revision").notNull(),
  /** Denormalised from the head document so the list never parses documents. */
  hookCount: integer("hook_count").notNull().default(0),
  createdAt: integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
  updatedAt: integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date())
    .$onUpdate(() => new Date()),
});
export type PipelineRow = InferSelectModel<typeof pipelines>;
export type NewPipelineRow = InferInsertModel<typeof pipelines>;

/** Every save appends a row; rows are never updated, so any revision can be reopened or run. */
export const pipelineRevisions = sqliteTable(
  "pipeline_revisions",
  {
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    /** The full `hookwright.pipeline/v1` document, already validated by `pipelineSchema`. */
    document: text("document", { mode: "json" }).$type<PipelineDocument>().notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(nowMs)
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.pipelineId, t.revision] })],
);
export type PipelineRevisionRow = InferSelectModel<typeof pipelineRevisions>;

/** Small key/value facts about this database, e.g. which examples were already seeded. */
export const meta = sqliteTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
