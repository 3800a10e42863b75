import type { FoldSpec } from "../../chain/fold/spec";
import type { ContextField, HookPointSpec } from "../types";

/**
 * deputy's hook events (HEAD c474452, deputy.md §1-§5), written as deputy writes them: a hook is
 * an R callback that deputy calls with named arguments, answering with a `HookResult*` object or
 * NULL. Hooks of one event run one after another in registration order (the pipeline's order)
 * and the first non-NULL return wins (D:R/hooks.R:509-596). The chain, the pattern matching and
 * the error handling run in R, inside the R runtime (server/sandbox/r), as deputy's own
 * `HookRegistry$fire()` does.
 */

export const DEPUTY_TYPES_MODULE = "deputy";

/** The events Hookwright models, and the arguments deputy passes each callback by name (D:R/hook-validation.R:3-27). */
export const DEPUTY_EVENT_ARGS = {
  SessionStart: ["context"],
  UserPromptSubmit: ["prompt", "context"],
  PreToolUse: ["tool_name", "tool_input", "context"],
  PostToolUse: ["tool_name", "tool_result", "tool_error", "context"],
  PostToolUseFailure: ["tool_name", "tool_result", "tool_error", "context"],
  SubagentStart: ["agent_name", "task", "context"],
  SubagentStop: ["agent_name", "task", "result", "context"],
  Stop: ["reason", "context"],
  SessionEnd: ["reason", "context"],
  PreCompact: ["turns_to_compact", "turns_to_keep", "context"],
} as const satisfies Record<string, readonly string[]>;

export type DeputyEvent = keyof typeof DEPUTY_EVENT_ARGS;

/** Events whose `fire()` gets a `tool_name`: the only ones where a hook's `pattern` can match (D:R/hooks.R:370-383). */
export const DEPUTY_TOOL_EVENTS: readonly DeputyEvent[] = ["PreToolUse", "PostToolUse", "PostToolUseFailure"];

const CHAIN_DOC =
  "deputy calls this event's hooks one after another in registration order (the order listed here) and the FIRST hook that returns anything other than NULL wins: the chain stops there, later hooks are not called, nothing is combined. A hook with a pattern is called only when grepl(pattern, tool_name) is TRUE (R's TRE regex: unanchored, case-sensitive, no Perl lookarounds); on events without a tool name a hook with a pattern never fires. With timeout > 0 (deputy's default 30) the callback runs in a fresh R process (callr): what it assigns is lost, and deputy's functions are not attached there — call deputy::HookResult…() or set timeout = 0.";

const CONTEXT_DOC = "deputy's hook context: a named list (working_dir, agent_id, session_id, run_id, and this event's fields).";

function field(name: string, type: string, doc: string): ContextField {
  return { name, type, readonly: true, readBack: false, doc };
}

const ARG_DOCS: Record<string, [string, string]> = {
  tool_name: ["string", "The tool's name as the model called it (not normalized)."],
  tool_input: ["Record<string, unknown>", "The tool's arguments as a named list."],
  tool_result: ["unknown", "What the tool returned; NULL when it failed or the call was rejected."],
  tool_error: ["string | null", "NULL on success; the error text when the tool failed; \"Tool call rejected. <reason>\" when permissions or a hook denied it."],
  prompt: ["string", "The user's prompt as sent to the model."],
  reason: ["string", "Why the run stopped: complete, request_limit, tool_call_limit, hook_requested_stop or a hook's stop_reason."],
  agent_name: ["string", "The sub-agent's name."],
  task: ["string", "The task delegated to it."],
  result: ["string | null", "The sub-agent's answer; NULL when it failed (context$status is \"failed\")."],
  turns_to_compact: ["Turn[]", "The chat turns compaction would fold into the summary."],
  turns_to_keep: ["Turn[]", "The last keep_last turns, kept as they are."],
  context: ["DeputyContext", CONTEXT_DOC],
};

interface PointInput {
  id: DeputyEvent;
  doc: string;
  returnType: string;
  chainDoc: string;
  body: string[];
  decisionRules?: HookPointSpec["decisionRules"];
  conditional?: string;
}

/**
 * The fold as Hookwright's TypeScript chain runner would read it. deputy takes only R hooks, so it
 * is never used to run them: the R runtime runs deputy's own `fire()` (first non-NULL wins). A
 * claim fold (sequential, the first answer that counts stops the chain) is the nearest shape.
 */
const FOLD: FoldSpec = { kind: "claim", isolation: "clone-per-handler", failure: "fail-open", defaultTimeoutMs: null };

function template(p: PointInput): string {
  const args = DEPUTY_EVENT_ARGS[p.id].join(", ");
  return [`# ${p.id} callback: deputy calls it with named arguments; return a result, or NULL to let the next hook answer.`, `function(${args}) {`, ...p.body.map((l) => (l ? `  ${l}` : "")), "}", ""].join("\n");
}

function point(p: PointInput): HookPointSpec {
  const args = [...DEPUTY_EVENT_ARGS[p.id]];
  return {
    id: p.id,
    doc: p.doc,
    contextType: `${p.id}Args`,
    fields: args.map((name) => {
      const [type, doc] = ARG_DOCS[name] ?? ["unknown", ""];
      return field(name, type, doc);
    }),
    returnType: p.returnType,
    execution: "fold",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: `${CHAIN_DOC} ${p.chainDoc}`,
    decisions: [],
    hasPriority: false,
    hasMatcher: true,
    fold: FOLD,
    // No `args`: the context's fields are the callback's named arguments, any JSON value each (not
    // the (event, ctx) objects of a fold host); the R runtime passes them by name.
    decisionRules: p.decisionRules ?? [],
    template: template(p),
    ...(p.conditional ? { conditional: p.conditional } : {}),
  };
}

const IGNORED = "deputy ignores what this event's hooks return (HEAD): a non-NULL return only stops later hooks of the event from being called.";
const ERRORS_CONTINUE = "A hook that errors is logged (registry$last_errors()) and the next hook is called.";

export const deputyPoints: HookPointSpec[] = [
  point({
    id: "SessionStart",
    doc: "At the start of every run() (not once per agent): informational.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE} The docs-era HookResultSessionStart(handled) was never read either.`,
    body: ['message("run starting in ", context$working_dir)', "NULL"],
  }),
  point({
    id: "UserPromptSubmit",
    doc: "Right after SessionStart, before the first model request: informational, it can neither block nor rewrite the prompt.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE}`,
    body: ['message("prompt: ", substr(prompt, 1, 80))', "NULL"],
  }),
  point({
    id: "PreToolUse",
    doc: "After permissions allowed a tool call, before it runs: HookResultPreToolUse(\"deny\", reason) rejects it — the model reads \"Tool calling failed with error Tool call rejected. <reason>\" and the run goes on.",
    returnType: "HookResultPreToolUse | NULL",
    chainDoc:
      "Only a HookResultPreToolUse is read: \"deny\" rejects the call (reason, else \"Denied by hook\"), \"allow\" only ends the chain — an earlier allow hides every later deny. Any other non-NULL value (a string, list(permission = \"deny\"), TRUE) also ends the chain and is then ignored: the call is allowed. A hook that errors or times out DENIES the call with \"Hook error: <message>\" and ends the chain. continue = FALSE stops the run after this call (stop_reason, else hook_requested_stop). Permissions are checked first: a call they deny never reaches PreToolUse (default permissions turn bash off, so a ^run_bash$ hook never fires). Docs era: continue = FALSE was lost on deny.",
    body: [
      "command <- tool_input$command",
      'if (!is.null(command) && grepl("rm -rf", command, fixed = TRUE)) {',
      '  return(deputy::HookResultPreToolUse(permission = "deny", reason = "Destructive commands need a person."))',
      "}",
      "NULL",
    ],
    decisionRules: [{ field: "/HookResultPreToolUse/permission", useValue: true }],
  }),
  point({
    id: "PostToolUse",
    doc: "After every tool result — a rejected call's too (tool_error \"Tool call rejected. <reason>\"): HookResultPostToolUse(continue = FALSE) ends the run before the model sees the result.",
    returnType: "HookResultPostToolUse | NULL",
    chainDoc: `Only a HookResultPostToolUse is read: continue = FALSE ends the run (stop_reason, else hook_requested_stop) and the model never sees this result; suppress_output and updated_tool_output change only deputy's emitted tool_end event, not what the model sees; additional_context is appended to the system prompt under "# Hook Additional Context" once per distinct text. An earlier HookResultPostToolUse() (continue = TRUE) hides a later continue = FALSE. ${ERRORS_CONTINUE}`,
    body: ['message("[", tool_name, "] ", if (is.null(tool_error)) "ok" else paste("failed:", tool_error))', "NULL"],
    decisionRules: [{ field: "/HookResultPostToolUse/continue", equals: false, name: "stop" }],
  }),
  point({
    id: "PostToolUseFailure",
    doc: "Right after PostToolUse when tool_error is set (the tool failed, or the call was rejected): informational.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE} HEAD only.`,
    body: ['message("tool ", tool_name, " failed: ", tool_error)', "NULL"],
    conditional: "when a tool fails or a call is rejected",
  }),
  point({
    id: "SubagentStart",
    doc: "LeadAgent: before delegate_to_agent runs a sub-agent (after PreToolUse allowed the call): informational.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE} Sub-agents get none of the lead's hooks: their own tool calls fire nothing here. HEAD only.`,
    body: ['message("delegating to ", agent_name)', "NULL"],
    conditional: "when the model calls delegate_to_agent (LeadAgent)",
  }),
  point({
    id: "SubagentStop",
    doc: "LeadAgent: after the sub-agent answered (result) or failed (result NULL, context$status \"failed\"): informational.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE} Docs era: fired on success only, and HookResultSubagentStop(handled) was never read.`,
    body: ['message(agent_name, " finished: ", context$status)', "NULL"],
    conditional: "when the model calls delegate_to_agent (LeadAgent)",
  }),
  point({
    id: "Stop",
    doc: "After the loop, with the stop reason: informational — a Stop hook cannot make the agent continue.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE} Not fired when the run ends on a provider error (native run()).`,
    body: ['message("stopped: ", reason, " after ", context$total_turns, " turns")', "NULL"],
  }),
  point({
    id: "SessionEnd",
    doc: "Right after Stop, with the same reason: informational.",
    returnType: "NULL",
    chainDoc: `${IGNORED} ${ERRORS_CONTINUE} Not fired when the run ends on a provider error.`,
    body: ['message("session over: ", reason)', "NULL"],
  }),
  point({
    id: "PreCompact",
    doc: "Only when the caller runs agent$compact() (never automatically): HookResultPreCompact(continue = FALSE) cancels it; summary replaces the model-written summary when the caller gave none.",
    returnType: "HookResultPreCompact | NULL",
    chainDoc: `Only continue and summary of the winning result are read (a plain list works too: deputy reads hook_result$continue). The caller's own summary argument wins over the hook's. ${ERRORS_CONTINUE}`,
    body: ['deputy::HookResultPreCompact(summary = paste("Compacted", length(turns_to_compact), "turns."))'],
    decisionRules: [
      { field: "/HookResultPreCompact/continue", equals: false, name: "cancel" },
      { field: "/HookResultPreCompact/summary", name: "summary" },
    ],
    conditional: "when the scenario compacts after the run (hostContext.compact)",
  }),
];
