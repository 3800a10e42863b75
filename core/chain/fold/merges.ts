import type { FieldRule, FoldMerge } from "./spec";
import { mergeFimOne } from "./fimOne";
import { mergeToolsAllow } from "./toolsAllow";

/**
 * The host's merge functions (O:dist/hooks-CKanWLsK.mjs:620-743, 1048-1125, 1259-1276), on the
 * values handlers returned. They read fields with optional chaining exactly as the host does,
 * so odd returns (a string, an array, `{ block: 1 }`) fold the same way.
 */

type Rec = Record<string, unknown>;

/** `value?.[key]` for any value, as JavaScript reads it (a string's `.length` included). */
export function field(value: unknown, key: string): unknown {
  if (value === null || value === undefined) return undefined;
  return (value as Rec)[key];
}

const firstDefined = (prev: unknown, next: unknown): unknown => prev ?? next;
const lastDefined = (prev: unknown, next: unknown): unknown => next ?? prev;
const stickyTrue = (prev: unknown, next: unknown): true | undefined => (prev === true || next === true ? true : undefined);

/** concatOptionalTextSegments: both truthy are joined; otherwise an explicit right wins over the left. */
function concat(left: unknown, right: unknown): unknown {
  if (left && right) return `${String(left)}\n\n${String(right)}`;
  return right ?? left;
}

function applyRule(rule: FieldRule, prev: unknown, next: unknown): unknown {
  switch (rule) {
    case "first-defined":
      return firstDefined(prev, next);
    case "last-defined":
    case "latest-non-nullish":
      return lastDefined(prev, next);
    case "concat":
      return concat(prev, next);
    case "sticky-true":
      return stickyTrue(prev, next);
    case "intersect-tools":
      return mergeToolsAllow(prev, next);
  }
}

function mergeFields(fields: readonly [string, FieldRule][], acc: unknown, next: unknown): Rec {
  const out: Rec = {};
  for (const [name, rule] of fields) {
    const value = applyRule(rule, field(acc, name), field(next, name));
    // The host spreads toolsAllow in only when some handler restricted tools; other keys are always written.
    if (rule === "intersect-tools" && value === undefined) continue;
    out[name] = value;
  }
  return out;
}

/** `{...value}` as object spread sees any value (a string spreads its characters). */
function spread(value: unknown): Rec {
  // Spelled out for strings: QuickJS spreads a primitive string as {} where V8 spreads its characters.
  if (typeof value === "string") return Object.fromEntries([...value].map((ch, i) => [String(i), ch]));
  return { ...(value as object) } as Rec;
}

function mergeToolCall(acc: unknown, next: unknown, pluginId: string): unknown {
  if (field(acc, "block") === true) return acc;
  const approvalAlreadyRequested = field(acc, "requireApproval") !== undefined;
  let params = lastDefined(field(acc, "params"), field(next, "params"));
  // The host snapshots params (structuredClone) when approval is first requested; later handlers cannot change them.
  if (approvalAlreadyRequested) params = field(acc, "params");
  else if (field(next, "requireApproval") && params !== undefined) params = snapshot(params);
  const accApproval = field(acc, "requireApproval");
  const nextApproval = field(next, "requireApproval");
  return {
    params,
    block: stickyTrue(field(acc, "block"), field(next, "block")),
    blockReason: lastDefined(field(acc, "blockReason"), field(next, "blockReason")),
    requireApproval: accApproval ?? (nextApproval ? { ...spread(nextApproval), pluginId } : undefined),
  };
}

/** A deep copy of JSON-like data (the values reaching a fold are already JSON). */
function snapshot(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(snapshot);
  if (typeof value === "object" && value !== null) {
    const out: Rec = {};
    for (const key of Object.keys(value)) out[key] = snapshot((value as Rec)[key]);
    return out;
  }
  return value;
}

const ALLOWED_BLOCK_KEYS = new Set(["outcome", "reason", "message", "category", "metadata"]);

/** isHookDecision (hooks-CKanWLsK.mjs:306-325). */
export function isHookDecision(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const v = value as Rec;
  const keys = Object.keys(v);
  if (v.outcome === "pass") return keys.length === 1;
  if (v.outcome !== "block") return false;
  if (keys.some((key) => !ALLOWED_BLOCK_KEYS.has(key))) return false;
  if (typeof v.reason !== "string" || !v.reason.trim()) return false;
  if ("message" in v && (typeof v.message !== "string" || !v.message.trim())) return false;
  if ("category" in v && (typeof v.category !== "string" || !v.category.trim())) return false;
  if ("metadata" in v && (typeof v.metadata !== "object" || v.metadata === null || Array.isArray(v.metadata))) return false;
  return true;
}

const INVALID_DECISION = "before_agent_run returned an invalid decision";

function mergeGateDecision(acc: unknown, next: unknown): unknown {
  if (next === undefined || next === null) return { outcome: "block", reason: INVALID_DECISION };
  const normalized = isHookDecision(next) ? next : { outcome: "block", reason: INVALID_DECISION };
  return !acc || (field(normalized, "outcome") === "block" && field(acc, "outcome") !== "block") ? normalized : acc;
}

const RETRY_CANDIDATES = Symbol("retryCandidates");
type Revise = Rec & { [RETRY_CANDIDATES]?: Rec[] };

function normalizeRetry(retry: unknown): Rec | undefined {
  const instruction = typeof field(retry, "instruction") === "string" ? (field(retry, "instruction") as string).trim() : "";
  if (!instruction) return undefined;
  return { ...spread(retry), instruction };
}

function readRetryCandidates(result: unknown): Rec[] {
  if (!result || field(result, "action") !== "revise") return [];
  const list = (result as Revise)[RETRY_CANDIDATES] ?? field(result, "retryCandidates");
  if (Array.isArray(list) && list.length > 0) return list.map(normalizeRetry).filter((r): r is Rec => r !== undefined);
  const retry = normalizeRetry(field(result, "retry"));
  return retry ? [retry] : [];
}

function mergeFinalize(acc: unknown, next: unknown): unknown {
  if (field(acc, "action") === "finalize") return acc;
  if (field(next, "action") === "finalize") return { action: "finalize", reason: field(next, "reason") };
  if (field(acc, "action") === "revise" && field(next, "action") === "revise") {
    const candidates = [...readRetryCandidates(acc), ...readRetryCandidates(next)];
    const retry = candidates[0];
    const merged: Revise = { action: "revise", reason: concat(field(acc, "reason"), field(next, "reason")), ...(retry ? { retry } : {}) };
    // The host keeps every candidate on a non-enumerable property: the caller may try them in turn.
    if (candidates.length > 1) Object.defineProperty(merged, RETRY_CANDIDATES, { configurable: true, enumerable: false, value: candidates });
    return merged;
  }
  if (field(acc, "action") === "revise") return acc;
  if (field(next, "action") === "revise") {
    const retry = normalizeRetry(field(next, "retry"));
    return { action: "revise", reason: field(next, "reason"), ...(retry ? { retry } : {}) };
  }
  return field(next, "action") === "continue" ? { action: "continue", reason: field(next, "reason") } : (acc ?? next);
}

/** Folds one handler's return `next` into the accumulated result `acc` (undefined before the first). */
export function mergeResult(merge: FoldMerge, acc: unknown, next: unknown, pluginId: string): unknown {
  switch (merge.kind) {
    case "fields":
      return mergeFields(merge.fields, acc, next);
    case "tool-call":
      return mergeToolCall(acc, next, pluginId);
    case "gate-decision":
      return mergeGateDecision(acc, next);
    case "finalize-action":
      return mergeFinalize(acc, next);
    case "claude-code":
      // Folded all at once in completion order (foldClaudeCode), not pairwise.
      return next;
    case "fim-one":
      // foldRun calls mergeFimOne itself (it needs the hook's name); kept total for other callers.
      return mergeFimOne(merge.point, acc, next, { id: "", name: "" });
  }
}
