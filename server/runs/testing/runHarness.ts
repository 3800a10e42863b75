import type { PipelineInput } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import { openDatabase, type DbHandle } from "~/db/client";
import { createPipeline } from "~/db/pipelineStore";
import { createRunEventBus } from "../eventBus";
import { defaultRunEngine } from "../engine";
import { createRunService, type RunService } from "../runService";
import { getRunRow, readAllEvents } from "../runStore";

/** A run service with the real engine and sandbox on a fresh in-memory database holding `pipeline` (close `handle` after the test). */
export function openRunService(pipeline: PipelineInput): { handle: DbHandle; service: RunService; pipelineId: string } {
  const handle = openDatabase({ file: ":memory:" });
  const service = createRunService({ db: handle.db, bus: createRunEventBus(), engine: defaultRunEngine });
  return { handle, service, pipelineId: createPipeline(handle.db, pipeline).id };
}

/** Starts a run, waits until it has settled, and reads back its stored events and row. */
export async function settleRun(handle: DbHandle, service: RunService, start: () => { runId: string }) {
  const { runId } = start();
  await service.settled(runId);
  return { runId, events: readAllEvents(handle.db, runId) as TraceEvent[], row: getRunRow(handle.db, runId) };
}

/** Every hook call's log lines, in order. */
export const hookLogs = (events: readonly TraceEvent[]) => events.flatMap((e) => (e.type === "hook.end" ? e.logs.map((l) => l.message) : []));
