import type pg from "pg";
import type { RunStore } from "../../db/store";
import type { RunDispatch } from "../runs/runService";
import { notify, RUN_CONTROL_CHANNEL } from "./channels";
import type { TeamRunQueue } from "./runQueue";

/**
 * The run service's dispatch in team mode: a run or a resume becomes a job; a cancel marks a
 * queued job, or tells the worker holding an active one (NOTIFY on the control channel).
 */
export function queueDispatch(link: Promise<{ queue: TeamRunQueue; db: pg.Pool }>, runs: RunStore): RunDispatch {
  return {
    async start(run) {
      await (await link).queue.send({ kind: "start", run });
    },
    async resume(runId) {
      await (await link).queue.send({ kind: "resume", runId });
    },
    async cancel(runId) {
      const { queue, db } = await link;
      // Ended (its worker is just letting go of the job) or never started: nothing to cancel, as in one process.
      if ((await runs.get(runId))?.status !== "running") return false;
      const where = await queue.cancel(runId);
      if (where === "active") await notify(db, RUN_CONTROL_CHANNEL, JSON.stringify({ cancel: runId }));
      return where !== "none";
    },
  };
}
