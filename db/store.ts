import type { ExpectationReport } from "../core/expectations/types";
import type { Pipeline as PipelineDocument, PipelineInput, Scenario } from "../core/pipeline/schema";
import type { RevisionChanges } from "../core/revisions/summarize";
import type { RunSummary } from "../core/run/hookStatus";
import type { TraceOutline } from "../core/run/outline";
import type { ApprovalRequestEvent, EncodedTraceEvent, TraceEvent } from "../core/trace/events";

/*
 * The store port: every database operation the app uses, asynchronous, in plain domain types.
 *
 * 1. DOMAIN TYPES  what operations take and return (no drizzle types: a PostgreSQL store returns the same).
 * 2. PORTS         one interface per table family, and {@link Store} holding them.
 *
 * An operation is the unit of atomicity: whatever one method checks and writes happens in one
 * transaction of the implementation; no transaction ever spans two calls (so none spans an await).
 * Implementations: db/sqlite/sqliteStore.ts; chosen by db/openStore.ts.
 */

// 1. DOMAIN TYPES

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

/** One entry of a pipeline's history. */
export interface RevisionEntry {
  revision: number;
  createdAt: Date;
  changes: RevisionChanges;
  /** The changes in plain words, one line per kind; [] for a save that changed nothing. */
  summary: string[];
}

export interface SeedResult {
  seeded: string[];
  skipped: { name: string; reason: string }[];
}

export type RunStatus = "running" | "finished" | "failed";

/** A recorded run (its row; the events are read separately). */
export interface RunRecord {
  id: string;
  pipelineId: string;
  revision: number;
  scenarioName: string;
  scenario: Scenario;
  /** The run this one re-ran, or null. */
  rerunOf: string | null;
  status: RunStatus;
  exitReason: string | null;
  failure: string | null;
  eventCount: number;
  hooksChanged: number;
  errors: number;
  /** The hook point a point run ran alone, or null for a whole turn. */
  point: string | null;
  expectations: ExpectationReport | null;
  expectationsPassed: number | null;
  expectationsFailed: number | null;
  createdAt: Date;
  finishedAt: Date | null;
}

export interface NewRun {
  id: string;
  pipelineId: string;
  revision: number;
  scenario: Scenario;
  rerunOf: string | null;
  point?: string | null;
}

export type ApprovalStatus = "pending" | "answered" | "expired" | "cancelled";

/** An approval request (one per approval.request event; the audit record). */
export interface ApprovalRecord {
  id: string;
  runId: string;
  seq: number;
  toolUseId: string;
  toolName: string;
  point: string;
  hookId: string;
  /** `{ request, params, warnings }` as the event carried them. */
  payload: Record<string, unknown>;
  status: ApprovalStatus;
  decision: string | null;
  requestedAt: Date;
  expiresAt: Date;
  respondedAt: Date | null;
  respondedBy: string | null;
  reason: string | null;
  /** SHA-256 of the callback token, or null when none was issued. */
  tokenHash: string | null;
}

export interface ApprovalAnswer {
  decision: string;
  by: string;
  /** Milliseconds since the epoch. */
  at: number;
  reason?: string;
}

export type ProviderKindName = "anthropic" | "openai";

/** A provider entry as stored: the key only sealed (server/secrets/cipher.ts). */
export interface ProviderRecord {
  id: string;
  name: string;
  kind: ProviderKindName;
  baseUrl: string | null;
  defaultModel: string;
  keySealed: string | null;
  keyHint: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a save of a provider entry writes; `key: "keep"` keeps the entry's stored key (none for a new entry). */
export interface ProviderEntry {
  /** The entry to change; absent: a new entry. */
  id?: string;
  name: string;
  kind: ProviderKindName;
  baseUrl: string | null;
  defaultModel: string;
  key: "keep" | { sealed: string | null; hint: string | null };
}

// 2. PORTS

/**
 * Pipelines, their revisions and the examples seeded. Documents are validated here
 * (db/pipelineDocument.ts); errors are {@link PipelineStoreError} (db/pipelineStoreError.ts).
 */
export interface PipelineStore {
  /** All pipelines, most recently edited first (then by name). */
  list(): Promise<PipelineSummary[]>;
  /** The head revision. @throws NOT_FOUND */
  get(id: string): Promise<PipelineAtRevision>;
  /** @throws NOT_FOUND, REVISION_NOT_FOUND */
  getRevision(args: { id: string; revision: number }): Promise<PipelineAtRevision>;
  /** A new pipeline whose revision 1 is `document`. @throws INVALID_DOCUMENT, UNKNOWN_PROFILE */
  create(document: unknown): Promise<PipelineAtRevision>;
  /** Appends a revision, provided nobody saved since `baseRevision`. @throws CONFLICT (with headRevision), NOT_FOUND, INVALID_DOCUMENT, UNKNOWN_PROFILE */
  save(args: { id: string; baseRevision: number; document: unknown }): Promise<PipelineAtRevision>;
  /** A revision carrying the new name; without `baseRevision` based on whatever the head is. @throws NOT_FOUND, CONFLICT, INVALID_DOCUMENT */
  rename(args: { id: string; name: string; baseRevision?: number }): Promise<PipelineAtRevision>;
  /** A new pipeline (revision 1) with the head document, named `name` or "<original> (copy)". @throws NOT_FOUND */
  duplicate(args: { id: string; name?: string }): Promise<PipelineAtRevision>;
  /** Deletes the pipeline, its revisions, its runs and their events and approvals. @throws NOT_FOUND */
  delete(id: string): Promise<{ id: string; name: string }>;
  /** Revisions newest first, each with its changes against the one before; `before` pages back. @throws NOT_FOUND */
  listRevisions(args: { id: string; limit: number; before?: number }): Promise<RevisionEntry[]>;
  /** Saves an old revision's document as a new head. @throws NOT_FOUND, REVISION_NOT_FOUND, CONFLICT */
  restoreRevision(args: { id: string; revision: number; baseRevision?: number }): Promise<PipelineAtRevision>;
  /**
   * The document at `revision` (default: the newest) for running it, or null when there is none.
   * Reads the revisions only (a run needs no pipeline row).
   */
  documentAt(args: { pipelineId: string; revision?: number }): Promise<{ pipeline: PipelineDocument; revision: number } | null>;
  /**
   * Adds each example that was never added to this store, remembering each in `meta` so a deleted
   * one does not come back. An example the store rejects is skipped and reported, never fatal.
   */
  seedExamples(examples: readonly PipelineInput[]): Promise<SeedResult>;
}

/** Runs and their events (append-only, stored as written: trace v2 fields may be deltas). */
export interface RunStore {
  insert(run: NewRun): Promise<void>;
  get(runId: string): Promise<RunRecord | undefined>;
  /** A pipeline's runs, newest first. */
  list(pipelineId: string, limit: number): Promise<RunRecord[]>;
  /**
   * Appends events (numbered by the caller, in order) in one transaction.
   * @returns false when the run is gone (deleted with its pipeline): nothing was written.
   */
  appendEvents(runId: string, events: readonly EncodedTraceEvent[]): Promise<boolean>;
  /** Stores the scenario's expectations checked against the run, with the pass/fail counts. */
  recordExpectations(runId: string, report: ExpectationReport): Promise<void>;
  /** The run ended: "finished" without failure, else "failed", with its summary counts. */
  finish(runId: string, outcome: { summary: RunSummary; failure: string | null }): Promise<void>;
  /** Marks failed every run left "running" by a server that stopped, except runs parked at a pending approval. */
  failAbandoned(): Promise<void>;
  /** How many model.request events each run has (runs without any are absent). */
  countModelCalls(runIds: readonly string[]): Promise<Map<string, number>>;
  /** Events with `afterSeq < seq`, in order, at most `limit`, as stored. */
  readEvents(runId: string, range: { afterSeq: number; limit: number }): Promise<EncodedTraceEvent[]>;
  /** Events with `afterSeq < seq <= toSeq`, as stored. */
  readEventsUpTo(runId: string, range: { afterSeq: number; toSeq: number }): Promise<EncodedTraceEvent[]>;
  /** The whole trace as stored. */
  readAllStoredEvents(runId: string): Promise<EncodedTraceEvent[]>;
  /** The whole trace resolved (core/trace/resolve). @throws TraceDeltaError when a delta does not resolve */
  readAllEvents(runId: string): Promise<TraceEvent[]>;
  /** The events of one type, in order, as stored. */
  readEventsOfType(runId: string, type: string): Promise<EncodedTraceEvent[]>;
  /** The outline, from the denormalised columns (no event bodies read). */
  readOutline(runId: string): Promise<TraceOutline>;
  /** The newest recorded point.start of `point` in a run of this pipeline (newest run first), or null. */
  latestPointStart(pipelineId: string, point: string): Promise<{ runId: string; seq: number } | null>;
}

/** Approval requests. */
export interface ApprovalStore {
  /** Writes the request of an approval.request event; a second write of the same id does nothing. */
  insertRequest(runId: string, event: ApprovalRequestEvent, now: number): Promise<void>;
  /** Answers a pending request (first answer wins: a conditional update). @returns whether this call answered it */
  answer(id: string, answer: ApprovalAnswer): Promise<boolean>;
  setTokenHash(id: string, hash: string): Promise<void>;
  get(id: string): Promise<ApprovalRecord | undefined>;
  /** A run's requests in their order in the trace. */
  listForRun(runId: string): Promise<ApprovalRecord[]>;
  listPending(): Promise<ApprovalRecord[]>;
}

/** Model provider entries (keys sealed by the caller). Errors are ProviderStoreError (db/providerStoreError.ts). */
export interface ProviderStore {
  /** Every entry, by name. */
  list(): Promise<ProviderRecord[]>;
  /** Adds or changes an entry. @throws ProviderStoreError NOT_FOUND for an unknown id, CONFLICT for a taken name */
  save(entry: ProviderEntry): Promise<ProviderRecord>;
  /** @returns false when there was no such entry */
  delete(id: string): Promise<boolean>;
}

/** Small named values of the store (the access token's hash, the examples seeded). */
export interface MetaStore {
  get(key: string): Promise<string | null>;
  /** Sets the value, replacing any earlier one. */
  put(key: string, value: string): Promise<void>;
}

export type StoreDialect = "sqlite" | "postgres";

export interface Store {
  readonly dialect: StoreDialect;
  /**
   * Where the data is: the SQLite file (or ":memory:"), or the PostgreSQL URL without its password.
   * The provider secret key file sits beside a SQLite file (server/secrets); ":memory:" gets a key
   * for the process; a PostgreSQL store has no file beside it, so the key must come from HOOKWRIGHT_SECRET.
   */
  readonly location: string;
  readonly pipelines: PipelineStore;
  readonly runs: RunStore;
  readonly approvals: ApprovalStore;
  readonly providers: ProviderStore;
  readonly meta: MetaStore;
  close(): Promise<void>;
}
