import type { Hook, Pipeline } from "../pipeline/schema";
import { runtimeKindOf } from "../pipeline/runtimeSchema";
import type { HookPointSpec, Profile } from "../profiles/types";
import { translateMatcher } from "./matcher";
import { translateScenario } from "./scenario";
import type { HostTranslation, TranslationNote, TranslationResult } from "./types";

/**
 * `pipeline` (on `source`'s profile) rewritten for `target`'s host by the table `t`: each hook on
 * its event there (or left out, saying why), its matcher read the same way, its timeout kept where
 * the hosts' defaults differ, its command's host variables replaced, its types imported from the
 * target's module; the scenarios in the target's tool names. Every change and every behaviour the
 * target host has differently for what a hook does is a note, per hook, in plain words.
 */
export function translatePipeline(pipeline: Pipeline, t: HostTranslation, source: Profile, target: Profile): TranslationResult<Pipeline> {
  const notes: TranslationNote[] = [];
  const hooks: Hook[] = [];
  const retype = (code: string) => code.split(`"${source.typesModule}"`).join(`"${target.typesModule}"`).split(`'${source.typesModule}'`).join(`'${target.typesModule}'`);
  for (const hook of pipeline.hooks) {
    const note = (kind: TranslationNote["kind"], text: string) => notes.push({ hookId: hook.id, hookName: hook.name, kind, text });
    const mapped = t.events[hook.point];
    if (typeof mapped !== "string") {
      note("dropped", mapped?.none ?? `${t.toName} has no ${hook.point} event`);
      continue;
    }
    const event = mapped;
    const targetPoint = target.points.find((p) => p.id === event);
    const sourcePoint = source.points.find((p) => p.id === hook.point);
    if (!targetPoint || !sourcePoint) {
      note("dropped", `${t.toName}'s profile has no ${event} point`);
      continue;
    }
    const kind = runtimeKindOf(hook);
    if (!(target.runtimes ?? ["function"]).includes(kind)) {
      note("dropped", `${t.toName} cannot run a ${kind} hook`);
      continue;
    }
    let next: Hook = { ...hook, point: event };
    if (hook.matcher !== null) {
      if (!targetPoint.hasMatcher) {
        next = { ...next, matcher: null };
        note("changed", `${t.toName} ignores a matcher on ${event}: the hook runs on every ${event}`);
      } else {
        const m = translateMatcher(hook.matcher, t, { from: sourcePoint.matcherSyntax ?? "claude-code", to: targetPoint.matcherSyntax ?? "claude-code" });
        for (const text of m.notes) note(m.never ? "dropped" : "changed", text);
        if (m.never) continue;
        next = { ...next, matcher: m.matcher };
      }
    }
    const sourceTimeout = defaultTimeout(sourcePoint, source);
    const targetTimeout = defaultTimeout(targetPoint, target);
    if (hook.timeoutMs === undefined && sourceTimeout !== null && targetTimeout !== null && sourceTimeout !== targetTimeout) {
      next = { ...next, timeoutMs: sourceTimeout };
      note("changed", `timeout set to ${sourceTimeout / 1000} s, ${t.fromName}'s default (${t.toName}'s is ${targetTimeout / 1000} s)`);
    }
    if (hook.onFailure !== undefined && !targetPoint.onFailure) {
      const { onFailure: _dropped, ...rest } = next;
      next = rest;
      note("changed", `onFailure "${hook.onFailure}" left out: ${t.toName} has no such setting (a failing hook never blocks there)`);
    }
    if (hook.runtime?.kind === "command") {
      const rewritten = t.command?.(hook.runtime.command) ?? null;
      if (rewritten) {
        next = { ...next, runtime: { ...hook.runtime, command: rewritten.command } };
        note("changed", `its command: ${rewritten.note}`);
      }
    } else if (kind === "function") next = { ...next, code: retype(hook.code) };
    hooks.push(next);
  }
  // Behaviours the target has differently, for the hooks whose code shows them.
  for (const hook of hooks) {
    for (const b of t.behaviours) {
      if (b.event !== hook.point || !shows(hook, b.when) || (b.unless && shows(hook, b.unless))) continue;
      if (b.several && !hooks.some((other) => other !== hook && other.point === hook.point && shows(other, b.when))) continue;
      if (b.beyondTools && hook.matcher !== null && typeof hook.matcher === "string" && hook.matcher.split("|").every((n) => b.beyondTools?.includes(n))) continue;
      notes.push({ hookId: hook.id, hookName: hook.name, kind: "differs", text: b.text });
    }
  }
  const scenarios = pipeline.scenarios.map((s) => translateScenario(s, t));
  if (pipeline.externalHooks && pipeline.externalHooks.length > 0) {
    notes.push({ hookId: null, hookName: null, kind: "dropped", text: `${pipeline.externalHooks.length} hook${pipeline.externalHooks.length === 1 ? "" : "s"} Hookwright keeps but cannot run (imported as they were) left out: move ${pipeline.externalHooks.length === 1 ? "it" : "them"} by hand` });
  }
  const translated: Pipeline = {
    ...pipeline,
    profile: target.id,
    hooks,
    modules: pipeline.modules.map((m) => ({ ...m, code: retype(m.code) })),
    scenarios,
    externalHooks: [],
  };
  return { pipeline: translated, notes };
}

/** Whether the hook's code (or command line) shows `pattern`; null shows always. */
function shows(hook: Hook, pattern: RegExp | null): boolean {
  return pattern === null || pattern.test(`${hook.code}\n${hook.runtime?.kind === "command" ? hook.runtime.command : ""}`);
}

/** What a hook on `point` gets when it sets no timeout: the point's fold default, else the host's command default. */
function defaultTimeout(point: HookPointSpec, profile: Profile): number | null {
  const fold = point.fold;
  if (fold && "defaultTimeoutMs" in fold && typeof fold.defaultTimeoutMs === "number") return fold.defaultTimeoutMs;
  return profile.commandProtocol?.defaultTimeoutMs ?? null;
}
