import { isNameList, type MatcherSyntax } from "../engine/matchPattern";
import type { HostTranslation } from "./types";

export interface MatcherTranslation {
  matcher: string | null;
  /** No tool the hook matched exists on the target: the hook would never run there. */
  never: boolean;
  notes: string[];
}

const escapeRegex = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * A tool matcher read as the source host reads it, written so the target reads the same tools:
 * a name list has its tools renamed (`Edit|Write` → `apply_patch`) and those the target lacks left
 * out; a list the target would read as a regex (Codex: a `-` in a name) becomes an anchored regex,
 * and a regex the target would read as a name list is grouped so it stays one.
 */
export function translateMatcher(
  matcher: string | readonly string[] | null,
  t: HostTranslation,
  syntax: { from: MatcherSyntax; to: MatcherSyntax },
): MatcherTranslation {
  if (matcher === null) return { matcher: null, never: false, notes: [] };
  const pattern = typeof matcher === "string" ? matcher : matcher.join("|");
  if (pattern === "" || pattern === "*") return { matcher: pattern, never: false, notes: [] };
  const notes: string[] = [];
  if (isNameList(pattern, syntax.from) || typeof matcher !== "string") {
    const names = pattern.split("|").filter((n) => n !== "");
    const out: string[] = [];
    const missing: string[] = [];
    const renamed = new Map<string, string[]>();
    for (const name of names) {
      const mapped = t.hookTools[name] ?? [name];
      if (mapped.length === 0) missing.push(name);
      else if (mapped.length !== 1 || mapped[0] !== name) renamed.set(mapped.join(" or "), [...(renamed.get(mapped.join(" or ")) ?? []), name]);
      for (const m of mapped) if (!out.includes(m)) out.push(m);
    }
    for (const { pattern: namePattern, text } of t.toolNameNotes ?? []) {
      const named = names.filter((n) => namePattern.test(n));
      if (named.length > 0) notes.push(`its matcher's ${named.join(", ")}: ${text}`);
    }
    for (const [to, from] of renamed) notes.push(`its matcher's ${from.join(" and ")} ${from.length === 1 ? "is" : "are"} ${to} in ${t.toName}: the hook sees that tool's input, shaped as ${t.toName} shapes it`);
    if (missing.length > 0) notes.push(`${t.toName} has no ${missing.join(", ")} tool: ${out.length > 0 ? "left out of the matcher" : "the hook would never run there"}`);
    if (out.length === 0) return { matcher: null, never: true, notes };
    const list = out.join("|");
    if (isNameList(list, syntax.to)) return { matcher: list, never: false, notes };
    notes.push(`${t.toName} would read "${list}" as a regex, so it is written as ^(?:${out.map(escapeRegex).join("|")})$ to keep matching exactly these names`);
    return { matcher: `^(?:${out.map(escapeRegex).join("|")})$`, never: false, notes };
  }
  // A regex: both read it unanchored; only a regex the target would take for a name list is changed.
  for (const { pattern: namePattern, text } of t.toolNameNotes ?? []) if (namePattern.test(pattern)) notes.push(`its matcher /${pattern}/ names MCP tools: ${text}`);
  const renamed = new Map<string, string[]>();
  for (const [name, to] of Object.entries(t.hookTools)) {
    if (!safeTest(pattern, name) || (to.length === 1 && to[0] === name)) continue;
    const as = to.length > 0 ? `${to.join(" or ")} in ${t.toName}` : `no tool in ${t.toName}`;
    renamed.set(as, [...(renamed.get(as) ?? []), name]);
  }
  if (renamed.size > 0) notes.push(`its matcher /${pattern}/ matches ${[...renamed].map(([as, names]) => `${names.join(", ")} (${as})`).join(" and ")}: check that it matches what you mean there`);
  if (isNameList(pattern, syntax.to)) {
    notes.push(`${t.toName} would read "${pattern}" as exact names, so it is written as (?:${pattern}) to stay a regex`);
    return { matcher: `(?:${pattern})`, never: false, notes };
  }
  return { matcher: pattern, never: false, notes };
}

function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
}
