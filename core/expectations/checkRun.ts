import type { Pipeline } from "../pipeline/schema";
import type { TraceIndex } from "./traceIndex";
import type { Verdict } from "./types";

/** Exit reasons of every run besides the profile's own (docs/formats.md "Exit reasons"). */
const COMMON_EXITS = ["hook_error", "internal_error", "point_only"];

export function checkExitReason(index: TraceIndex, equals: string, profileExits?: readonly string[]): Verdict {
  const end = index.runEnd;
  if (!end) return { pass: false, reason: "the trace has no run.end: the run did not finish", seq: null };
  if (end.exitReason === equals) return { pass: true, reason: `the run ended with ${end.exitReason}`, seq: end.seq };
  const known = profileExits ? [...profileExits, ...COMMON_EXITS.filter((e) => !profileExits.includes(e))] : null;
  const unknown = known && !known.includes(equals) ? `; ${equals} is not an exit reason of this profile (known: ${known.join(", ")})` : "";
  return { pass: false, reason: `the run ended with ${end.exitReason}${end.error ? ` (${end.error})` : ""}, expected ${equals}${unknown}`, seq: end.seq };
}

export function checkNoHookFailed(index: TraceIndex, pipeline?: Pipeline): Verdict {
  const first = index.failures[0];
  if (!first) return { pass: true, reason: "no hook failed", seq: index.runEnd?.seq ?? null };
  const more = index.failures.length > 1 ? ` (${index.failures.length} failures in all)` : "";
  if (first.type === "hook.end") {
    const name = pipeline?.hooks.find((h) => h.id === first.hookId)?.name ?? first.hookId;
    const what = first.status === "timeout" ? "timed out" : first.status === "memory" ? "hit the memory limit" : "threw";
    return { pass: false, reason: `hook "${name}" ${what} at ${first.point}: ${first.error ?? ""}${more}`, seq: first.seq };
  }
  return { pass: false, reason: `${first.point} failed: ${String((first as { error?: unknown }).error)}${more}`, seq: first.seq };
}
