import { sql, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import { customType, index, integer, json, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import type { ExpectationReport } from "../../core/expectations/types";
import type { Pipeline as PipelineDocument, Scenario as ScenarioDocument } from "../../core/pipeline/schema";

/*
 * The PostgreSQL twin of db/schema.ts (team mode, DATABASE_URL=postgres://…): the same tables,
 * the same column names, the same keys, indexes and ON DELETE rules, so one domain layer and
 * the same drizzle queries serve both stores. db/schemaParity.test.ts fails when the two drift;
 * change both files together and regenerate both migrations (`npm run db:generate` and
 * `npx drizzle-kit generate --config drizzle.pg.config.ts`).
 *
 * Type choices, each made so drizzle hands the domain layer the same JS values as on SQLite:
 * - Timestamps are `bigint` milliseconds since the epoch, exactly what the SQLite file stores,
 *   read and written as `Date` (see `msTimestamp`). A copied row keeps its value bit for bit, and
 *   any `sql` fragment comparing a timestamp column with a number of milliseconds means the same
 *   on both stores. (`timestamptz` would read nicer in psql, but microsecond rounding and a
 *   different literal type are two ways for the dialects to disagree, for no gain here.)
 * - JSON documents are `json`, not `jsonb`: drizzle returns the parsed object for both, but
 *   `jsonb` re-orders object keys (shorter keys first) and drops duplicates, so a pipeline
 *   document read back would serialise differently from the one saved, and exports and
 *   revision diffs would churn. `json` keeps the text as written, like SQLite's text column, and
 *   still rejects malformed JSON. Nothing queries inside these documents, so GIN indexes are moot.
 * - `run_events.data` is plain text on SQLite (parsed only when a page is read), so it is text here.
 * - Status enums stay `text` with drizzle's `enum` option (a TypeScript union, no CHECK), as on
 *   SQLite: a new status needs no `ALTER TYPE` migration, and neither store constrains more than the other.
 * - Counts and revisions are `integer` (int4): they stay far below 2^31.
 * - There are no booleans and no autoincrement ids in this schema (every id is an app-made text id).
 */

/** Milliseconds since the epoch in a `bigint` column, as `Date` in JS (SQLite's `timestamp_ms` mode). */
const msTimestamp = customType<{ data: Date; driverData: string | number }>({
  dataType: () => "bigint",
  toDriver: (value) => value.getTime(),
  // node-postgres returns int8 as a string (it may exceed 2^53); milliseconds never do.
  fromDriver: (value) => new Date(Number(value)),
});

/** The database's clock in milliseconds, like db/schema.ts's `nowMs`, for rows written by hand in SQL. */
const nowMs = sql`(floor(extract(epoch from now()) * 1000)::bigint)`;

export const pipelines = pgTable("pipelines", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  profile: text("profile").notNull(),
  headRevision: integer("head_revision").notNull(),
  hookCount: integer("hook_count").notNull().default(0),
  createdAt: msTimestamp("created_at")
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
  updatedAt: msTimestamp("updated_at")
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date())
    .$onUpdate(() => new Date()),
});
export type PipelineRow = InferSelectModel<typeof pipelines>;
export type NewPipelineRow = InferInsertModel<typeof pipelines>;

export const pipelineRevisions = pgTable(
  "pipeline_revisions",
  {
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    document: json("document").$type<PipelineDocument>().notNull(),
    createdAt: msTimestamp("created_at")
      .notNull()
      .default(nowMs)
      .$defaultFn(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.pipelineId, t.revision] })],
);
export type PipelineRevisionRow = InferSelectModel<typeof pipelineRevisions>;

export const meta = pgTable("meta", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export const runs = pgTable(
  "runs",
  {
    id: text("id").primaryKey(),
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    revision: integer("revision").notNull(),
    scenarioName: text("scenario_name").notNull(),
    scenario: json("scenario").$type<ScenarioDocument>().notNull(),
    rerunOf: text("rerun_of"),
    status: text("status", { enum: ["running", "finished", "failed"] }).notNull().default("running"),
    exitReason: text("exit_reason"),
    failure: text("failure"),
    eventCount: integer("event_count").notNull().default(0),
    hooksChanged: integer("hooks_changed").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    point: text("point"),
    expectations: json("expectations").$type<ExpectationReport>(),
    expectationsPassed: integer("expectations_passed"),
    expectationsFailed: integer("expectations_failed"),
    createdAt: msTimestamp("created_at")
      .notNull()
      .default(nowMs)
      .$defaultFn(() => new Date()),
    finishedAt: msTimestamp("finished_at"),
  },
  (t) => [index("runs_pipeline_created").on(t.pipelineId, t.createdAt)],
);
export type RunRow = InferSelectModel<typeof runs>;

export const runEvents = pgTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    point: text("point"),
    hookId: text("hook_id"),
    edge: text("edge"),
    status: text("status"),
    data: text("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
export type RunEventRow = InferSelectModel<typeof runEvents>;

export const approvalRequests = pgTable(
  "approval_requests",
  {
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    toolUseId: text("tool_use_id").notNull(),
    toolName: text("tool_name").notNull(),
    point: text("point").notNull(),
    hookId: text("hook_id").notNull(),
    payload: json("payload").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "answered", "expired", "cancelled"] }).notNull().default("pending"),
    decision: text("decision"),
    requestedAt: msTimestamp("requested_at").notNull(),
    expiresAt: msTimestamp("expires_at").notNull(),
    respondedAt: msTimestamp("responded_at"),
    respondedBy: text("responded_by"),
    reason: text("reason"),
    tokenHash: text("token_hash"),
  },
  (t) => [index("approval_requests_run").on(t.runId, t.seq), index("approval_requests_status").on(t.status)],
);
export type ApprovalRequestRow = InferSelectModel<typeof approvalRequests>;

export const modelProviders = pgTable("model_providers", {
  id: text("id").primaryKey(),
  name: text("name").notNull().unique(),
  kind: text("kind", { enum: ["anthropic", "openai"] }).notNull(),
  baseUrl: text("base_url"),
  defaultModel: text("default_model").notNull().default(""),
  keySealed: text("key_sealed"),
  keyHint: text("key_hint"),
  createdAt: msTimestamp("created_at")
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date()),
  updatedAt: msTimestamp("updated_at")
    .notNull()
    .default(nowMs)
    .$defaultFn(() => new Date())
    .$onUpdate(() => new Date()),
});
export type ModelProviderRow = InferSelectModel<typeof modelProviders>;
