import { resolveTrace } from "../../core/trace/resolve";
import { openDatabase, type DbHandle } from "../client";
import type { Store } from "../store";
import * as approvals from "./approvals";
import * as meta from "./meta";
import * as pipelines from "./pipelines";
import * as providers from "./providers";
import * as runs from "./runs";

/** The SQLite store, with its connection for what only SQLite has (benches, tests that inspect the file). */
export interface SqliteStore extends Store {
  readonly dialect: "sqlite";
  readonly handle: DbHandle;
}

/**
 * The store on a SQLite file (":memory:" for an in-memory one), migrated on open. Each operation
 * runs synchronously inside its own better-sqlite3 transaction; the async methods only hand the
 * result over as a settled promise (a throw becomes a rejection), so nothing waits on I/O.
 */
export function openSqliteStore(options: { file: string }): SqliteStore {
  return sqliteStoreOf(openDatabase(options));
}

/** The store of an open connection; closing the store closes the connection. */
export function sqliteStoreOf(handle: DbHandle): SqliteStore {
  const { db } = handle;
  return {
    dialect: "sqlite",
    location: handle.file,
    handle,
    pipelines: {
      list: async () => pipelines.listPipelines(db),
      get: async (id) => pipelines.getPipeline(db, id),
      getRevision: async (args) => pipelines.getRevision(db, args),
      create: async (document) => pipelines.createPipeline(db, document),
      save: async (args) => pipelines.saveRevision(db, args),
      rename: async (args) => pipelines.renamePipeline(db, args),
      duplicate: async (args) => pipelines.duplicatePipeline(db, args),
      delete: async (id) => pipelines.deletePipeline(db, id),
      listRevisions: async (args) => pipelines.listRevisions(db, args),
      restoreRevision: async (args) => pipelines.restoreRevision(db, args),
      documentAt: async (args) => pipelines.documentAt(db, args),
      seedExamples: async (examples) => pipelines.seedExamples(db, examples),
    },
    runs: {
      insert: async (run) => runs.insertRun(db, run),
      get: async (runId) => runs.getRunRow(db, runId),
      list: async (pipelineId, limit) => runs.listRunRows(db, pipelineId, limit),
      appendEvents: async (runId, events) => runs.appendEvents(db, runId, events),
      recordExpectations: async (runId, report) => runs.recordExpectations(db, runId, report),
      finish: async (runId, outcome) => runs.finishRun(db, runId, outcome),
      failAbandoned: async () => runs.failAbandonedRuns(db),
      countModelCalls: async (runIds) => runs.countModelCalls(db, runIds),
      readEvents: async (runId, range) => runs.readEvents(db, runId, range),
      readEventsUpTo: async (runId, range) => runs.readEventsUpTo(db, runId, range),
      readAllStoredEvents: async (runId) => runs.readEvents(db, runId, { afterSeq: 0, limit: Number.MAX_SAFE_INTEGER }),
      // Unchanged parts are shared between the resolved events (a 19 MB conversation is held once).
      readAllEvents: async (runId) => resolveTrace(runs.readEvents(db, runId, { afterSeq: 0, limit: Number.MAX_SAFE_INTEGER })),
      readEventsOfType: async (runId, type) => runs.readEventsOfType(db, runId, type),
      readOutline: async (runId) => runs.readOutline(db, runId),
      latestPointStart: async (pipelineId, point) => runs.latestPointStart(db, pipelineId, point),
    },
    approvals: {
      insertRequest: async (runId, event, now) => approvals.insertApprovalRequest(db, runId, event, now),
      answer: async (id, answer) => approvals.answerApprovalRequest(db, id, answer),
      setTokenHash: async (id, hash) => approvals.setTokenHash(db, id, hash),
      get: async (id) => approvals.getApprovalRequest(db, id),
      listForRun: async (runId) => approvals.listRunApprovals(db, runId),
      listPending: async () => approvals.listPendingApprovals(db),
    },
    providers: {
      list: async () => providers.listProviders(db),
      save: async (entry) => providers.saveProvider(db, entry),
      delete: async (id) => providers.deleteProvider(db, id),
    },
    meta: {
      get: async (key) => meta.readMeta(db, key),
      put: async (key, value) => meta.writeMeta(db, key, value),
    },
    close: async () => handle.close(),
  };
}
