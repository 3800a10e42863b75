import type { ApprovalAnswer } from "../engine/approval";
import { APPROVAL_UNAVAILABLE } from "../engine/approval";
import type { IdentifiedAsk, RunApprovalGate } from "../engine/approvalStep";
import { findScriptedAnswer } from "./match";
import type { ScriptedApproval } from "./scriptedSchema";

/** An answer known before the run asks: recorded in its trace (a resumed run) or in the run it re-runs. */
export interface KnownAnswer {
  /** The request's tool call; a known answer is used only for the same call (else the run asks anew). */
  toolUseId: string;
  answer: ApprovalAnswer;
}

export interface RunGateOptions {
  /** Answers by request order (the n-th request gets known[n-1] when its tool call matches). */
  known?: readonly KnownAnswer[];
  /** The scenario's scripted answers. */
  script?: readonly ScriptedApproval[];
  /** Time base of scripted answers (the run's clock start): `at` = this + afterMs, so traces stay deterministic. */
  clockStart?: number;
  /**
   * Who answers what nobody scripted or recorded: a person (the app's gate, which parks the run),
   * or nobody (default: cancelled with the host's "approval unavailable" text).
   */
  fallback?: RunApprovalGate;
  /** Waits `ms` of real time (a scripted person takes afterMs to answer); default setTimeout. */
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A decision the script gives that the request does not allow is answered as the host treats it: a timeout. */
function scriptedAnswer(entry: ScriptedApproval, ask: IdentifiedAsk, clockStart: number): ApprovalAnswer {
  const late = entry.afterMs >= ask.request.timeoutMs;
  if (late || entry.decision === "timeout") return { decision: "timeout", by: "timeout", at: clockStart + Math.min(entry.afterMs, ask.request.timeoutMs) };
  const allowed = (ask.request.allowedDecisions as readonly string[]).includes(entry.decision);
  if (!allowed) return { decision: "timeout", by: entry.by, at: clockStart + entry.afterMs, reason: `"${entry.decision}" is not an allowed decision (${ask.request.allowedDecisions.join(", ")})` };
  return { decision: entry.decision, by: entry.by, at: clockStart + entry.afterMs, ...(entry.reason !== undefined ? { reason: entry.reason } : {}) };
}

/**
 * The gate of one run: a known answer first (so a resumed or re-run run answers as it was
 * answered), then the scenario's script, then the fallback. Requests are counted in order, which
 * the engine keeps deterministic.
 */
export function createRunGate(options: RunGateOptions = {}): RunApprovalGate {
  let n = 0;
  const sleep = options.sleep ?? realSleep;
  return {
    async request(ask) {
      n += 1;
      const known = options.known?.[n - 1];
      if (known && known.toolUseId === ask.toolUseId) return known.answer;
      const entry = findScriptedAnswer(options.script ?? [], { tool: ask.toolName, hookId: ask.hookId, point: ask.point });
      if (entry) {
        await sleep(Math.min(entry.afterMs, ask.request.timeoutMs));
        return scriptedAnswer(entry, ask, options.clockStart ?? 0);
      }
      if (options.fallback) return options.fallback.request(ask);
      return { decision: "cancelled", by: "host", at: options.clockStart ?? 0, reason: APPROVAL_UNAVAILABLE };
    },
  };
}

/** The answers a trace recorded, in request order, for {@link RunGateOptions.known}. */
export function knownAnswersOf(events: readonly { type: string }[], relabel?: (by: string) => string): KnownAnswer[] {
  const calls = new Map<string, string>();
  const out: KnownAnswer[] = [];
  for (const e of events) {
    if (e.type === "approval.request") {
      const r = e as unknown as { approvalId: string; toolUseId: string };
      calls.set(r.approvalId, r.toolUseId);
    } else if (e.type === "approval.resolve") {
      const r = e as unknown as { approvalId: string; decision: ApprovalAnswer["decision"]; by: string; at: number; reason?: string };
      const toolUseId = calls.get(r.approvalId);
      if (toolUseId === undefined) continue;
      out.push({ toolUseId, answer: { decision: r.decision, by: relabel ? relabel(r.by) : r.by, at: r.at, ...(r.reason !== undefined ? { reason: r.reason } : {}) } });
    }
  }
  return out;
}
