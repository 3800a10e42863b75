/**
 * FIM One's HookRegistry chain (semantics.md §6c; F:src/fim_one/core/agent/hooks.py:151-297) on
 * the HookResult objects hooks return, one hook at a time in priority order. The fold is the
 * combined HookResult the registry hands the engine; what a hook sees of the previous ones
 * (rewritten tool_args / tool_result) is threaded by foldRun with {@link fimOneThread}.
 */

export type FimOnePoint = "PreToolUse" | "PostToolUse" | "SessionStart";

/** The registry's combined HookResult, as JSON (snake_case, as the seed writes it). */
export interface FimOneCombined {
  allow: boolean;
  error: string | null;
  modified_args: Record<string, unknown> | null;
  modified_result: unknown;
  side_effects: string[];
  /** The hook whose allow:false ended the chain (PreToolUse only). */
  blockedBy: string | null;
  /**
   * PreToolUse: the first hook that asked for a person's confirmation (`requestApproval`, the
   * FeishuGateHook's suspension as a result), with what it asked; null when none did.
   */
  approval: { hookId: string; title: string | null; description: string | null; timeoutMs: number | null } | null;
}

type Rec = Record<string, unknown>;

const EMPTY: FimOneCombined = { allow: true, error: null, modified_args: null, modified_result: null, side_effects: [], blockedBy: null, approval: null };

function combined(acc: unknown): FimOneCombined {
  return acc && typeof acc === "object" && !Array.isArray(acc) ? (acc as FimOneCombined) : { ...EMPTY, side_effects: [] };
}

/** Why a return is not a HookResult, in plain words (the real runner raises on it: §6c.9), or null when it is one. */
export function notAHookResult(value: unknown): string | null {
  if (value === undefined || value === null) {
    return "the hook returned nothing; return a HookResult (`return {}` allows and changes nothing). FIM One's runner raises here (AttributeError: 'NoneType' object has no attribute 'side_effects')";
  }
  if (typeof value !== "object" || Array.isArray(value)) return `the hook returned ${Array.isArray(value) ? "an array" : typeof value}, not a HookResult object`;
  const effects = (value as Rec).side_effects;
  if (effects !== undefined && !Array.isArray(effects)) return "side_effects must be a list of strings (FIM One's runner raises a TypeError on anything else)";
  return null;
}

/** One hook's answer folded into the combined result (hooks.py:203-290). */
export function mergeFimOne(point: FimOnePoint, acc: unknown, next: unknown, hookId: string): FimOneCombined {
  const prev = combined(acc);
  const r = (next ?? {}) as Rec;
  const effects = Array.isArray(r.side_effects) ? r.side_effects.map(String) : [];
  const out: FimOneCombined = { ...prev, side_effects: [...prev.side_effects, ...effects] };
  if (point === "PreToolUse") {
    // `allow` is read as Python truthiness of the field the dataclass defaults to True.
    if (r.allow !== undefined && !r.allow) {
      out.allow = false;
      out.error = typeof r.error === "string" && r.error !== "" ? r.error : `Blocked by hook '${hookId}'`;
      out.blockedBy = hookId;
      return out;
    }
    if (r.modified_args !== undefined && r.modified_args !== null) out.modified_args = r.modified_args as Rec;
    const ask = r.requestApproval;
    if (out.approval === null && ask && typeof ask === "object" && !Array.isArray(ask)) {
      const a = ask as Rec;
      out.approval = {
        hookId,
        title: typeof a.title === "string" ? a.title : null,
        description: typeof a.description === "string" ? a.description : null,
        timeoutMs: typeof a.timeoutMs === "number" && a.timeoutMs > 0 ? a.timeoutMs : null,
      };
    }
    return out;
  }
  // PostToolUse and SessionStart ignore allow and error; the last non-null rewrite wins.
  if (r.modified_result !== undefined && r.modified_result !== null) out.modified_result = r.modified_result;
  return out;
}

/** A hook that threw: fail-open, the chain goes on, with the registry's side effect (hooks.py:125-142). */
export function failFimOne(acc: unknown, hookId: string): FimOneCombined {
  const prev = combined(acc);
  return { ...prev, side_effects: [...prev.side_effects, `Hook '${hookId}' failed with exception`] };
}

/** The context field the next hook sees the combined rewrite in (hooks.py:226-227, 264-265), or null. */
export function fimOneThread(point: FimOnePoint, acc: FimOneCombined): { field: string; value: unknown } | null {
  if (point === "PreToolUse") return acc.modified_args !== null ? { field: "tool_args", value: acc.modified_args } : null;
  if (point === "PostToolUse") return acc.modified_result !== null ? { field: "tool_result", value: acc.modified_result } : null;
  return null;
}
