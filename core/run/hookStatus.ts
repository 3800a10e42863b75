import type { EncodedTraceEvent, HookEndEvent, HookStatus, TraceEvent } from "../trace/events";
import { notReachedBy } from "./middlewareOutcome";

/** What a hook card shows in its header. */
export interface HookOutcome {
  status: HookStatus;
  /** Top-level context fields the hook's patch touched (sorted, unique). */
  changedFields: string[];
  /** Plain words: "changed 2 fields", "threw", "timed out", ... */
  label: string;
}

/** Top-level field of a JSON pointer (`/messages/3/content` → `messages`). */
export function topField(pointer: string): string {
  const first = pointer.split("/")[1] ?? "";
  return first.replace(/~1/g, "/").replace(/~0/g, "~");
}

/**
 * Reads a `hook.end` event as a user would: the engine's status when it recorded one, otherwise
 * derived from the error text and the patch (older traces and other tools' traces carry no status).
 */
export function hookOutcome(event: HookEndEvent): HookOutcome {
  const changedFields = [...new Set(event.patch.map((op) => topField(op.path)))].sort();
  const status: HookStatus =
    event.status ??
    (event.error !== null
      ? /timed out|timeout/i.test(event.error)
        ? "timeout"
        : "threw"
      : changedFields.length > 0
        ? "changed"
        : "unchanged");
  return { status, changedFields, label: status === "unchanged" ? returnedLabel(event) : statusLabel(status, changedFields.length) };
}

/**
 * Hosts whose hooks answer through what they return (Claude Code, OpenClaw, FIM One) never patch their read-only
 * input: "changed nothing" would hide a deny. Name the decision, or say that the hook returned something.
 */
function returnedLabel(event: HookEndEvent): string {
  // A middleware the chain never reached did not decide anything: its decision line says why.
  if (notReachedBy(event)) return "not reached";
  if (typeof event.decision === "string" && event.decision !== "") return `decided ${event.decision}`;
  const output = event.output;
  if (output !== undefined && output !== null && !(typeof output === "object" && Object.keys(output).length === 0)) return "returned a result";
  return effectsLabel(event) ?? statusLabel("unchanged", 0);
}

/**
 * A hook that left the context alone may still have acted in the sandbox (issue 15): "wrote 1
 * file", "made 2 requests", "deleted 1 file, made 1 request". Null when it did neither.
 */
export function effectsLabel(event: Pick<HookEndEvent, "files" | "requests" | "inference" | "published">): string | null {
  const parts: string[] = [];
  const files = event.files ?? [];
  if (files.length > 0) {
    const paths = new Set(files.flatMap((f) => (f.to ? [f.path, f.to] : [f.path])));
    const verb = files.every((f) => f.op === "write" || f.op === "append") ? "wrote" : files.every((f) => f.op === "delete") ? "deleted" : "changed";
    parts.push(`${verb} ${paths.size} ${paths.size === 1 ? "file" : "files"}`);
  }
  const requests = event.requests?.length ?? 0;
  if (requests > 0) parts.push(`made ${requests} ${requests === 1 ? "request" : "requests"}`);
  const calls = event.inference?.length ?? 0;
  if (calls > 0) parts.push(`made ${calls} model ${calls === 1 ? "call" : "calls"}`);
  const published = event.published?.length ?? 0;
  if (published > 0) parts.push(`published ${published} ${published === 1 ? "event" : "events"}`);
  return parts.length > 0 ? parts.join(", ") : null;
}

export function statusLabel(status: HookStatus, changed: number): string {
  switch (status) {
    case "changed":
      return changed === 1 ? "changed 1 field" : `changed ${changed} fields`;
    case "unchanged":
      return "changed nothing";
    case "threw":
      return "threw";
    case "timeout":
      return "timed out";
    case "memory":
      return "hit the memory limit";
    case "blocked":
      return "blocked";
    case "claimed":
      return "claimed";
  }
}

/** The one-line history entry of a run. */
export interface RunSummary {
  events: number;
  hooksRun: number;
  /** Hook calls whose patch changed something. */
  hooksChanged: number;
  /** Hook calls that threw, timed out or ran out of memory. */
  errors: number;
  exitReason: string | null;
}

export const emptyRunSummary: RunSummary = { events: 0, hooksRun: 0, hooksChanged: 0, errors: 0, exitReason: null };

/** Folds one more event into a summary, so a recorder can keep it current without re-reading the trace. */
export function addToSummary(summary: RunSummary, event: EncodedTraceEvent): RunSummary {
  const next = { ...summary, events: summary.events + 1 };
  if (event.type === "hook.end") {
    const { status } = hookOutcome(event);
    // A middleware the chain never reached has a hook.end (its card) but did not run.
    if (!notReachedBy(event)) next.hooksRun += 1;
    if (event.patch.length > 0) next.hooksChanged += 1;
    if (status === "threw" || status === "timeout" || status === "memory") next.errors += 1;
  } else if (event.type === "run.end") {
    next.exitReason = event.exitReason;
  }
  return next;
}

export function summarizeRun(events: readonly EncodedTraceEvent[]): RunSummary {
  return events.reduce(addToSummary, emptyRunSummary);
}

/** The recorded name of the hook whose hook.end is at `seq` (from the hook.start just before it). */
export function hookNameAt(event: (seq: number) => TraceEvent | undefined, seq: number): string | undefined {
  const end = event(seq);
  const start = event(seq - 1);
  return end?.type === "hook.end" && start?.type === "hook.start" && start.hookId === end.hookId ? start.name : undefined;
}

/** How far back {@link hookNameBefore} looks: a hook answers a tool call a few events before its result. */
const NAME_LOOKBACK = 500;

/**
 * The recorded name of hook `hookId` from the nearest hook.start before `seq` (a tool result
 * names the hook that answered in the tool's place only by id); undefined when none is near.
 */
export function hookNameBefore(event: (seq: number) => TraceEvent | undefined, seq: number, hookId: string): string | undefined {
  for (let s = seq - 1; s >= 1 && s >= seq - NAME_LOOKBACK; s--) {
    const e = event(s);
    if (e?.type === "hook.start" && e.hookId === hookId) return e.name;
  }
  return undefined;
}
