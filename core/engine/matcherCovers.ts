import type { Hook } from "../pipeline/schema";
import { isNameList, patternMatches, type MatcherSyntax } from "./matchPattern";

/**
 * Whether a hook's matcher covers `target` (the tool name, source, trigger … its point tests),
 * in the host's own shape: a pattern string (Claude Code: exact, `a|b`, a regex, `*`), or a list
 * of tool ids (OpenClaw: compared trimmed and case-insensitively); none covers everything.
 */
export function matcherCovers(matcher: Hook["matcher"], target: string, syntax?: MatcherSyntax): boolean {
  if (typeof matcher === "string") return patternMatches(matcher, target, syntax);
  if (!Array.isArray(matcher)) return true;
  const wanted = target.trim().toLowerCase();
  return matcher.some((name) => name.trim().toLowerCase() === wanted);
}

/** {@link matcherCovers}, with the rule that decided it in words ("exactly \"Bash\"", "the regular expression …"). */
export function explainMatch(matcher: Hook["matcher"], target: string, syntax?: MatcherSyntax): { covers: boolean; how: string } {
  const covers = matcherCovers(matcher, target, syntax);
  const shown = JSON.stringify(target);
  if (matcher === null || matcher === "" || matcher === "*") return { covers, how: `no matcher${matcher === "*" ? " (*)" : ""}: every value` };
  if (Array.isArray(matcher)) return { covers, how: covers ? `${shown} is listed` : `${shown} is not one of ${matcher.join(", ")}` };
  if (isNameList(matcher, syntax)) {
    const names = matcher.split("|");
    if (names.length === 1) return { covers, how: covers ? `exactly ${shown}` : `not exactly ${JSON.stringify(matcher)} (case-sensitive)` };
    return { covers, how: covers ? `${shown} is one of ${names.join(", ")}` : `not one of ${names.join(", ")} (case-sensitive)` };
  }
  try {
    new RegExp(matcher);
  } catch {
    return { covers, how: "not a valid regular expression: it matches nothing" };
  }
  return { covers, how: `the regular expression /${matcher}/ ${covers ? "matches" : "does not match"}` };
}
