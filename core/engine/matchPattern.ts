/**
 * A Claude Code matcher (semantics.md §3c "Matcher rules"): `*`, "" or none match everything; a
 * name or a `|` alternation of names matches exactly; anything else is a regular expression
 * tested against the value. Case-sensitive: `bash` does not match `Bash`.
 */
const SIMPLE = /^[A-Za-z0-9_|-]+$/;

export function patternMatches(pattern: string | null | undefined, value: string): boolean {
  if (pattern === null || pattern === undefined || pattern === "" || pattern === "*") return true;
  if (SIMPLE.test(pattern)) return pattern.split("|").includes(value);
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
