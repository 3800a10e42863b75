/**
 * before_prompt_build `toolsAllow` intersection, as the host's runner does it
 * (O:dist/hooks-CKanWLsK.mjs:627-673, tool-policy-shared, tool-policy-match, glob-pattern):
 * a single restriction is returned exactly as given; two or more are lower-cased, aliased
 * (bash → exec) and glob-matched before they are intersected. Named tool groups
 * ("group:fs") are not expanded here: docs/openclaw.md lists that difference.
 */

const TOOL_NAME_ALIASES = new Map([
  ["bash", "exec"],
  ["apply-patch", "apply_patch"],
  ["cron", "automations"],
]);

/** The independent restrictions the host attaches to a merged list (a non-enumerable symbol there). */
const RESTRICTIONS = Symbol("toolAllowlistIntersection");

type Restricted = string[] & { [RESTRICTIONS]?: string[][] };

function lowerOrEmpty(value: unknown): string {
  return typeof value === "string" ? value.trim().toLowerCase() : "";
}

export function normalizeToolPolicyName(name: unknown): string {
  const normalized = lowerOrEmpty(name);
  return TOOL_NAME_ALIASES.get(normalized) ?? normalized;
}

function normalizeToolList(list: readonly unknown[]): string[] {
  return list.map(normalizeToolPolicyName).filter(Boolean);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}

type Pattern = { kind: "all" } | { kind: "exact"; value: string } | { kind: "regex"; value: RegExp };

function compile(raw: readonly string[]): Pattern[] {
  return raw
    .map((entry): Pattern => {
      const normalized = normalizeToolPolicyName(entry);
      if (!normalized) return { kind: "exact", value: "" };
      if (normalized === "*") return { kind: "all" };
      if (!normalized.includes("*")) return { kind: "exact", value: normalized };
      return { kind: "regex", value: new RegExp(`^${normalized.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").split("\\*").join(".*")}$`) };
    })
    .filter((p) => p.kind !== "exact" || p.value !== "");
}

function matchesAny(value: string, patterns: readonly Pattern[]): boolean {
  return patterns.some((p) => p.kind === "all" || (p.kind === "exact" ? p.value === value : p.value.test(value)));
}

function allowMatcher(allow: readonly string[]): (name: string) => boolean {
  const patterns = compile(unique(normalizeToolList(allow)));
  return (name) => {
    const normalized = normalizeToolPolicyName(name);
    if (patterns.length === 0) return true;
    if (matchesAny(normalized, patterns)) return true;
    return normalized === "apply_patch" && matchesAny("write", patterns);
  };
}

function normalizeHookToolsAllow(value: unknown): unknown[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) return [];
  if (value.some((entry) => typeof entry !== "string")) return [];
  return value as unknown[];
}

function readRestrictions(value: unknown): unknown[][] {
  const normalized = normalizeHookToolsAllow(value);
  if (normalized === undefined) return [];
  const attached = Array.isArray(value) ? (value as Restricted)[RESTRICTIONS] : undefined;
  return attached ? attached.map((r) => normalizeHookToolsAllow(r) ?? []) : [normalized];
}

function intersect(left: unknown[] | undefined, right: unknown[]): unknown[] {
  if (left === undefined) return right;
  if (left.length === 0 || right.length === 0) return [];
  const l = unique(normalizeToolList(left));
  const r = unique(normalizeToolList(right));
  if (l.includes("*")) return r;
  if (r.includes("*")) return l;
  const ml = allowMatcher(l);
  const mr = allowMatcher(r);
  return unique(normalizeToolList([...l, ...r])).filter((name) => ml(name) && mr(name));
}

/** The merged `toolsAllow` of `acc` and `next`, or undefined when neither restricts tools. */
export function mergeToolsAllow(acc: unknown, next: unknown): unknown[] | undefined {
  const restrictions = [...readRestrictions(acc), ...readRestrictions(next)];
  if (restrictions.length === 0) return undefined;
  const merged = [...(restrictions.reduce<unknown[] | undefined>(intersect, undefined) ?? [])] as Restricted;
  Object.defineProperty(merged, RESTRICTIONS, { configurable: true, enumerable: false, value: restrictions });
  return merged;
}
