import type { Hook } from "../pipeline/schema";
import { patternMatches } from "./matchPattern";

/**
 * Whether a hook's matcher covers `target` (the tool name, source, trigger … its point tests),
 * in the host's own shape: a pattern string (Claude Code: exact, `a|b`, a regex, `*`), or a list
 * of tool ids (OpenClaw: compared trimmed and case-insensitively); none covers everything.
 */
export function matcherCovers(matcher: Hook["matcher"], target: string): boolean {
  if (typeof matcher === "string") return patternMatches(matcher, target);
  if (!Array.isArray(matcher)) return true;
  const wanted = target.trim().toLowerCase();
  return matcher.some((name) => name.trim().toLowerCase() === wanted);
}
