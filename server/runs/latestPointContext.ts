import type { JsonObject } from "../../core/json";
import type { RunStore } from "../../db/store";

/**
 * The context `point` got the last time a run of this pipeline crossed it (its point.start,
 * resolved), with that run's id; null when no recorded run reached it.
 */
export async function latestPointContext(runs: RunStore, pipelineId: string, point: string): Promise<{ runId: string; seq: number; context: JsonObject } | null> {
  const hit = await runs.latestPointStart(pipelineId, point);
  if (!hit) return null;
  // A v2 point.start may be a delta of earlier events: resolve the run's trace up to it.
  const event = (await runs.readAllEvents(hit.runId)).find((e) => e.seq === hit.seq);
  return event?.type === "point.start" ? { runId: hit.runId, seq: hit.seq, context: event.context } : null;
}
