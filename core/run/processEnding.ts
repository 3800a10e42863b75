import type { ProcessRecord } from "../trace/events";

/** How a command hook's process ended, in one line: its exit code, or why it did not run or was killed (the card and the CLI summary). */
export function processEnding(record: ProcessRecord, durationMs: number): string {
  if (record.refused !== undefined) return "not run";
  if (record.dedupedWith !== undefined) return `not run again: the identical command of ${record.dedupedWith} ran once for this event`;
  if (record.timedOut) return `killed: timed out after ${Math.round(durationMs)} ms`;
  if (record.outputLimitHit) return "killed: printed more than the sandbox allows";
  if (record.diskLimitHit) return "killed: filled the project folder past the sandbox's cap";
  if (record.exitCode !== null) return `exit ${record.exitCode}`;
  return record.signal ? `killed by ${record.signal}` : "killed";
}
