import { describe, expect, it } from "vitest";
import { defaultWorkerCount, runPoolConfigFromEnv } from "./config";

describe("runPoolConfigFromEnv", () => {
  it("reads the pool's size, heap cap and grace from the environment", () => {
    const warnings: string[] = [];
    const config = runPoolConfigFromEnv({ HOOKWRIGHT_RUN_WORKERS: "3", HOOKWRIGHT_RUN_WORKER_MEMORY_MIB: "512", HOOKWRIGHT_RUN_GRACE_MS: "2500" }, (m) => warnings.push(m));
    expect(config).toEqual({ workers: 3, workerMemoryMiB: 512, graceMs: 2500 });
    expect(warnings).toEqual([]);
  });

  it("says which variable is wrong and what it may be, and keeps the default", () => {
    const warnings: string[] = [];
    const config = runPoolConfigFromEnv({ HOOKWRIGHT_RUN_WORKERS: "lots", HOOKWRIGHT_RUN_GRACE_MS: "-1" }, (m) => warnings.push(m));
    expect(config).toEqual({ workers: defaultWorkerCount(), workerMemoryMiB: 4096, graceMs: 5000 });
    expect(warnings).toEqual([
      `hookwright: HOOKWRIGHT_RUN_WORKERS must be a whole number from 1 to 64, not "lots"; using ${defaultWorkerCount()}`,
      'hookwright: HOOKWRIGHT_RUN_GRACE_MS must be a whole number from 100 to 600000, not "-1"; using 5000',
    ]);
  });

  it("defaults to the core count, at least 2 and at most 8", () => {
    expect([1, 2, 4, 32].map((cores) => defaultWorkerCount(cores))).toEqual([2, 2, 4, 8]);
  });
});
