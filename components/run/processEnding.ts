import type { ProcessRecord } from "~/core/trace/events";

/** How the process ended, in one line: its exit code, or why the sandbox killed it. */
export function processEnding(record: ProcessRecord, durationMs: number): string {
  if (record.refused !== undefined) return "not run";
  if (record.timedOut) return `killed: timed out after ${Math.round(durationMs)} ms`;
  if (record.outputLimitHit) return "killed: printed more than the sandbox allows";
  if (record.exitCode !== null) return `exit ${record.exitCode}`;
  return record.signal ? `killed by ${record.signal}` : "killed";
}
