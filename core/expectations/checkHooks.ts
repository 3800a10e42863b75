import type { Expectation } from "../pipeline/expectationSchema";
import type { Pipeline } from "../pipeline/schema";
import { times } from "./checkContext";
import { decisionName } from "./decision";
import type { TraceIndex } from "./traceIndex";
import type { Verdict } from "./types";

type HookFired = Extract<Expectation, { kind: "hookFired" }>;
type HookDecision = Extract<Expectation, { kind: "hookDecision" }>;

/** Why a hook did not run, in plain words (from core/run/hookNotes), or null when unknown. */
export type WhyNot = (hookId: string) => string | null;

export function checkHookFired(index: TraceIndex, e: HookFired, names: HookNames, whyNot: WhyNot): Verdict {
  const runs = index.hookRuns.filter((r) => r.hookId === e.hookId);
  const name = names(e.hookId);
  if (runs.length === 0) {
    const why = whyNot(e.hookId);
    return { pass: !e.fired, reason: `hook "${name}" did not run${why ? `. ${why}` : ""}`, seq: index.runEnd?.seq ?? null };
  }
  const first = runs[0] as (typeof runs)[number];
  return { pass: e.fired, reason: `hook "${name}" ran ${times(runs.length)} (first at ${first.point})`, seq: first.startSeq };
}

export function checkHookDecision(index: TraceIndex, e: HookDecision, names: HookNames, whyNot: WhyNot): Verdict {
  const runs = index.hookRuns.filter((r) => r.hookId === e.hookId && r.end !== null);
  const name = names(e.hookId);
  if (runs.length === 0) {
    const why = whyNot(e.hookId);
    return { pass: false, reason: `hook "${name}" did not run, so it made no decision${why ? `. ${why}` : ""}`, seq: index.runEnd?.seq ?? null };
  }
  const decided = runs.map((r) => ({ run: r, decision: decisionName(r.end as NonNullable<typeof r.end>), seq: (r.end as NonNullable<typeof r.end>).seq }));
  const verdict = (d: (typeof decided)[number]): Verdict => ({
    pass: d.decision === e.decision,
    reason: d.decision === e.decision ? `hook "${name}" decided ${d.decision} (time ${d.run.occurrence})` : `hook "${name}" decided ${d.decision} (time ${d.run.occurrence}), expected ${e.decision}`,
    seq: d.seq,
  });
  if (typeof e.occurrence === "number") {
    const d = decided[e.occurrence - 1];
    if (!d) return { pass: false, reason: `hook "${name}" ran ${times(decided.length)}; there is no time ${e.occurrence}`, seq: index.runEnd?.seq ?? null };
    return verdict(d);
  }
  if (e.occurrence === "every") return decided.map(verdict).find((v) => !v.pass) ?? { ...verdict(decided[0] as (typeof decided)[number]), reason: `hook "${name}" decided ${e.decision} all ${times(decided.length)}` };
  const hit = decided.find((d) => d.decision === e.decision);
  if (hit) return verdict(hit);
  const seen = [...new Set(decided.map((d) => d.decision))].join(", ");
  return { pass: false, reason: `hook "${name}" never decided ${e.decision} (it ran ${times(decided.length)} and decided: ${seen})`, seq: (decided[0] as (typeof decided)[number]).seq };
}

export type HookNames = (hookId: string) => string;

export function hookNames(pipeline?: Pipeline): HookNames {
  return (id) => pipeline?.hooks.find((h) => h.id === id)?.name ?? id;
}
