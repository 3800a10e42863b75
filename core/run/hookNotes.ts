import { valueAt } from "../expectations/jsonMatch";
import type { Hook, Pipeline } from "../pipeline/schema";
import { getBinding } from "../profiles/bindings";
import { getProfile } from "../profiles";
import { gateOf } from "../profiles/gating";
import type { HookEndEvent, IgnoredWrite, TraceEvent } from "../trace/events";
import { boundPoints } from "./boundPoints";
import { middlewareAnswer, notReachedBy } from "./middlewareOutcome";

/** Why a hook of the pipeline did not run in a run. */
export type SilenceReason =
  | { kind: "disabled"; message: string }
  /** `reachedBy`: other scenarios of the pipeline known to reach the point (from their runs, or a dry run). */
  | { kind: "not-reached"; message: string; reachedBy: string[] }
  /**
   * Only for profiles with matchers: the values the matcher was tested against (tool names, or
   * for other events the field the point matches: source, trigger …), and that field's name.
   */
  | { kind: "matcher"; message: string; tested: string[]; field: string }
  /** The point ran but the chain never got to this hook (an earlier hook claimed, blocked or failed), or the host never fires the point. */
  | { kind: "gated"; message: string; by: string | null };

/** What the hook panel shows on a hook's row after a run. */
export interface HookNote {
  hookId: string;
  name: string;
  point: string;
  fired: boolean;
  /** How many times it ran. */
  calls: number;
  why: SilenceReason | null;
  /** Writes the host ignored, over all its calls (unique paths, first reason kept). */
  ignoredWrites: IgnoredWrite[];
  /** Its result won a point while later hooks there were not called (a first-result-wins chain): where, and which hooks. */
  won?: { point: string; shadowed: string[] };
  /** One plain line for the row: why it did not fire, that it won and stopped the chain, or what the host ignored; null when none. */
  message: string | null;
}

export interface OtherRun {
  scenario: string;
  events: readonly TraceEvent[];
}

/**
 * For each hook of `pipeline`: whether it ran in `events`, and if not why not (disabled, its
 * point was not reached — and which other scenario reaches it —, its matcher did not match, or
 * the chain/profile gated it off), plus the writes the host ignored. Pure: `otherRuns` are runs
 * of other scenarios (recorded, or a dry run of core/run/reach), `reach` the points each
 * scenario reaches when known statically.
 */
export function explainHooks(args: {
  pipeline: Pipeline;
  events: readonly TraceEvent[];
  scenarioName?: string;
  otherRuns?: readonly OtherRun[];
  /** Points reached per scenario name (e.g. from dryRunReach); complements otherRuns. */
  reach?: Readonly<Record<string, readonly string[]>>;
}): HookNote[] {
  const { pipeline, events } = args;
  const profile = getProfile(pipeline.profile);
  const binding = getBinding(pipeline.profile);
  const fires = binding ? boundPoints(binding) : null;
  const scenario = args.scenarioName ?? scenarioOf(events);
  const calls = new Map<string, number>();
  const ends = new Map<string, HookEndEvent[]>();
  const reachedHere = new Set<string>();
  /** Hooks some point.start names as left out by their matcher. */
  const unmatched = new Set<string>();
  /** Per point: the values its matchers were tested against (from each point.start's context). */
  const tested = new Map<string, string[]>();
  const toolNames: string[] = [];
  let exit: { reason: string; error: string | null } | null = null;
  /** Hooks a point's result names as not called, with the runner's reason (and the hook whose result stopped the chain). */
  const notCalled = new Map<string, { point: string; why: string; by: string | null }>();
  /** Hooks whose result won a point while later hooks were left uncalled: the point and those hooks. */
  const won = new Map<string, { point: string; decision: string | null; shadowed: string[]; answered?: boolean }>();
  let lastDecision = new Map<string, string | null>();
  for (const e of events) {
    if (e.type === "point.start") lastDecision = new Map();
    if (e.type === "hook.end") lastDecision.set(e.hookId, decisionWord(e.decision));
    if (e.type === "point.end") {
      for (const n of notCalledOf(e.result)) {
        if (!notCalled.has(n.hookId)) notCalled.set(n.hookId, { point: e.point, why: n.why, by: n.by });
        if (n.by === null) continue;
        const entry = won.get(n.by) ?? { point: e.point, decision: lastDecision.get(n.by) ?? null, shadowed: [] };
        if (!entry.shadowed.includes(n.hookId)) entry.shadowed.push(n.hookId);
        won.set(n.by, entry);
      }
    }
    if (e.type === "hook.end") {
      // A middleware the chain never reached has a hook.start like the others (its card keeps its
      // place): it was not called, and the hook that answered above it won.
      const skipped = notReachedBy(e);
      if (skipped) {
        calls.set(e.hookId, Math.max(0, (calls.get(e.hookId) ?? 1) - 1));
        const by = skipped.by;
        if (!notCalled.has(e.hookId)) notCalled.set(e.hookId, { point: e.point, why: by === null ? "the chain stopped above it" : `${nameOf(by)} answered above it`, by });
        if (by !== null) {
          const entry = won.get(by) ?? { point: e.point, decision: middlewareAnswer(lastDecision.get(by)), shadowed: [], answered: true };
          if (!entry.shadowed.includes(e.hookId)) entry.shadowed.push(e.hookId);
          won.set(by, entry);
        }
      }
    }
    if (e.type === "run.end") exit = { reason: e.exitReason, error: e.error ?? null };
    if (e.type === "point.start") {
      reachedHere.add(e.point);
      for (const id of e.unmatched ?? []) unmatched.add(id);
      const target = matcherTargetOf(e.point);
      const value = target ? valueAt(e.context, target) : undefined;
      const seen = tested.get(e.point) ?? [];
      if (typeof value === "string" && !seen.includes(value)) tested.set(e.point, [...seen, value]);
    } else if (e.type === "hook.start") calls.set(e.hookId, (calls.get(e.hookId) ?? 0) + 1);
    else if (e.type === "hook.end") ends.set(e.hookId, [...(ends.get(e.hookId) ?? []), e]);
    else if (e.type === "tool.call" && !toolNames.includes(e.name)) toolNames.push(e.name);
  }
  const reachedBy = (point: string): string[] => {
    const names = new Set<string>();
    for (const run of args.otherRuns ?? []) if (run.scenario !== scenario && run.events.some((e) => e.type === "point.start" && e.point === point)) names.add(run.scenario);
    for (const [name, points] of Object.entries(args.reach ?? {})) if (name !== scenario && points.includes(point)) names.add(name);
    return [...names];
  };
  const reachKnownForAll = pipeline.scenarios.every((s) => s.name === scenario || (args.reach && s.name in args.reach));

  return pipeline.hooks.map((hook) => {
    const n = calls.get(hook.id) ?? 0;
    const ignoredWrites = uniqueWrites(ends.get(hook.id) ?? []);
    const why = n > 0 ? null : silence(hook);
    const win = n > 0 ? won.get(hook.id) : undefined;
    const wonMessage = win ? wonLine(win) : undefined;
    const notes = [why?.message, wonMessage, ignoredWrites.length > 0 ? ignoredMessage(ignoredWrites) : undefined].filter((m): m is string => m !== undefined);
    return { hookId: hook.id, name: hook.name, point: hook.point, fired: n > 0, calls: n, why, ignoredWrites, ...(win ? { won: { point: win.point, shadowed: win.shadowed } } : {}), message: notes.length > 0 ? notes.join(" ") : null };
  });

  function silence(hook: Hook): SilenceReason {
    if (!hook.enabled) return { kind: "disabled", message: "Disabled: it is switched off, so the host never calls it." };
    const gate = profile?.settings ? gateOf(profile, pipeline, hook, binding?.pluginId?.(pipeline.name) ?? pipeline.name) : null;
    if (gate) return { kind: "gated", by: null, message: `Gated off by the host's plugin settings: ${gate.reason}.` };
    if (fires && !fires.has(hook.point)) {
      return { kind: "gated", by: null, message: `Gated off: ${profile?.name ?? pipeline.profile} never fires ${hook.point} in the loop Hookwright simulates.` };
    }
    if (reachedHere.has(hook.point)) {
      // The point's runner said why it never called this hook (deputy: an earlier hook's non-NULL value won).
      const skipped = notCalled.get(hook.id);
      if (skipped) {
        const reason = skipped.why.replace(/^not called:\s*/i, "");
        const message = `Not called at ${skipped.point}: ${reason}.`;
        if (skipped.by !== null) return { kind: "gated", by: skipped.by, message };
        if (hook.matcher !== null && /pattern|matcher/i.test(reason)) {
          const base = matcherSilence(hook, matcherTargetOf(hook.point));
          return base.kind === "matcher" ? { ...base, message } : base;
        }
        return { kind: "gated", by: null, message };
      }
      const stopper = chainStopper(hook);
      if (stopper) return { kind: "gated", by: stopper.hookId, message: `Gated off: at ${hook.point} the chain stopped at "${nameOf(stopper.hookId)}" (${stopper.what}) before this hook's turn.` };
      const spec = profile?.points.find((p) => p.id === hook.point);
      if (spec?.hasMatcher && hook.matcher !== null && (unmatched.has(hook.id) || !spec.matcherTarget)) return matcherSilence(hook, spec.matcherTarget);
      return { kind: "gated", by: null, message: `Gated off: ${hook.point} ran, but the host did not call this hook.` };
    }
    const stopPoint = binding?.stop?.point;
    if (exit?.reason === "hook_error" && stopPoint === hook.point) {
      const failed = events.find((e) => e.type === "hook.end" && e.error !== null);
      const by = failed?.type === "hook.end" ? failed.hookId : null;
      return { kind: "gated", by, message: `Gated off: the turn ended with a hook failure${by ? ` ("${nameOf(by)}")` : ""} that propagated, and the host does not fire ${hook.point} after one.` };
    }
    const others = reachedBy(hook.point);
    const where = `${scenario !== null ? ` in scenario "${scenario}"` : ""}${exit ? ` (it ended with ${exit.reason})` : ""}`;
    const tail =
      others.length > 0
        ? ` Scenario${others.length > 1 ? "s" : ""} ${others.map((s) => `"${s}"`).join(", ")} reach${others.length > 1 ? "" : "es"} it.`
        : reachKnownForAll && pipeline.scenarios.length > 0
          ? " No scenario of this pipeline reaches it."
          : "";
    const conditional = profile?.points.find((p) => p.id === hook.point)?.conditional;
    const when = conditional && others.length === 0 ? ` It fires only when ${conditional}.` : "";
    return { kind: "not-reached", reachedBy: others, message: `Not reached: the turn never got to ${hook.point}${where}.${tail}${when}` };
  }

  /** In a visit of the hook's point, the hook.end after which the chain ran no further (claimed, blocked, or a failure that propagated). */
  function chainStopper(hook: Hook): { hookId: string; what: string } | null {
    for (const e of events) {
      if (e.type !== "hook.end" || e.point !== hook.point || e.hookId === hook.id) continue;
      if (e.status === "claimed") return { hookId: e.hookId, what: "it claimed the event" };
      if (e.status === "blocked") return { hookId: e.hookId, what: "it blocked" };
      if (e.error !== null) {
        const spec = profile?.points.find((p) => p.id === hook.point);
        if (spec?.failure === "propagate") return { hookId: e.hookId, what: `it failed and the failure propagated: ${e.error}` };
      }
    }
    return null;
  }

  /** "Matcher did not match", naming the field the point tests (tool names, source, trigger …) and the values it had. */
  function matcherSilence(hook: Hook, target: string | undefined): SilenceReason {
    const field = target?.split("/").pop() ?? "tool_name";
    const values = target ? (tested.get(hook.point) ?? []) : toolNames;
    const toolField = field === "tool_name" || field === "toolName";
    const what = toolField ? `the tool name${values.length === 1 ? "" : "s"}` : `${field}`;
    const matcher = Array.isArray(hook.matcher) ? hook.matcher.join(", ") : String(hook.matcher);
    const against = values.length > 0 ? `${what} ${values.map((t) => `"${t}"`).join(", ")}` : toolField ? "no tool calls" : `no ${field}`;
    return { kind: "matcher", tested: values, field, message: `Matcher did not match: "${matcher}" was tested against ${against}, so the host never called it.` };
  }

  function matcherTargetOf(point: string): string | undefined {
    return profile?.points.find((p) => p.id === point)?.matcherTarget;
  }

  function nameOf(hookId: string): string {
    return pipeline.hooks.find((h) => h.id === hookId)?.name ?? hookId;
  }

  function wonLine(win: { point: string; decision: string | null; shadowed: string[]; answered?: boolean }): string {
    const names = win.shadowed.map((id) => `“${nameOf(id)}”`).join(", ");
    if (win.answered) return `Won at ${win.point}: it answered ${win.decision ?? "the event"} without next, so ${names} beneath it ${win.shadowed.length === 1 ? "was" : "were"} not called.`;
    return `Won at ${win.point}: it returned ${win.decision ?? "a result"} first, so ${names} ${win.shadowed.length === 1 ? "was" : "were"} not called.`;
  }
}

/**
 * The hooks a point's result says were not called (`result.notCalled`: `{ hookId, why, by? }`, as
 * deputy's R runtime reports them; `by` is the hook whose result stopped the chain). Read from any
 * trace: a result without the list gives none.
 */
function notCalledOf(result: unknown): { hookId: string; why: string; by: string | null }[] {
  if (typeof result !== "object" || result === null || Array.isArray(result)) return [];
  const list = (result as { notCalled?: unknown }).notCalled;
  if (!Array.isArray(list)) return [];
  return list.flatMap((n: unknown) => {
    if (typeof n !== "object" || n === null) return [];
    const { hookId, why, by } = n as { hookId?: unknown; why?: unknown; by?: unknown };
    return typeof hookId === "string" && typeof why === "string" ? [{ hookId, why, by: typeof by === "string" ? by : null }] : [];
  });
}

/** A hook.end's decision as a word for a sentence (`allow`, `deny`), null when it has none. */
function decisionWord(decision: unknown): string | null {
  if (typeof decision === "string") return decision;
  if (typeof decision === "number" || typeof decision === "boolean") return String(decision);
  return null;
}

function scenarioOf(events: readonly TraceEvent[]): string | null {
  const start = events.find((e) => e.type === "run.start");
  return start?.type === "run.start" ? start.scenario : null;
}

function uniqueWrites(ends: readonly HookEndEvent[]): IgnoredWrite[] {
  const out = new Map<string, string>();
  for (const e of ends) for (const w of e.ignoredWrites ?? []) if (!out.has(w.path)) out.set(w.path, w.reason);
  return [...out].map(([path, reason]) => ({ path, reason }));
}

function ignoredMessage(writes: readonly IgnoredWrite[]): string {
  const first = writes[0] as IgnoredWrite;
  const more = writes.length > 1 ? ` (and ${writes.length - 1} more)` : "";
  return `The host ignores its write to ${first.path}${more}: ${first.reason.replace(/\.$/, "")}.`;
}
