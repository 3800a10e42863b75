import { and, desc, eq } from "drizzle-orm";
import type { DbExecutor } from "../../db/client";
import { runEvents, runs } from "../../db/schema";
import type { JsonObject } from "../../core/json";
import { readAllEvents } from "./runStore";

/**
 * The context `point` got the last time a run of this pipeline crossed it (its point.start,
 * resolved), with that run's id; null when no recorded run reached it.
 */
export function latestPointContext(db: DbExecutor, pipelineId: string, point: string): { runId: string; seq: number; context: JsonObject } | null {
  const hit = db
    .select({ runId: runEvents.runId, seq: runEvents.seq })
    .from(runEvents)
    .innerJoin(runs, eq(runs.id, runEvents.runId))
    .where(and(eq(runs.pipelineId, pipelineId), eq(runEvents.type, "point.start"), eq(runEvents.point, point)))
    .orderBy(desc(runs.createdAt), desc(runEvents.seq))
    .limit(1)
    .get();
  if (!hit) return null;
  // A v2 point.start may be a delta of earlier events: resolve the run's trace up to it.
  const event = readAllEvents(db, hit.runId).find((e) => e.seq === hit.seq);
  return event?.type === "point.start" ? { runId: hit.runId, seq: hit.seq, context: event.context } : null;
}
