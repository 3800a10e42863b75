import type { Json, JsonObject } from "../../json";
import type { HostPayloadReader } from "../types";

/**
 * FIM One's own payload of a hook point: the HookContext dataclass the registry hands every hook
 * (F:src/fim_one/core/agent/hooks.py:34-56), as a log or `dataclasses.asdict` shows it. Hookwright's
 * point context is `{ ctx: HookContext }` (the hook's one argument).
 */

/** HookContext's fields, in the dataclass's order; all but hook_point default to None (hooks.py:49-56). */
export const HOOK_CONTEXT_FIELDS = ["hook_point", "tool_name", "tool_args", "tool_result", "agent_id", "user_id", "conversation_id", "metadata"] as const;

/** HookPoint's members (hooks.py:26-31): Hookwright's point id by the member's value and name. */
const HOOK_POINTS: Record<string, string> = {
  pre_tool_use: "PreToolUse",
  post_tool_use: "PostToolUse",
  session_start: "SessionStart",
  PRE_TOOL_USE: "PreToolUse",
  POST_TOOL_USE: "PostToolUse",
  SESSION_START: "SessionStart",
};

/** The point a logged `hook_point` names: FIM One's value (`pre_tool_use`), its member (`HookPoint.PRE_TOOL_USE`) or Hookwright's id. */
function pointOf(value: Json | undefined): string | undefined {
  if (typeof value !== "string") return undefined;
  const bare = value.startsWith("HookPoint.") ? value.slice("HookPoint.".length) : value;
  if (Object.values(HOOK_POINTS).includes(bare)) return bare;
  return Object.prototype.hasOwnProperty.call(HOOK_POINTS, bare) ? HOOK_POINTS[bare] : undefined;
}

export const fimOneHostPayload: HostPayloadReader = {
  describe: () => `FIM One's HookContext itself (${HOOK_CONTEXT_FIELDS.join(", ")})`,
  read(point, value) {
    const keys = Object.keys(value);
    // HookContext(**value) takes no other keyword (a TypeError in the host), so another key means another shape.
    if (keys.length === 0 || keys.some((k) => !(HOOK_CONTEXT_FIELDS as readonly string[]).includes(k))) return null;
    const given = value.hook_point;
    if (given !== undefined && given !== null) {
      const named = pointOf(given);
      if (named === undefined) return { problem: `hook_point ${JSON.stringify(given)} is not one of FIM One's HookPoint values (pre_tool_use, post_tool_use, session_start)` };
      if (named !== point) return { problem: `this HookContext is ${named}'s (hook_point ${JSON.stringify(given)}), not ${point}'s` };
    }
    // As HookContext(...) builds it: the fields not given are None; hook_point is the point as Hookwright names it.
    const ctx: JsonObject = {};
    for (const field of HOOK_CONTEXT_FIELDS) ctx[field] = field === "hook_point" ? point : (value[field] ?? null);
    return { context: { ctx } };
  },
};
