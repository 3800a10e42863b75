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

/**
 * The hook that answered: its id (the trace's, and `blockedBy`) and the name FIM One's own
 * messages use, `hook.name` (hooks.py:141, :236): a class hook's `name` (base.py:59-60), else
 * the name it was registered under.
 */
export interface FimOneHook {
  id: string;
  name: string;
}

/**
 * One hook's answer folded into the combined result (hooks.py:203-290).
 *
 * @example
 * mergeFimOne("PreToolUse", undefined, { allow: false }, { id: "h1", name: "readonly_guard" }).error; // "Blocked by hook 'readonly_guard'"
 */
export function mergeFimOne(point: FimOnePoint, acc: unknown, next: unknown, hook: FimOneHook): FimOneCombined {
  const prev = combined(acc);
  const r = (next ?? {}) as Rec;
  const effects = Array.isArray(r.side_effects) ? r.side_effects.map(String) : [];
  const out: FimOneCombined = { ...prev, side_effects: [...prev.side_effects, ...effects] };
  if (point === "PreToolUse") {
    // `allow` is read as Python truthiness of the field the dataclass defaults to True.
    if (r.allow !== undefined && !r.allow) {
      out.allow = false;
      out.error = typeof r.error === "string" && r.error !== "" ? r.error : `Blocked by hook '${hook.name}'`;
      out.blockedBy = hook.id;
      return out;
    }
    if (r.modified_args !== undefined && r.modified_args !== null) out.modified_args = r.modified_args as Rec;
    const ask = r.requestApproval;
    if (out.approval === null && ask && typeof ask === "object" && !Array.isArray(ask)) {
      const a = ask as Rec;
      out.approval = {
        hookId: hook.id,
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

/** A hook that threw: fail-open, the chain goes on, with the registry's side effect naming the hook by its name (hooks.py:125-142). */
export function failFimOne(acc: unknown, name: string): FimOneCombined {
  const prev = combined(acc);
  return { ...prev, side_effects: [...prev.side_effects, `Hook '${name}' failed with exception`] };
}

/**
 * PreToolUse, after a hook that kept `ctx.tool_args` (edited it in place, or not at all) rather
 * than assigning another object to it: once a hook has rewritten the args, the registry rebinds
 * `context.tool_args` to the combined `modified_args` itself before each hook (hooks.py:226-227),
 * so the two are one dict and an in-place edit is the combined rewrite's too, which the engine
 * then runs the tool with (react.py:1971-1972). `args` is the context's tool_args after the hook.
 * Before any rewrite there is nothing to update: the dict is the engine's own (see the binding).
 */
export function withArgsEditedInPlace(acc: unknown, args: unknown): unknown {
  if (acc === undefined) return acc;
  const prev = combined(acc);
  if (prev.modified_args === null || args === null || typeof args !== "object" || Array.isArray(args)) return acc;
  return { ...prev, modified_args: args as Rec };
}

/** The context field the next hook sees the combined rewrite in (hooks.py:226-227, 264-265), or null. */
export function fimOneThread(point: FimOnePoint, acc: FimOneCombined): { field: string; value: unknown } | null {
  if (point === "PreToolUse") return acc.modified_args !== null ? { field: "tool_args", value: acc.modified_args } : null;
  if (point === "PostToolUse") return acc.modified_result !== null ? { field: "tool_result", value: acc.modified_result } : null;
  return null;
}
