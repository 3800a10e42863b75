import type { PythonAuthoring, PythonField } from "../types";

/**
 * FIM One hooks written in Python, as FIM One writes them (seed 002; semantics.md §6): a module
 * defining a class hook that imports only the standard library and `fim_one_hooks`, Hookwright's
 * stand-in for FIM One's hook API with the same names. The export rewrites those imports to
 * FIM One's real modules (core/bundles/exportFimOnePython.ts).
 */

export const FIM_ONE_STAND_IN = "fim_one_hooks";

/** `HookContext`'s fields (F:src/fim_one/core/agent/hooks.py:34-56, semantics.md §6b), for `context.` completions. */
const contextFields: PythonField[] = [
  { name: "hook_point", type: "HookPoint", doc: "Which point fired: HookPoint.PRE_TOOL_USE, POST_TOOL_USE or SESSION_START." },
  { name: "tool_name", type: "str | None", doc: "The tool being called (PreToolUse, PostToolUse)." },
  { name: "tool_args", type: "dict[str, Any] | None", doc: "The call's arguments; after an earlier hook's rewrite, that rewrite (the same dict: an in-place edit changes it)." },
  { name: "tool_result", type: "str | None", doc: "PostToolUse: the observation, after earlier hooks' rewrites." },
  { name: "agent_id", type: "str | None", doc: "The agent's id." },
  { name: "user_id", type: "str | None", doc: "The invoking user's id." },
  { name: "conversation_id", type: "str | None", doc: "Always None: FIM One's engine never sets it (use metadata)." },
  { name: "metadata", type: "dict[str, Any] | None", doc: "Per-request facts: org_id (when the agent has an org), tool_call_id, requires_confirmation (the tool's flag), and what the scenario adds." },
];

/** `HookResult`'s fields in FIM One's order (hooks.py:59-75), for `HookResult(` completions. */
const resultFields: PythonField[] = [
  { name: "allow", type: "bool", default: "True", doc: "PreToolUse: False blocks the call; the model sees \"Error: <error>\"." },
  { name: "modified_args", type: "dict[str, Any] | None", default: "None", doc: "PreToolUse: replaces the tool args, carried to later hooks ({} is a rewrite)." },
  { name: "modified_result", type: "str | None", default: "None", doc: "PostToolUse: replaces the observation (SessionStart in Hookwright: text added to the prompt)." },
  { name: "side_effects", type: "list[str]", default: "[]", doc: "Audit trail of what the hook did (on the hook's card and in the trace)." },
  { name: "error", type: "str | None", default: "None", doc: "PreToolUse: why the call was blocked (none: \"Blocked by hook '<name>'\")." },
];

interface PointTemplate {
  base: string;
  className: string;
  name: string;
  priority: number;
  body: string[];
}

const templates: Record<string, PointTemplate> = {
  SessionStart: {
    base: "SessionStartHook",
    className: "OrgContext",
    name: "org_context",
    priority: 50,
    body: [
      "async def execute(self, context: HookContext) -> HookResult:",
      '    org = (context.metadata or {}).get("org_id", "unknown")',
      '    return HookResult(modified_result=f"Org: {org}")',
    ],
  },
  // The seed's ReadOnlyGuard (seed 002, "The hook contract"), its org check reading the metadata the scenario sets.
  PreToolUse: {
    base: "PreToolUseHook",
    className: "ReadOnlyGuard",
    name: "readonly_guard",
    priority: 5,
    body: [
      "def should_trigger(self, ctx: HookContext) -> bool:",
      '    return ctx.tool_name.startswith("sql_")',
      "",
      "async def execute(self, ctx: HookContext) -> HookResult:",
      '    if (ctx.metadata or {}).get("org_readonly") is True:',
      "        return HookResult(",
      "            allow=False,",
      '            error="Org is in read-only mode — write blocked.",',
      '            side_effects=["readonly_guard: blocked sql write"],',
      "        )",
      "    return HookResult()  # default: allow=True, no mutation",
    ],
  },
  PostToolUse: {
    base: "PostToolUseHook",
    className: "AuditLog",
    name: "audit_log",
    priority: 50,
    body: [
      "async def execute(self, context: HookContext) -> HookResult:",
      '    size = len(context.tool_result or "")',
      '    return HookResult(side_effects=[f"audit_log: {context.tool_name} returned {size} chars"])',
    ],
  },
};

function template(point: string): string | null {
  const t = templates[point];
  if (!t) return null;
  return [
    `from ${FIM_ONE_STAND_IN} import HookContext, HookResult, ${t.base}`,
    "",
    "",
    `class ${t.className}(${t.base}):`,
    `    name = "${t.name}"`,
    `    priority = ${t.priority}  # lower runs earlier; Hookwright orders by the hook row's priority`,
    "",
    ...t.body.map((line) => (line ? `    ${line}` : "")),
    "",
  ].join("\n");
}

/** The fim-one profile's {@link PythonAuthoring}. */
export const fimOnePythonAuthoring: PythonAuthoring = {
  module: FIM_ONE_STAND_IN,
  template,
  contextFields,
  resultFields,
  resultType: "HookResult",
  // base.py:69-94 has only the Pre/Post bases; SessionStartHook is the seed's (semantics.md §6f).
  pointBases: { PreToolUseHook: "PreToolUse", PostToolUseHook: "PostToolUse", SessionStartHook: "SessionStart" },
  pointMembers: { "HookPoint.PRE_TOOL_USE": "PreToolUse", "HookPoint.POST_TOOL_USE": "PostToolUse", "HookPoint.SESSION_START": "SessionStart" },
  plainBase: "Hook",
  // base.py:27,31 (class hooks); hooks.py:103 (a plain Hook's priority); the stand-in's Hook defaults to PRE_TOOL_USE.
  defaults: { name: "unnamed_hook", classPriority: 50, plainPriority: 0, plainPoint: "PreToolUse" },
};
