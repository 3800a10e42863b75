/**
 * The tool matcher as OpenClaw's loader checks it (`normalizePluginToolMatcher`,
 * O:dist/hooks-CKanWLsK.mjs:22-51): a non-empty list of canonical, lower-cased tool ids. `*`,
 * empty entries and the non-canonical aliases throw a TypeError at registration, so the plugin
 * fails to load; the editor refuses them with the same words.
 */

const NON_CANONICAL = new Set(["bash", "exec_command", "apply-patch", "Write", "Edit", "agent"]);

export type MatcherCheck = { ok: true; toolNames: string[] } | { ok: false; reason: string };

/** Checks `matcher` as the loader does; `toolNames` is the loader's normalized (lower-cased, sorted, unique) list. */
export function checkToolMatcher(matcher: unknown): MatcherCheck {
  const fail = (reason: string): MatcherCheck => ({ ok: false, reason: `TypeError: ${reason}` });
  if (!Array.isArray(matcher)) return fail("tool hook matcher must be an array of tool names");
  if (matcher.length === 0) return fail("tool hook matcher must contain at least one tool name");
  const names = new Set<string>();
  for (let i = 0; i < matcher.length; i++) {
    const name: unknown = matcher[i];
    if (typeof name !== "string") return fail("tool hook matcher entries must be non-empty strings");
    const canonical = name.trim().toLowerCase();
    if (!canonical) return fail("tool hook matcher entries must be non-empty strings");
    if (canonical === "*") return fail("tool hook matcher wildcard entries are not supported");
    if (NON_CANONICAL.has(canonical) || NON_CANONICAL.has(name.trim())) return fail("tool hook matcher entries must use canonical OpenClaw tool ids");
    names.add(canonical);
  }
  return { ok: true, toolNames: [...names].sort() };
}

/** Whether a hook with `matcher` (null: none) runs for `toolName` (the runner's pluginToolMatcherCoversTool). */
export function matcherCovers(matcher: readonly string[] | null, toolName: string): boolean {
  if (matcher === null) return true;
  const check = checkToolMatcher(matcher);
  return check.ok && check.toolNames.includes(toolName.trim().toLowerCase());
}
