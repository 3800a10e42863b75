import type { Json } from "../json";
import type { CommandProtocol } from "../profiles/types";

/**
 * How the host reads a command hook's process (semantics.md §3c "Failure handling", §3f): exit 0
 * with JSON on stdout is the hook's answer; exit 2 blocks with stderr as the reason; any other
 * exit, a timeout, a kill or invalid JSON is a failure that does not block (unless the hook's
 * onFailure says so). The answer goes into the same fold as a function hook's return, so a command
 * and a function on one event combine as in the host.
 */

/** What the process did, as the sandbox reports it. */
export interface ProcessOutcome {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The sandbox killed it for printing too much, or for filling the project folder. */
  killedFor?: "output" | "disk" | null;
  /** The sandbox refused to run it (no sandbox here): the message says why and what to install. */
  refused?: string | null;
}

export type CommandAnswer =
  /** The hook's answer as a function hook would have returned it (undefined: nothing). */
  | { output: Json | undefined; note: string | null }
  /** A failure, in the words the fold reads: `BlockingError: <reason>` blocks. */
  | { failure: string; kind: "threw" | "timeout" };

export function readCommandAnswer(outcome: ProcessOutcome, protocol: CommandProtocol, event: string, timeoutMs: number): CommandAnswer {
  if (outcome.refused) return { failure: outcome.refused, kind: "threw" };
  if (outcome.timedOut) return { failure: `timed out after ${timeoutMs} ms: the host killed the command`, kind: "timeout" };
  if (outcome.killedFor === "output") return { failure: "killed for printing too much output (the sandbox's cap)", kind: "threw" };
  if (outcome.killedFor === "disk") return { failure: "killed for filling the project folder past the sandbox's cap", kind: "threw" };
  if (outcome.exitCode === null) return { failure: `the command was killed by ${outcome.signal ?? "a signal"}${stderrTail(outcome.stderr)}`, kind: "threw" };
  if (outcome.exitCode === protocol.blockingExitCode) return { failure: `BlockingError: ${outcome.stderr}`, kind: "threw" };
  if (outcome.exitCode !== 0) return { failure: `exit code ${outcome.exitCode} (a non-blocking error: the action goes on)${stderrTail(outcome.stderr)}`, kind: "threw" };
  const text = outcome.stdout.trim();
  if (text === "") return { output: undefined, note: null };
  if (text.startsWith("{") || text.startsWith("[")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      return { failure: `stdout is not valid JSON (${error instanceof Error ? error.message : String(error)}): the host ignores the answer`, kind: "threw" };
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return { failure: "stdout is JSON but not an object: the host ignores the answer", kind: "threw" };
    return { output: parsed as Json, note: null };
  }
  if (protocol.plainStdoutIsContext.includes(event)) {
    return { output: { hookSpecificOutput: { hookEventName: event, additionalContext: text } }, note: `plain stdout on ${event} is added as context for the model` };
  }
  return { output: undefined, note: `plain stdout is not read on ${event} (only JSON is): the host shows it in the transcript` };
}

function stderrTail(stderr: string): string {
  const text = stderr.trim();
  return text ? `: ${text.length > 2000 ? `${text.slice(0, 2000)}…` : text}` : "";
}
