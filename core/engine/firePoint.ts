import type { Json, JsonObject } from "../json";
import { orderHooks } from "../pipeline/runOrder";
import type { Hook, Pipeline } from "../pipeline/schema";
import { gateOf } from "../profiles/gating";
import { matcherRulesOf } from "../profiles/pointRules";
import type { HookPointSpec, Profile } from "../profiles/types";
import type { DroppedHook, HookStatus, IgnoredWrite, TraceEvent, UnsequencedTraceEvent } from "../trace/events";
import { applyPatch } from "../trace/jsonPatch";
import type { StageBinding } from "./binding";
import type { ChainResult, HookCallResult, HookRunner } from "./ports";
import { completionPermutation, type CompletionOrderSetting } from "../chain/fold/completionOrder";
import { matcherCovers } from "./matcherCovers";

/** At most this many ignored writes are listed per hook; a hook rewriting a huge array would flood the trace. */
const MAX_IGNORED_WRITES = 100;

export interface FiredPoint<TOut> {
  value: TOut;
  /** A failure that propagated out of the chain (registry modifying/claiming). */
  aborted: ChainResult["aborted"];
}

/**
 * Fires `stage`'s point. `inner`: a "middleware" point's host link beneath its last hook (it may
 * fire other points and run the tool; what it records is written after this point's end).
 */
export type FirePoint = (<TView, TOut>(stage: StageBinding<TView, TOut>, view: TView, inner?: (event: JsonObject) => Promise<Json>) => Promise<FiredPoint<TOut>>) & {
  /**
   * Records an event now, or, while a point's chain is running an inner link, once that point has
   * ended (a point's events are never interleaved with another's: the trace's points do not nest).
   */
  record?: (event: UnsequencedTraceEvent) => TraceEvent;
};

/**
 * Enabled hooks of `point` in the profile's order. With `profile`, hooks the host drops at
 * registration (a plugin setting gates them) are left out; with `context`, hooks whose tool
 * matcher does not cover the call (`spec.matcherTarget`) are left out.
 */
export function hooksForPoint(pipeline: Pipeline, spec: HookPointSpec, scope: { profile?: Profile; context?: JsonObject; pluginId?: string } = {}): Hook[] {
  return selectHooks(pipeline, spec, scope).hooks;
}

/**
 * The hooks {@link hooksForPoint} runs, and the enabled, registered hooks of the point it leaves
 * out only because their matcher does not cover this call (in the profile's order).
 */
export function selectHooks(pipeline: Pipeline, spec: HookPointSpec, scope: { profile?: Profile; context?: JsonObject; pluginId?: string } = {}): { hooks: Hook[]; unmatched: Hook[]; dropped: DroppedHook[] } {
  const { profile, context } = scope;
  // A host that tests a matcher against the whole context (Claude Code mods' filter objects).
  const matchHook = profile ? matcherRulesOf(profile, spec)?.match : undefined;
  if (matchHook && context && spec.hasMatcher) {
    const { hooks, dropped } = selectHooks(pipeline, spec, { ...scope, context: undefined });
    const covers = (h: Hook) => typeof h.matcher !== "string" || h.matcher.trim() === "" || matchHook(h.matcher, context);
    return { hooks: hooks.filter(covers), unmatched: hooks.filter((h) => !covers(h)), dropped };
  }
  const target = spec.matcherTarget && context ? readPointer(context, spec.matcherTarget) : undefined;
  const dropped: DroppedHook[] = [];
  const registered = orderHooks(
    pipeline.hooks.filter((h) => {
      if (h.point !== spec.id) return false;
      const gate = profile?.settings ? gateOf(profile, pipeline, h, scope.pluginId ?? pipeline.name) : null;
      if (gate && h.enabled) dropped.push({ hookId: h.id, name: h.name, setting: gate.setting, reason: gate.reason });
      return gate === null;
    }),
    spec.ordering,
  );
  if (typeof target !== "string") return { hooks: registered, unmatched: [], dropped };
  const covers = (h: Hook) => matcherCovers(h.matcher, target, spec.matcherSyntax);
  return { hooks: registered.filter(covers), unmatched: registered.filter((h) => !covers(h)), dropped };
}

function readPointer(doc: JsonObject, pointer: string): Json | undefined {
  let node: Json | undefined = doc;
  for (const raw of pointer.split("/").slice(1)) {
    const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    node = isObject(node) && Object.prototype.hasOwnProperty.call(node, key) ? node[key] : undefined;
  }
  return node;
}

/**
 * Fires hook points for the loop: builds the context, runs the chain through the runner,
 * records point.start, hook.start/hook.end per call and point.end, and returns what the host
 * reads back. A point without enabled hooks records nothing and reads back its own context.
 */
export function createFirePoint(options: {
  pipeline: Pipeline;
  profile: Profile;
  runner: HookRunner;
  record: (event: UnsequencedTraceEvent) => TraceEvent;
  /** The plugin id hooks are registered under (fold points: approvals and failure messages name it). */
  pluginId?: string;
  /** Parallel points: the order their hooks complete in (the scenario's completionOrder). */
  completionOrder?: CompletionOrderSetting;
}): FirePoint {
  const { pipeline, profile, runner } = options;
  /** Firings per point, so a seeded order differs from one firing to the next yet replays exactly. */
  const firings = new Map<string, number>();
  const pluginId = options.pluginId ?? pipeline.name;
  const specs = new Map(profile.points.map((p) => [p.id, p]));
  const commands = profile.hookCommands?.(pipeline) ?? null;
  /**
   * Inner links running (see FirePoint.record), and what they recorded with the depth they were
   * recorded at, to write after the outermost point ends. Points do not nest in the trace: a point
   * fired inside another's inner link is written after that point's end (settle).
   */
  let depth = 0;
  const held: { level: number; event: UnsequencedTraceEvent }[] = [];
  const record = (event: UnsequencedTraceEvent): TraceEvent => {
    if (depth === 0) return options.record(event);
    held.push({ level: depth, event });
    // Nothing reads a held event's seq; it gets its real one when written.
    return { seq: 0, ...event } as TraceEvent;
  };
  /**
   * A point fired at `level` ended: what links inside it recorded (deeper levels, interleaved with
   * its own events from `mark` on) moves after its own events, in the order recorded; at level 0
   * everything held is written.
   */
  const settle = (level: number, mark: number) => {
    if (level > 0) {
      const since = held.splice(mark);
      held.push(...since.filter((h) => h.level === level), ...since.filter((h) => h.level !== level));
    }
    if (depth === 0) for (const { event } of held.splice(0)) options.record(event);
  };

  async function fire<TView, TOut>(stage: StageBinding<TView, TOut>, view: TView, explicitInner?: (event: JsonObject) => Promise<Json>): Promise<FiredPoint<TOut>> {
    const link = stage.innerLink;
    const inner = explicitInner ?? (link ? (event: JsonObject) => link(event, view, { fire }) : undefined);
    const spec = specs.get(stage.point);
    if (!spec) throw new Error(`binding fires "${stage.point}", which profile "${profile.id}" does not define`);
    const level = depth;
    const mark = held.length;
    const release = () => settle(level, mark);
    if (stage.when && !stage.when(view)) {
      const context = stage.context(view);
      return { value: stage.readBack(context, view, { calls: [], context, result: null }).value, aborted: null };
    }
    const context = stage.context(view);
    const { hooks, unmatched, dropped } = selectHooks(pipeline, spec, { profile, context, pluginId });
    // Hooks whose matcher left them out, and hooks the loader dropped, are named on point.start,
    // so a viewer can tell "its matcher did not match" or "the host never registered it" from "the
    // point was never reached": with no hook left, the point is still recorded (start and end,
    // nothing ran), which the host itself never shows.
    const left = { ...(unmatched.length > 0 ? { unmatched: unmatched.map((h) => h.id) } : {}), ...(dropped.length > 0 ? { dropped } : {}) };
    if (hooks.length === 0) {
      const shown = unmatched.length > 0 || dropped.length > 0;
      if (shown) record({ type: "point.start", point: spec.id, edge: stage.edge, context, ...left });
      // No middleware: the host's own link answers the event as it came.
      let result: Json | null = null;
      if (inner && spec.execution === "middleware") {
        if (shown) record({ type: "point.end", point: spec.id, result: null });
        depth += 1;
        try {
          result = await inner(context);
        } finally {
          depth -= 1;
          release();
        }
      } else if (shown) record({ type: "point.end", point: spec.id, result: spec.execution === "fold" ? null : readBackFields(context, spec, {}) });
      return { value: stage.readBack(context, view, { calls: [], context, result }).value, aborted: null };
    }

    record({ type: "point.start", point: spec.id, edge: stage.edge, context, ...left });
    const firing = (firings.get(spec.id) ?? 0) + 1;
    firings.set(spec.id, firing);
    const parallelFold = (s: HookPointSpec, hs: Hook[]) => ({
      fold: {
        ...(s.fold as NonNullable<HookPointSpec["fold"]>),
        hookName: s.id,
        pluginId,
        args: s.args ?? ["event", "ctx"],
        completionOrder: completionPermutation(options.completionOrder, hs.length, `${s.id}#${firing}`),
        onFailure: hs.map((h) => h.onFailure ?? "continue"),
        ...(commands ? { commands: hs.map((h) => commands.get(h.id) ?? null) } : {}),
      },
    });
    let chain: ChainResult;
    if (inner) depth += 1;
    try {
      chain = await runner.runChain({
        point: spec.id,
        execution: spec.execution,
        hookIds: hooks.map((h) => h.id),
        context,
        aliases: stage.aliases,
        loggerField: spec.fields.find((f) => f.hostObject)?.name ?? null,
        ...(spec.execution === "fold" && spec.fold
          ? {
              // hookNames: the rows' names, which a host may name hooks by (FIM One); the sandbox puts a class hook's own `name` first.
              fold: { ...spec.fold, hookName: spec.id, pluginId, args: spec.args ?? ["event", "ctx"], hookNames: hooks.map((h) => h.name) },
              timeouts: hooks.map((h) => h.timeoutMs ?? spec.fold?.defaultTimeoutMs ?? null),
              ...(spec.fold.kind === "parallel" ? parallelFold(spec, hooks) : {}),
            }
          : {}),
        ...(spec.execution === "middleware" ? { middleware: spec.middleware, ...(inner ? { inner } : {}) } : {}),
      });
    } catch (error) {
      if (inner) depth -= 1;
      // Keep the trace well-formed for the run's internal_error ending.
      record({ type: "point.end", point: spec.id });
      release();
      throw error;
    }
    if (inner) depth -= 1;
    const { value, unread = {} } = stage.readBack(chain.context, view, chain);
    const names = new Map(hooks.map((h) => [h.id, h.name]));
    let current = context;
    for (const call of chain.calls) {
      const before = current;
      if (stage.decisionField !== undefined && call.patch.length > 0) current = applyPatch(current, call.patch);
      record({ type: "hook.start", hookId: call.hookId, point: spec.id, name: names.get(call.hookId) });
      record({
        type: "hook.end",
        hookId: call.hookId,
        point: spec.id,
        patch: call.patch,
        error: call.failure ? call.failure.message : null,
        errorLocation: call.failure?.location ?? null,
        durationMs: call.durationMs,
        logs: call.warnings ? [...call.logs, ...call.warnings.map((message) => ({ level: "warn" as const, message }))] : call.logs,
        status: statusOf(call),
        ignoredWrites: ignoredWrites(call, spec, stage.aliases ?? [], unread),
        ...(call.output !== undefined ? { output: call.output } : {}),
        ...(spec.execution === "fold" ? outputDecision(call, spec) : call.middleware ? middlewareDecision(call, spec, names) : decisionOf(call, stage.decisionField, before, current)),
        clock: call.clock,
        random: call.random,
        ...(call.files?.length ? { files: call.files } : {}),
        ...(call.requests?.length ? { requests: call.requests } : {}),
        ...(call.env?.length ? { env: call.env } : {}),
        ...(call.inference?.length ? { inference: call.inference } : {}),
        ...(call.published?.length ? { published: call.published } : {}),
        ...(call.process ? { process: call.process } : {}),
        ...(call.middleware ? { middleware: { outcome: call.middleware.outcome, stoppedBy: call.middleware.stoppedBy ?? null, nextCalls: call.middleware.nextCalls } } : {}),
      });
    }
    if (spec.execution === "fold" || spec.execution === "middleware") {
      record({ type: "point.end", point: spec.id, result: chain.pointError ? null : (chain.result ?? null), ...(chain.pointError ? { error: chain.pointError } : {}) });
    } else record({ type: "point.end", point: spec.id, result: readBackFields(chain.context, spec, unread) });
    release();
    return { value, aborted: chain.aborted ?? null };
  }
  return Object.assign(fire, { record });
}

/** A middleware's card: passed on, rewrote, answered (what), failed, or not reached (whose answer stopped it). */
function middlewareDecision(call: HookCallResult, spec: HookPointSpec, names: ReadonlyMap<string, string>): { decision: Json } {
  const m = call.middleware as NonNullable<HookCallResult["middleware"]>;
  const twice = m.nextCalls > 1 ? ` (next called ${m.nextCalls} times)` : "";
  switch (m.outcome) {
    case "answered":
      return { decision: `answered: ${spec.middleware?.describeAnswer?.(call.returned ?? null) ?? "a result"}` };
    case "not-reached":
      return { decision: m.stoppedBy ? `not reached: ${names.get(m.stoppedBy) ?? m.stoppedBy} answered above it` : "not reached" };
    case "failed":
      return { decision: `failed, skipped${twice}` };
    default:
      // Called next, then answered with something of its own (a deny after next, an updatedInput).
      if (m.ownAnswer) return { decision: `${m.outcome}, then answered: ${spec.middleware?.describeAnswer?.(call.returned ?? null) ?? "a result"}${twice}` };
      return { decision: `${m.outcome}${twice}` };
  }
}

/** A fold hook's decision, named by the point's rules from what it returned. */
function outputDecision(call: HookCallResult, spec: HookPointSpec): { decision?: Json } {
  const output = call.output;
  if (!isObject(output)) return {};
  for (const rule of spec.decisionRules ?? []) {
    // A field starting with "/" is a JSON pointer into the output (Claude Code's hookSpecificOutput/permissionDecision).
    const value = rule.field.startsWith("/") ? readPointer(output, rule.field) : output[rule.field];
    const hit = rule.equals !== undefined ? value === rule.equals : Boolean(value);
    if (!hit) continue;
    if (rule.useValue) return value === undefined ? {} : { decision: value };
    return { decision: rule.name ?? rule.field };
  }
  return {};
}

function statusOf(call: HookCallResult): HookStatus {
  if (call.failure) return call.failure.kind;
  if (call.middleware) return call.middleware.outcome === "answered" ? "claimed" : call.patch.length > 0 ? "changed" : "unchanged";
  if (call.claimed) return isObject(call.returned) && typeof call.returned.error === "string" ? "blocked" : "claimed";
  return call.patch.length > 0 ? "changed" : "unchanged";
}

function decisionOf(call: HookCallResult, field: string | undefined, before: JsonObject, after: JsonObject): { decision?: Json } {
  if (call.claimed && call.returned !== undefined) return { decision: call.returned };
  if (field === undefined || before[field] === after[field]) return {};
  const value = after[field];
  return value === undefined ? {} : { decision: value };
}

function ignoredWrites(call: HookCallResult, spec: HookPointSpec, aliases: readonly string[][], unread: Record<string, string>): IgnoredWrite[] {
  const out = new Map<string, string>();
  for (const w of call.droppedWrites ?? []) out.set(w.path, w.reason);
  for (const op of call.patch) {
    if (out.size >= MAX_IGNORED_WRITES) break;
    const field = topField(op.path);
    const reason = fieldReason(field, spec, aliases, unread);
    if (reason !== null && !out.has(op.path)) out.set(op.path, reason);
  }
  return [...out].slice(0, MAX_IGNORED_WRITES).map(([path, reason]) => ({ path, reason }));
}

/** Why the host ignores a write to `field`, or null when it reads it back. */
function fieldReason(field: string, spec: HookPointSpec, aliases: readonly string[][], unread: Record<string, string>): string | null {
  const f = spec.fields.find((x) => x.name === field);
  if (!f) return `"${field}" is not a field of ${spec.contextType}: later hooks see it, the host ignores it`;
  if (f.readBack) return unread[field] ?? null;
  const group = aliases.find((g) => g.includes(`/${field}`));
  const partner = group?.map(topField).find((name) => name !== field && spec.fields.some((x) => x.name === name && x.readBack));
  if (partner !== undefined) return `${field} is the same array as ${partner}: the host reads the change back through ${partner}`;
  return spec.fields.some((x) => x.readBack)
    ? `${field} is read-only: later hooks see the change, the host does not read it back`
    : `the host reads nothing back from ${spec.id}`;
}

function topField(pointer: string): string {
  const token = pointer.split("/")[1] ?? "";
  return token.replace(/~1/g, "/").replace(/~0/g, "~");
}

/** The fields the host actually reads back this time (a field this outcome leaves unread is left out). */
function readBackFields(context: JsonObject, spec: HookPointSpec, unread: Record<string, string>): JsonObject {
  const out: JsonObject = {};
  for (const f of spec.fields) {
    const v = f.readBack && !(f.name in unread) ? context[f.name] : undefined;
    if (v !== undefined) out[f.name] = v;
  }
  return out;
}

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
