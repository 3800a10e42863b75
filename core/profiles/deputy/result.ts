import type { ChainResult } from "../../engine/ports";
import type { Json, JsonObject } from "../../json";

/**
 * What deputy's `fire()` returned for one firing, as the R runtime reports it in the point's
 * result: the first non-NULL value (`value`, JSON) and the hook that returned it (`winner`), and
 * why each other hook of the event was not called (its pattern did not match, an earlier hook
 * won, its HookMatcher was refused).
 *
 * An R value with a class (a deputy result) is written `{ "<class>": { …fields } }`, so that
 * `HookResultPreToolUse("deny")` and a plain `list(permission = "deny")` (which deputy ignores)
 * stay apart: `{"HookResultPreToolUse":{"permission":"deny",…}}` vs `{"permission":"deny"}`.
 */
export interface DeputyFireResult {
  winner: string | null;
  value: Json;
  /** `by`: the hook whose non-NULL value stopped the chain before this one was called. */
  notCalled: { hookId: string; why: string; by?: string }[];
}

const isObject = (v: Json | undefined): v is JsonObject => typeof v === "object" && v !== null && !Array.isArray(v);

/** The firing's value (null: every hook returned NULL, or none was called). */
export function firedValue(chain: ChainResult): Json {
  const r = chain.result;
  return isObject(r) && r.value !== undefined ? r.value : null;
}

/** The hook whose value won, or null. */
export function firedWinner(chain: ChainResult): string | null {
  const r = chain.result;
  return isObject(r) && typeof r.winner === "string" ? r.winner : null;
}

/** The winning value's fields when it is a `cls` object (`inherits(x, cls)` for deputy's results), else null. */
export function resultOfClass(chain: ChainResult, cls: string): JsonObject | null {
  const value = firedValue(chain);
  if (!isObject(value)) return null;
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === cls && isObject(value[cls]) ? value[cls] : null;
}

/** `x$name` of the winning value as R reads it: the field of a classed result or of a plain list. */
export function fieldOfValue(chain: ChainResult, name: string): Json | undefined {
  const value = firedValue(chain);
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  const inner = keys.length === 1 && /^HookResult|^PermissionResult/.test(keys[0] ?? "") ? value[keys[0] ?? ""] : value;
  return isObject(inner) ? inner[name] : undefined;
}
