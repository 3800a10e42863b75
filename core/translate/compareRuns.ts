import { canonicalJson } from "../canonicalJson";
import type { TraceEvent } from "../trace/events";
import { targetToolName } from "./scenario";
import type { HostTranslation } from "./types";

/** `blocked`: a hook answered in the tool's place (a deny, an error or a result): the tool did not run. */
export type CallOutcome = "allowed" | "blocked" | "rewritten" | "asked" | "not reached";
const OUTCOMES: readonly CallOutcome[] = ["allowed", "blocked", "rewritten", "asked", "not reached"];

/** What a run's hooks did with each tool call the model made, in order. */
export interface RunCall {
  name: string;
  input: Record<string, unknown>;
  outcome: CallOutcome;
  /** The hook that decided (claimed, asked, or the last to change something before the call). */
  hookId: string | null;
  /** The input it ran with, when rewritten. */
  ranWith?: Record<string, unknown>;
}

export interface RunSummary {
  calls: RunCall[];
  modelCalls: number;
  exitReason: string | null;
}

/** Reads a finished run's trace: each tool_use of each model reply, and what became of it. */
export function summarizeRun(events: readonly TraceEvent[]): RunSummary {
  const asked: { id: string; name: string; input: Record<string, unknown> }[] = [];
  const ran = new Map<string, { input: Record<string, unknown>; claimedBy?: string }>();
  const asks = new Map<string, string>();
  let modelCalls = 0;
  let exitReason: string | null = null;
  for (const e of events) {
    if (e.type === "model.response") {
      modelCalls = Math.max(modelCalls, e.call);
      for (const b of e.content ?? []) if (b.type === "tool_use") asked.push({ id: b.id, name: b.name, input: b.input });
    } else if (e.type === "tool.call") ran.set(e.toolUseId, { input: e.input });
    else if (e.type === "tool.result" && e.claimedBy !== undefined) {
      const r = ran.get(e.toolUseId);
      if (r) r.claimedBy = e.claimedBy;
    } else if (e.type === "approval.request") asks.set(e.toolUseId, e.hookId);
    else if (e.type === "run.end") exitReason = e.exitReason;
  }
  const calls = asked.map(({ id, ...c }): RunCall => {
    const r = ran.get(id);
    const ask = asks.get(id);
    if (!r) return { ...c, outcome: "not reached", hookId: null };
    // Hosts word a deny differently (an error result, or a plain one): either way the tool did not run.
    if (r.claimedBy !== undefined) return { ...c, outcome: "blocked", hookId: r.claimedBy };
    if (ask !== undefined) return { ...c, outcome: "asked", hookId: ask };
    if (canonicalJson(r.input) !== canonicalJson(c.input)) return { ...c, outcome: "rewritten", hookId: null, ranWith: r.input };
    return { ...c, outcome: "allowed", hookId: null };
  });
  return { calls, modelCalls, exitReason };
}

export interface CallDifference {
  index: number;
  /** The call as the source run saw it (`Bash {"command":"rm -rf build"}`). */
  call: string;
  text: string;
}

export interface RunComparison {
  same: boolean;
  /** Calls the runs agree on, by outcome ("2 allowed, 1 denied"). */
  agreed: string;
  differences: CallDifference[];
  /** How each run ended, when that differs (exit reason, number of model calls). */
  ending: string | null;
}

/**
 * Compares a scenario's run on the source host with its translation's run on the target, call by
 * call (the same scripted replies make the same calls, renamed): the same outcome, and for a
 * rewrite the same new input. Then how each run ended.
 */
export function compareRuns(source: RunSummary, target: RunSummary, t: HostTranslation, hookNames: ReadonlyMap<string, string>): RunComparison {
  const differences: CallDifference[] = [];
  const agreed = new Map<CallOutcome, number>();
  const name = (id: string | null) => (id === null ? "" : ` (${hookNames.get(id) ?? id})`);
  const count = Math.max(source.calls.length, target.calls.length);
  for (let i = 0; i < count; i++) {
    const a = source.calls[i];
    const b = target.calls[i];
    const shown = a ? `${a.name} ${JSON.stringify(a.input)}` : b ? `${b.name} ${JSON.stringify(b.input)}` : "";
    if (!a || !b) {
      differences.push({ index: i, call: shown, text: a ? `${t.fromName}: ${a.outcome}${name(a.hookId)}; ${t.toName}'s run never made this call` : `${t.toName}: ${b?.outcome ?? ""}${name(b?.hookId ?? null)}; ${t.fromName}'s run never made this call` });
      continue;
    }
    const sameRewrite = a.outcome !== "rewritten" || canonicalJson(t.modelTools[a.name]?.input(a.ranWith ?? {}) ?? a.ranWith) === canonicalJson(b.ranWith);
    if (a.outcome === b.outcome && sameRewrite && targetToolName(a.name, t) === b.name) {
      agreed.set(a.outcome, (agreed.get(a.outcome) ?? 0) + 1);
      continue;
    }
    const how = (c: RunCall) => `${c.outcome}${name(c.hookId)}${c.outcome === "rewritten" ? ` to ${JSON.stringify(c.ranWith)}` : ""}`;
    differences.push({ index: i, call: shown, text: `${t.fromName}: ${how(a)}; ${t.toName}: ${how(b)}` });
  }
  const ending =
    source.exitReason !== target.exitReason || source.modelCalls !== target.modelCalls
      ? `${t.fromName}'s run ends "${source.exitReason ?? "?"}" after ${source.modelCalls} model call${source.modelCalls === 1 ? "" : "s"}; ${t.toName}'s "${target.exitReason ?? "?"}" after ${target.modelCalls}`
      : null;
  return {
    same: differences.length === 0 && ending === null,
    agreed: OUTCOMES.filter((k) => agreed.has(k)).map((k) => `${agreed.get(k)} ${k}`).join(", ") || "no tool calls",
    differences,
    ending,
  };
}
