import { sql, type InferInsertModel, type InferSelectModel } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ExpectationReport } from "../core/expectations/types";
import type { Pipeline as PipelineDocument, Scenario as ScenarioDocument } from "../core/pipeline/schema";

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

/*
 * Runs (server/runs). A run row is written when a run starts and updated once when it ends;
 * its events are appended, never updated. The summary columns keep the history list cheap.
 */
export const runs = sqliteTable(
  "runs",
  {
    id: text("id").primaryKey(),
    pipelineId: text("pipeline_id")
      .notNull()
      .references(() => pipelines.id, { onDelete: "cascade" }),
    /** The pipeline revision it ran, so a replay shows the code as it was. */
    revision: integer("revision").notNull(),
    scenarioName: text("scenario_name").notNull(),
    /** The full scenario as run (after defaults), so a re-run needs nothing else. */
    scenario: text("scenario", { mode: "json" }).$type<ScenarioDocument>().notNull(),
    /** The run this one re-ran with recorded model and tool outputs, if any. */
    rerunOf: text("rerun_of"),
    status: text("status", { enum: ["running", "finished", "failed"] }).notNull().default("running"),
    exitReason: text("exit_reason"),
    /** Why the run itself failed (a host problem, not a hook error). */
    failure: text("failure"),
    eventCount: integer("event_count").notNull().default(0),
    hooksChanged: integer("hooks_changed").notNull().default(0),
    errors: integer("errors").notNull().default(0),
    /** A run of one hook point alone (runs.startPoint): the point; null for a scenario run. */
    point: text("point"),
    /** The scenario's expectations checked against this run (core/expectations); null when it had none or the run has not ended. */
    expectations: text("expectations", { mode: "json" }).$type<ExpectationReport>(),
    /** Denormalised from `expectations` for the run list. */
    expectationsPassed: integer("expectations_passed"),
    expectationsFailed: integer("expectations_failed"),
    createdAt: integer("created_at", { mode: "timestamp_ms" })
      .notNull()
      .default(nowMs)
      .$defaultFn(() => new Date()),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("runs_pipeline_created").on(t.pipelineId, t.createdAt)],
);
export type RunRow = InferSelectModel<typeof runs>;

/** One row per trace event. The (run_id, seq) primary key is the index every read uses. */
export const runEvents = sqliteTable(
  "run_events",
  {
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    type: text("type").notNull(),
    /** Denormalised for the outline (navigation without loading event bodies). */
    point: text("point"),
    hookId: text("hook_id"),
    edge: text("edge"),
    status: text("status"),
    /** The event as JSON text (parsed only when a page is read). */
    data: text("data").notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.seq] })],
);
export type RunEventRow = InferSelectModel<typeof runEvents>;

/*
 * Approval requests (server/approvals): one row per `approval.request` of a run, written when the
 * request is recorded and updated once when it is answered (by a person on the card, the HTTP
 * callback, a scenario's script, or its timeout). A run whose request is pending is parked: it
 * holds no worker, and survives a restart (docs/approvals.md). The rows are the audit record.
 */
export const approvalRequests = sqliteTable(
  "approval_requests",
  {
    /** The request's approvalId in the trace (`<runId>.a<n>`). */
    id: text("id").primaryKey(),
    runId: text("run_id")
      .notNull()
      .references(() => runs.id, { onDelete: "cascade" }),
    /** seq of the approval.request event in the run's trace. */
    seq: integer("seq").notNull(),
    toolUseId: text("tool_use_id").notNull(),
    toolName: text("tool_name").notNull(),
    point: text("point").notNull(),
    hookId: text("hook_id").notNull(),
    /** What the card shows: the host's request (title, description, severity, ...), the params and warnings. */
    payload: text("payload", { mode: "json" }).$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["pending", "answered", "expired", "cancelled"] }).notNull().default("pending"),
    /** The decision given (allow-once, allow-always, deny, the profile's own, timeout, cancelled). */
    decision: text("decision"),
    requestedAt: integer("requested_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    respondedAt: integer("responded_at", { mode: "timestamp_ms" }),
    respondedBy: text("responded_by"),
    /** What the person wrote with the answer (FIM One gives a rejection's reason to the model), or the host's reason for a cancelled one. */
    reason: text("reason"),
    /** SHA-256 (hex) of the callback token last issued for this request; null before one is issued. */
    tokenHash: text("token_hash"),
  },
  (t) => [index("approval_requests_run").on(t.runId, t.seq), index("approval_requests_status").on(t.status)],
);
export type ApprovalRequestRow = InferSelectModel<typeof approvalRequests>;

/*
 * Model providers (server/providers, Settings → Model providers): real models a scenario may
 * call. The API key is stored only sealed (AES-256-GCM, server/secrets); `key_hint` is what the
 * page shows (`sk-…abcd`). Providers set by environment variables are not stored here.
 */
export const modelProviders = sqliteTable("model_providers", {
  id: text("id").primaryKey(),
  /** What scenarios name (`model.provider`), unique. */
  name: text("name").notNull().unique(),
  kind: text("kind", { enum: ["anthropic", "openai"] }).notNull(),
  /** null: the SDK's default (api.anthropic.com, api.openai.com). */
  baseUrl: text("base_url"),
  defaultModel: text("default_model").notNull().default(""),
  keySealed: text("key_sealed"),
  keyHint: text("key_hint"),
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
export type ModelProviderRow = InferSelectModel<typeof modelProviders>;
