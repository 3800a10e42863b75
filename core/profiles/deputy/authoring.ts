import type { CallbackAuthoring, CallbackField } from "../types";
import { DEPUTY_EVENT_ARGS, deputyPoints, type DeputyEvent } from "./points";

/**
 * Writing deputy hooks in R, as data for the editor (docs/deputy.md "Writing a hook"): each event's
 * named arguments (D:R/hook-validation.R:3-27), the fields of its `context` (deputy's
 * hook_context(), D:R/agent.R:2177-2190, as core/profiles/deputy/binding.ts builds it), the
 * `HookResult*` constructors (D:R/hooks.R:157-289) and `HookMatcher$new(timeout =)`.
 */

const f = (name: string, type: string, doc: string, dflt?: string): CallbackField => ({ name, type, doc, ...(dflt === undefined ? {} : { default: dflt }) });

/** Every context: working_dir first, the event's own fields, then the correlation ids. */
const COMMON_HEAD = [f("working_dir", "string", "The agent's working directory, normalized (here the sandbox's project folder).")];
const COMMON_TAIL = [
  f("agent_id", "string", "The agent's id (hostContext.agent_id, else agent-1)."),
  f("agent_name", "string", "The agent's name, when it has one (hostContext.agent_name); absent otherwise."),
  f("session_id", "string", "The session's id."),
  f("run_id", "string", "This run()'s id."),
];
const USAGE = f("usage", "list(requests, tool_calls)", "Requests and tool calls so far in this run.");
const TOOL_FIELDS = [
  f("tool_annotations", "list | NULL", "ellmer's annotations of the tool (read_only_hint, destructive_hint, open_world_hint), or NULL."),
  f("tool_call_id", "string", "The model's id for this tool call."),
  f("permission_mode", "string", "The agent's permission mode: standard, plan, readonly or full."),
  USAGE,
  f("usage_limits", "list", "The run's limits (max_requests, max_tool_calls)."),
];
const STOP_FIELDS = [
  f("total_turns", "number", "Turns in the conversation."),
  f("cost", "list(input, output, cached, total)", "Token counts and the total in USD."),
  USAGE,
];

const EVENT_FIELDS: Record<DeputyEvent, CallbackField[]> = {
  SessionStart: [
    f("permissions", "list", "The agent's permissions (mode, bash, web, file_write, …)."),
    f("provider", "list(name, model)", "The chat's provider and model."),
    f("tools_count", "number", "How many tools the agent has."),
    f("usage_limits", "list", "The run's limits."),
  ],
  UserPromptSubmit: [],
  PreToolUse: TOOL_FIELDS,
  PostToolUse: TOOL_FIELDS,
  PostToolUseFailure: TOOL_FIELDS,
  SubagentStart: [f("tool_call_id", "string", "The delegate_to_agent call's id.")],
  SubagentStop: [
    f("status", "string", "completed or failed."),
    f("error", "string", "The sub-agent's error, when it failed."),
    f("tool_call_id", "string", "The delegate_to_agent call's id."),
  ],
  Stop: STOP_FIELDS,
  SessionEnd: STOP_FIELDS,
  PreCompact: [f("total_turns", "number", "Turns in the conversation."), f("compact_count", "number", "How many turns will be compacted.")],
};

const isEvent = (point: string): point is DeputyEvent => Object.hasOwn(DEPUTY_EVENT_ARGS, point);

const RESULTS: CallbackAuthoring["results"] = [
  {
    name: "HookResultPreToolUse",
    qualifier: "deputy::",
    points: ["PreToolUse"],
    doc: 'Allow or deny the tool call. "deny" rejects it: the model reads "Tool calling failed with error Tool call rejected. <reason>". "allow" only ends the chain: later hooks are not called.',
    fields: [
      f("permission", 'c("allow", "deny")', "allow or deny (anything else fails in match.arg, which denies).", '"allow"'),
      f("reason", "string | NULL", "Why, for the model (a deny without one reads \"Denied by hook\").", "NULL"),
      f("continue", "logical", "FALSE ends the run before the next model request.", "TRUE"),
      f("additional_context", "string | NULL", "Text deputy appends to the system prompt.", "NULL"),
      f("stop_reason", "string | NULL", "The stop reason when continue = FALSE (else hook_requested_stop).", "NULL"),
    ],
  },
  {
    name: "HookResultPostToolUse",
    qualifier: "deputy::",
    points: ["PostToolUse"],
    doc: "continue = FALSE ends the run before the model sees this result.",
    fields: [
      f("continue", "logical", "FALSE ends the run here.", "TRUE"),
      f("suppress_output", "logical", "Hide the result from deputy's tool_end event (not from the model).", "FALSE"),
      f("updated_tool_output", "any", "Replaces the output in deputy's tool_end event (not what the model sees).", "NULL"),
      f("additional_context", "string | NULL", 'Appended to the system prompt under "# Hook Additional Context", once per distinct text.', "NULL"),
      f("stop_reason", "string | NULL", "The stop reason when continue = FALSE.", "NULL"),
    ],
  },
  {
    name: "HookResultPreCompact",
    qualifier: "deputy::",
    points: ["PreCompact"],
    doc: "continue = FALSE cancels agent$compact(); summary is used when the caller gave none.",
    fields: [f("continue", "logical", "FALSE cancels the compaction.", "TRUE"), f("summary", "string | NULL", "The summary to keep instead of the model-written one.", "NULL")],
  },
];

export const deputyRAuthoring: CallbackAuthoring = {
  args(point) {
    if (!isEvent(point)) return null;
    const spec = deputyPoints.find((p) => p.id === point);
    return DEPUTY_EVENT_ARGS[point].map((name) => {
      const field = spec?.fields.find((x) => x.name === name);
      return f(name, field?.type ?? "unknown", field?.doc ?? "");
    });
  },
  listFields(point): Readonly<Record<string, CallbackField[]>> {
    if (!isEvent(point)) return {};
    return { context: [...COMMON_HEAD, ...EVENT_FIELDS[point], ...COMMON_TAIL] };
  },
  results: RESULTS,
  signatureRule:
    'deputy\'s HookMatcher$new() (D:R/hook-validation.R) refuses a callback that does not name every argument of its event or take `...`; extra arguments need defaults. The code\'s last value is the callback.',
  timeout: {
    defaultSeconds: 30,
    doc: "HookMatcher$new(timeout =), in seconds. Empty: deputy's default 30 — the callback runs in a fresh R process (callr): what it assigns is lost and deputy is not attached there (write deputy::HookResult…()). 0: it runs in the agent's own R session with no time limit.",
  },
};
