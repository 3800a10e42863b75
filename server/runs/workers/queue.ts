import type { RunJob } from "./job";

/**
 * The runs waiting for a worker. The pool takes from it; whoever starts runs pushes to it. This
 * in-memory FIFO is one server's queue; a shared queue (a PostgreSQL table taken with
 * `FOR UPDATE SKIP LOCKED`) implements the same interface, holding the same plain jobs.
 */
export interface RunQueue {
  push(job: RunJob): void;
  /** The next job, waiting for one; null once the queue is closed. */
  take(): Promise<RunJob | null>;
  /** Stops handing out jobs; resolves every pending take() with null and returns the jobs still waiting. */
  close(): RunJob[];
  readonly length: number;
}

export function createMemoryRunQueue(): RunQueue {
  const jobs: RunJob[] = [];
  const takers: ((job: RunJob | null) => void)[] = [];
  let closed = false;
  return {
    push(job) {
      if (closed) throw new Error("the run queue is closed");
      const taker = takers.shift();
      if (taker) taker(job);
      else jobs.push(job);
    },
    take() {
      const job = jobs.shift();
      if (job) return Promise.resolve(job);
      if (closed) return Promise.resolve(null);
      return new Promise((resolve) => takers.push(resolve));
    },
    close() {
      closed = true;
      for (const taker of takers.splice(0)) taker(null);
      return jobs.splice(0);
    },
    get length() {
      return jobs.length;
    },
  };
}
