import { availableParallelism } from "node:os";

/** How the run pool is sized and bounded (docs/sandbox.md, "Run workers"). */
export interface RunPoolConfig {
  /** Worker threads, each running one run at a time. */
  workers: number;
  /**
   * V8 heap cap of each worker (its resourceLimits); past it the worker is stopped and its run
   * ends. A backstop for the host side of a run: Node enforces it only for gradual growth (one
   * large allocation past it aborts the process, nodejs/node#47224), so it sits well above what
   * the sandbox's own memory limit lets out of a hook.
   */
  workerMemoryMiB: number;
  /**
   * How long past a call's own limits (timeout per hook, for the hook's load and its call) the
   * host waits before it stops a worker whose user code never returned.
   */
  graceMs: number;
}

const bounds = {
  HOOKWRIGHT_RUN_WORKERS: { min: 1, max: 64 },
  HOOKWRIGHT_RUN_WORKER_MEMORY_MIB: { min: 64, max: 16_384 },
  HOOKWRIGHT_RUN_GRACE_MS: { min: 100, max: 600_000 },
} as const;

/** Two at least, so one long hook never holds every run; more with more cores, up to 8. */
export function defaultWorkerCount(cores = availableParallelism()): number {
  return Math.min(8, Math.max(2, cores));
}

/**
 * The pool's configuration from the environment. A value that is not a whole number in range is
 * reported (`warn`, naming the variable and the range) and the default is used: a typo in a
 * tuning variable should not keep the server from starting.
 */
export function runPoolConfigFromEnv(env: Readonly<Record<string, string | undefined>> = process.env, warn: (message: string) => void = console.warn): RunPoolConfig {
  const read = (name: keyof typeof bounds, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw.trim() === "") return fallback;
    const { min, max } = bounds[name];
    const value = Number(raw);
    if (Number.isInteger(value) && value >= min && value <= max) return value;
    warn(`hookwright: ${name} must be a whole number from ${min} to ${max}, not "${raw.slice(0, 40)}"; using ${fallback}`);
    return fallback;
  };
  return {
    workers: read("HOOKWRIGHT_RUN_WORKERS", defaultWorkerCount()),
    workerMemoryMiB: read("HOOKWRIGHT_RUN_WORKER_MEMORY_MIB", 4096),
    graceMs: read("HOOKWRIGHT_RUN_GRACE_MS", 5000),
  };
}
