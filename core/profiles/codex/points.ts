import type { FoldSpec } from "../../chain/fold/spec";
import { jsonHookTemplate } from "../jsonHookTemplate";
import type { HookPointSpec } from "../types";

/**
 * Codex CLI 0.169.0's hook events (../shared/reference/codex.md; X:codex-rs/config/src/hook_config.rs),
 * in Codex's own order. A function hook is written like a Claude Code callback,
 * `async (input) => output`, on its own copy of the stdin JSON; all matching hooks start together
 * and their outputs are folded the way Codex does (core/chain/fold/claudeCode.ts, variant "codex").
 */

export const CODEX_TYPES_MODULE = "codex-hooks";

/** Codex runs a hook for at most 600 s unless its `timeout` (seconds) says otherwise (codex.md §4). */
export const CODEX_DEFAULT_TIMEOUT_MS = 600_000;

const PARALLEL_DOC =
  "All matching hooks start together on the original input (codex.md §4: a FuturesUnordered); results are re-sorted into config order, each keeping its completion rank. A hook that crashes, times out or prints invalid JSON never blocks (facts 23, 24); exit 2 with stderr blocks where the event can block.";

interface EventInput {
  id: string;
  doc: string;
  chainDoc: string;
  matcherField?: string;
  matcherValues?: string[];
  specific: boolean;
  body: string[];
}

function fold(event: string): FoldSpec {
  return { kind: "parallel", merge: { kind: "claude-code", event, variant: "codex" }, isolation: "clone-per-handler", failure: "fail-open", defaultTimeoutMs: CODEX_DEFAULT_TIMEOUT_MS };
}

function point(e: EventInput): HookPointSpec {
  const { inputType, returnType, template } = jsonHookTemplate({ typesModule: CODEX_TYPES_MODULE, event: e.id, specific: e.specific, body: e.body });
  return {
    id: e.id,
    doc: e.doc,
    contextType: `${e.id}HookArgs`,
    returnType,
    fields: [{ name: "input", type: inputType, readonly: true, readBack: false, doc: "The hook's input (its only argument): its own copy of the event's stdin JSON. Codex reads the output the hook returns, never changes made here." }],
    execution: "fold",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: `${PARALLEL_DOC} ${e.chainDoc}`,
    decisions: [],
    hasPriority: false,
    hasMatcher: e.matcherField !== undefined,
    hasTimeout: true,
    fold: fold(e.id),
    args: ["input"],
    ...(e.matcherField ? { matcherTarget: `/input/${e.matcherField}`, matcherSyntax: "codex" as const } : {}),
    ...(e.matcherValues ? { matcherValues: e.matcherValues } : {}),
    decisionRules: [
      { field: "/hookSpecificOutput/permissionDecision", useValue: true },
      { field: "decision", equals: "block", name: "block" },
      { field: "continue", equals: false, name: "stop" },
    ],
    template,
  };
}

const CONTEXT_BODY = (event: string) => [`return { hookSpecificOutput: { hookEventName: "${event}", additionalContext: "" } };`];

export const codexPoints: HookPointSpec[] = [
  point({
    id: "PreToolUse",
    doc: "Before a tool call: deny it (with a reason: the model gets \"Command blocked by PreToolUse hook: <reason>. Command: <cmd>\"), or allow it with a rewritten input.",
    chainDoc:
      "Matcher: the tool name as hooks see it (the shell is Bash). A matcher of only letters, digits, _ and | is a list of exact names, anything else an unanchored regex (fact 39). A deny, a legacy decision \"block\" or exit 2 blocks only with a reason; without one the command runs (facts 4, 5). Two blocks: the reason of the first hook in config order (facts 10, 11, 34). updatedInput applies only with permissionDecision \"allow\"; two rewrites: the last hook to complete wins (facts 7-9); a block beats a rewrite (fact 12). ask, allow without updatedInput and continue:false are unsupported and fail open (fact 5). Every additionalContext reaches the model, config order (fact 15).",
    matcherField: "tool_name",
    specific: true,
    body: [
      'const command = (input.tool_input as { command?: string }).command ?? "";',
      'if (command.includes("rm -rf")) {',
      '  return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "rm -rf is not allowed" } };',
      "}",
    ],
  }),
  point({
    id: "PostToolUse",
    doc: "After a tool ran: add context, or replace the output the model sees (decision \"block\" with a reason, exit 2, continue:false).",
    chainDoc:
      "Matcher: the tool name. decision \"block\" + reason, exit-2 stderr and continue:false's stopReason (default \"PostToolUse hook stopped execution\") each replace the tool output the model sees, joined by a blank line in config order; the loop goes on (facts 17-19, 33). additionalContext: one message per hook, config order (fact 16).",
    matcherField: "tool_name",
    specific: true,
    body: CONTEXT_BODY("PostToolUse"),
  }),
  point({
    id: "PreCompact",
    doc: "Before the history is compacted.",
    chainDoc: "No matcher (it is ignored here, codex.md §4). Output is ignored.",
    specific: false,
    body: ["console.log(`compacting (${input.trigger})`);"],
  }),
  point({
    id: "PostCompact",
    doc: "After the history was compacted.",
    chainDoc: "No matcher (it is ignored here, codex.md §4). Output is ignored.",
    specific: false,
    body: ["console.log(`compacted (${input.trigger})`);"],
  }),
  point({
    id: "SessionStart",
    doc: "The session starts: additionalContext is added before the prompt.",
    chainDoc: "Matcher: the input's source (startup, resume, clear; fact 14). Every hook's additionalContext is added before the prompt (fact 26).",
    matcherField: "source",
    matcherValues: ["startup", "resume", "clear"],
    specific: true,
    body: ['if (input.source !== "startup") return;', ...CONTEXT_BODY("SessionStart")],
  }),
  point({
    id: "UserPromptSubmit",
    doc: "The user submitted a prompt: add context, or block it (silently: no model request, no message).",
    chainDoc: "No matcher: a matcher here is ignored (fact 14). decision \"block\" with a reason or exit 2 with stderr ends the turn with no model request and the reason shown nowhere (facts 25, 38). additionalContext and plain stdout become a message after the prompt (fact 26).",
    specific: true,
    body: ['if (input.prompt.includes("password")) return { decision: "block", reason: "Prompts must not contain passwords." };'],
  }),
  point({
    id: "Stop",
    doc: "The model answered without tool calls: decision \"block\" (or exit 2) sends the reason back as a <hook_prompt> and the loop goes on.",
    chainDoc:
      "No matcher: a matcher here is ignored (fact 14). Every blocking hook's reason goes back in ONE user message, one <hook_prompt> per hook in config order (fact 22). Codex has NO cap: a hook that always blocks loops until something else stops the run (fact 21); use stop_hook_active. continue:false and exit 2 with empty stderr change nothing (fact 38).",
    specific: false,
    body: [
      "// Already sent back once: let the model stop. Codex never stops an always-blocking hook.",
      "if (input.stop_hook_active) return;",
      'if (/\\bdone\\b/i.test(input.last_assistant_message ?? "")) return { decision: "block", reason: "Run the tests before you finish." };',
    ],
  }),
];
