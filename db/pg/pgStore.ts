import { resolveTrace } from "../../core/trace/resolve";
import type { Store } from "../store";
import * as approvals from "./approvals";
import { openPgPool, type PgHandle } from "./client";
import * as meta from "./meta";
import { runPgMigrations } from "./migrate";
import * as pipelines from "./pipelines";
import * as providers from "./providers";
import * as runs from "./runs";

/** The PostgreSQL store, with its pool for what only PostgreSQL has (tests that inspect the database). */
export interface PgStore extends Store {
  readonly dialect: "postgres";
  readonly handle: PgHandle;
}

/** The database URL without its password: what `location` shows (it is printed and logged). */
export function redactedUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = "";
    return parsed.toString();
  } catch {
    return "postgres://(unparsable URL)";
  }
}

/**
 * The store on a PostgreSQL database (team mode, DATABASE_URL=postgres://…): migrations are
 * applied first (runPgMigrations: one instance at a time, under an advisory lock), then every
 * operation runs on a connection pool, each one statement or one transaction (db/store.ts).
 */
export async function openPgStore(options: { url: string; poolSize?: number }): Promise<PgStore> {
  const location = redactedUrl(options.url);
  try {
    await runPgMigrations(options.url);
  } catch (error) {
    // The first thing a wrong DATABASE_URL meets: say which database, never the password.
    throw new Error(`hookwright: could not open the PostgreSQL database ${location} (DATABASE_URL): ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
  return pgStoreOf(openPgPool({ url: options.url, max: options.poolSize }), location);
}

/** The store of an open pool; closing the store ends the pool. */
export function pgStoreOf(handle: PgHandle, location: string): PgStore {
  const { db } = handle;
  return {
    dialect: "postgres",
    location,
    handle,
    pipelines: {
      list: () => pipelines.listPipelines(db),
      get: (id) => pipelines.getPipeline(db, id),
      getRevision: (args) => pipelines.getRevision(db, args),
      create: async (document) => pipelines.createPipeline(db, document),
      save: async (args) => pipelines.saveRevision(db, args),
      rename: (args) => pipelines.renamePipeline(db, args),
      duplicate: (args) => pipelines.duplicatePipeline(db, args),
      delete: (id) => pipelines.deletePipeline(db, id),
      listRevisions: (args) => pipelines.listRevisions(db, args),
      restoreRevision: (args) => pipelines.restoreRevision(db, args),
      documentAt: (args) => pipelines.documentAt(db, args),
      seedExamples: (examples) => pipelines.seedExamples(db, examples),
    },
    runs: {
      insert: (run) => runs.insertRun(db, run),
      get: (runId) => runs.getRunRow(db, runId),
      list: (pipelineId, limit) => runs.listRunRows(db, pipelineId, limit),
      appendEvents: (runId, events) => runs.appendEvents(db, runId, events),
      recordExpectations: (runId, report) => runs.recordExpectations(db, runId, report),
      finish: (runId, outcome) => runs.finishRun(db, runId, outcome),
      failAbandoned: () => runs.failAbandonedRuns(db),
      countModelCalls: (runIds) => runs.countModelCalls(db, runIds),
      readEvents: (runId, range) => runs.readEvents(db, runId, range),
      readEventsUpTo: (runId, range) => runs.readEventsUpTo(db, runId, range),
      readAllStoredEvents: (runId) => runs.readEvents(db, runId, { afterSeq: 0 }),
      // Unchanged parts are shared between the resolved events (a 19 MB conversation is held once).
      readAllEvents: async (runId) => resolveTrace(await runs.readEvents(db, runId, { afterSeq: 0 })),
      readEventsOfType: (runId, type) => runs.readEventsOfType(db, runId, type),
      readOutline: (runId) => runs.readOutline(db, runId),
      latestPointStart: (pipelineId, point) => runs.latestPointStart(db, pipelineId, point),
    },
    approvals: {
      insertRequest: (runId, event, now) => approvals.insertApprovalRequest(db, runId, event, now),
      answer: (id, answer) => approvals.answerApprovalRequest(db, id, answer),
      setTokenHash: (id, hash) => approvals.setTokenHash(db, id, hash),
      get: (id) => approvals.getApprovalRequest(db, id),
      listForRun: (runId) => approvals.listRunApprovals(db, runId),
      listPending: () => approvals.listPendingApprovals(db),
    },
    providers: {
      list: () => providers.listProviders(db),
      save: (entry) => providers.saveProvider(db, entry),
      delete: (id) => providers.deleteProvider(db, id),
    },
    meta: {
      get: (key) => meta.readMeta(db, key),
      put: (key, value) => meta.writeMeta(db, key, value),
    },
    close: () => handle.close(),
  };
}
