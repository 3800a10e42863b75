import type { PipelineInput } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import type { Store } from "~/db/store";
import { createRunEventBus } from "../eventBus";
import { defaultRunEngine } from "../engine";
import { createRunService, type RunService } from "../runService";

/**
 * A run service with the real engine and sandbox on a fresh store holding `pipeline` (close `store`
 * after the test): an in-memory SQLite store, or the one `open` gives (db/testStores.ts: either dialect).
 */
export async function openRunService(pipeline: PipelineInput): Promise<{ store: SqliteStore; service: RunService; pipelineId: string }>;
export async function openRunService<S extends Store>(pipeline: PipelineInput, open: () => Promise<S>): Promise<{ store: S; service: RunService; pipelineId: string }>;
export async function openRunService(pipeline: PipelineInput, open?: () => Promise<Store>): Promise<{ store: Store; service: RunService; pipelineId: string }> {
  const store = open ? await open() : openSqliteStore({ file: ":memory:" });
  const service = createRunService({ store, bus: createRunEventBus(), engine: defaultRunEngine });
  return { store, service, pipelineId: (await store.pipelines.create(pipeline)).id };
}

/** Starts a run, waits until it has settled, and reads back its stored events and row. */
export async function settleRun(store: Store, service: RunService, start: () => Promise<{ runId: string }>) {
  const { runId } = await start();
  await service.settled(runId);
  return { runId, events: (await store.runs.readAllEvents(runId)) as TraceEvent[], row: await store.runs.get(runId) };
}

/** Every hook call's log lines, in order. */
export const hookLogs = (events: readonly TraceEvent[]) => events.flatMap((e) => (e.type === "hook.end" ? e.logs.map((l) => l.message) : []));
