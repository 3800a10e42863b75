/**
 * A Claude Code matcher (semantics.md §3c "Matcher rules"): `*`, "" or none match everything; a
 * name or a `|` alternation of names matches exactly; anything else is a regular expression
 * tested against the value. Case-sensitive: `bash` does not match `Bash`.
 */
const SIMPLE = /^[A-Za-z0-9_|-]+$/;
/** Codex CLI: only letters, digits, `_` and `|` make an exact name list; `-` makes a regex (codex.md §4). */
const CODEX_SIMPLE = /^[A-Za-z0-9_|]+$/;

/** Whose reading of a pattern string: Claude Code's (default) or Codex CLI's. */
export type MatcherSyntax = "claude-code" | "codex";

/** Whether `pattern` is read as a list of exact names under `syntax`. */
export function isNameList(pattern: string, syntax: MatcherSyntax = "claude-code"): boolean {
  return (syntax === "codex" ? CODEX_SIMPLE : SIMPLE).test(pattern);
}

export function patternMatches(pattern: string | null | undefined, value: string, syntax: MatcherSyntax = "claude-code"): boolean {
  if (pattern === null || pattern === undefined || pattern === "" || pattern === "*") return true;
  if (isNameList(pattern, syntax)) return pattern.split("|").includes(value);
  try {
    return new RegExp(pattern).test(value);
  } catch {
    return false;
  }
}

/** Why the host cannot use this pattern (an invalid regex), or null. */
export function checkPattern(pattern: string): string | null {
  if (pattern === "" || pattern === "*" || SIMPLE.test(pattern)) return null;
  try {
    new RegExp(pattern);
    return null;
  } catch (error) {
    return `"${pattern}" is not a valid regular expression: ${error instanceof Error ? error.message : String(error)}`;
  }
}
