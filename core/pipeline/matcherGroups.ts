import { explainMatch } from "../engine/matcherCovers";
import type { MatcherSyntax } from "../engine/matchPattern";
import type { Hook } from "./schema";

/**
 * The hooks of one event as a host's settings file lists them (Claude Code settings.json /
 * hooks.json: `"PreToolUse": [{ "matcher": "Bash", "hooks": [...] }, …]`): one group per
 * matcher, in the order each matcher first appears; a group's hooks keep registration order.
 * No matcher, "" and "*" all match everything but stay the groups they were written as (the
 * export writes them so); a list matcher (OpenClaw tool ids) is grouped by its ids in order.
 */
export interface MatcherGroup<THook extends Pick<Hook, "id" | "matcher">> {
  /** Stable key: the matcher as written, as JSON (`null` for none, `"Bash"`, `["exec"]`). */
  key: string;
  matcher: Hook["matcher"];
  hooks: THook[];
}

export function groupByMatcher<THook extends Pick<Hook, "id" | "matcher">>(hooks: readonly THook[]): MatcherGroup<THook>[] {
  const groups = new Map<string, MatcherGroup<THook>>();
  for (const hook of hooks) {
    const key = JSON.stringify(hook.matcher);
    const group = groups.get(key) ?? { key, matcher: hook.matcher, hooks: [] };
    group.hooks.push(hook);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** One hook's answer to "would this call reach it?": whether it runs, and why (or why not). */
export interface MatcherTestRow {
  hookId: string;
  name: string;
  runs: boolean;
  why: string;
}

/**
 * Which hooks of a point a call with `value` (its tool name, or the field the point matches:
 * source, trigger …) reaches, as the host decides: a disabled hook never runs; otherwise its
 * matcher decides. In the hooks' own order.
 */
export function testMatchers(hooks: readonly Pick<Hook, "id" | "name" | "matcher" | "enabled">[], value: string, syntax?: MatcherSyntax): MatcherTestRow[] {
  return hooks.map((h) => {
    const { covers, how } = explainMatch(h.matcher, value, syntax);
    if (!h.enabled) return { hookId: h.id, name: h.name, runs: false, why: `disabled (its matcher: ${how})` };
    return { hookId: h.id, name: h.name, runs: covers, why: how };
  });
}
