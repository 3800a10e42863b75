import type { FoldSpec } from "../../chain/fold/spec";
import { jsonHookTemplate } from "../jsonHookTemplate";
import type { HookPointSpec } from "../types";

/**
 * Claude Code's hook events on the agent loop (semantics.md §3a), with the input and output
 * types of `@anthropic-ai/claude-agent-sdk` 0.3.330. A hook is written as an SDK callback,
 * `async (input) => output`: its input (the point's context `{ input }`) is its own copy of the
 * snake_case JSON, so changing it changes nothing; what counts is the output it returns. All
 * matching hooks run in parallel and their outputs are folded (core/chain/fold/claudeCode.ts).
 */

export const CLAUDE_CODE_TYPES_MODULE = "@anthropic-ai/claude-agent-sdk";

const PARALLEL_DOC =
  "All matching hooks run at once on the original input (no order, no priority); their outputs are folded in the order they complete (the scenario's completionOrder). A hook that throws is reported and the action goes on, unless its onFailure is block; `throw new BlockingError(reason)` is exit 2: it blocks and the reason goes to Claude.";

interface EventInput {
  id: string;
  doc: string;
  /** What the hook's output does here, and where the seed (R mirror) and the SDK differ. */
  chainDoc: string;
  /** The input field a matcher is tested against (tool name, source, trigger, …); none: no matcher. */
  matcherField?: string;
  /** The values the matched field takes (not for tool names), from the SDK's input types. */
  matcherValues?: string[];
  /** Whether the output has a hookSpecificOutput for this event. */
  specific: boolean;
  /** onFailure is ignored here (Stop, SubagentStop). */
  failureNeverBlocks?: boolean;
  /** How seed 004 (the R mirror) describes this event, where it differs from the SDK. */
  seed?: string;
  /** Fires only when … (see HookPointSpec.conditional). */
  conditional?: string;
  body: string[];
}

function fold(event: string): FoldSpec {
  return { kind: "parallel", merge: { kind: "claude-code", event }, isolation: "clone-per-handler", failure: "fail-open", defaultTimeoutMs: 600_000 };
}

function point(e: EventInput): HookPointSpec {
  const { inputType, returnType, template } = jsonHookTemplate({ typesModule: CLAUDE_CODE_TYPES_MODULE, event: e.id, specific: e.specific, body: e.body });
  return {
    id: e.id,
    doc: e.doc,
    contextType: `${e.id}HookArgs`,
    returnType,
    fields: [{ name: "input", type: inputType, readonly: true, readBack: false, doc: "The hook's input (its only argument): its own copy of the event's JSON. The host reads the output the hook returns, never changes made here." }],
    execution: "fold",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: `${PARALLEL_DOC}${e.failureNeverBlocks ? " onFailure is ignored on this event: failures never block." : ""} ${e.chainDoc} Seed 004 (R mirror) vs SDK: ${e.seed ?? "the seed does not have this event; it is the SDK's"}. Hookwright follows the SDK.`,
    decisions: [],
    hasPriority: false,
    hasMatcher: e.matcherField !== undefined,
    hasTimeout: true,
    fold: fold(e.id),
    args: ["input"],
    ...(e.matcherField ? { matcherTarget: `/input/${e.matcherField}` } : {}),
    ...(e.matcherValues ? { matcherValues: e.matcherValues } : {}),
    onFailure: {
      doc: "What a throw, a timeout or an invalid output of this hook does: continue (the host's default: reported, the action goes on) or block (like exit 2 / a BlockingError: the failure is the reason fed to Claude).",
      ...(e.failureNeverBlocks ? { ignored: `the host ignores onFailure on ${e.id}: a failure here never blocks (throw new BlockingError(reason) still does)` } : {}),
    },
    decisionRules: [
      { field: "/hookSpecificOutput/permissionDecision", useValue: true },
      { field: "/hookSpecificOutput/decision/behavior", useValue: true },
      { field: "decision", equals: "block", name: "block" },
      { field: "decision", equals: "approve", name: "allow" },
      { field: "continue", equals: false, name: "stop" },
    ],
    template,
    ...(e.conditional ? { conditional: e.conditional } : {}),
  };
}

const CONTEXT_BODY = (event: string) => [`return { hookSpecificOutput: { hookEventName: "${event}", additionalContext: "" } };`];

export const claudeCodePoints: HookPointSpec[] = [
  point({
    id: "SessionStart",
    seed: "the seed's callback gets only a context list (working_dir, permissions, provider, tools_count) and returns nothing; the SDK input has source/model and the output additionalContext",
    doc: "The session starts (startup, resume, clear, compact): additionalContext is added to the conversation.",
    chainDoc: "Matcher: the input's `source`. Every hook's additionalContext is added before the first prompt.",
    matcherField: "source",
    matcherValues: ["startup", "resume", "clear", "compact", "fork"],
    specific: true,
    body: ['if (input.source !== "startup") return;', ...CONTEXT_BODY("SessionStart")],
  }),
  point({
    id: "UserPromptSubmit",
    seed: "the seed calls it informational only (returns NULL); in the SDK a hook can block the prompt or add context",
    doc: "The user submitted a prompt: add context to it, or block it (the prompt is dropped and no model call is made).",
    chainDoc: "No matcher. decision \"block\" drops the prompt: the run ends without a model request, and the result names the reason. additionalContext is added to the first request. sessionTitle / suppressOriginalPrompt are recorded, not acted on.",
    specific: true,
    body: ['if (input.prompt.includes("password")) return { decision: "block", reason: "Prompts must not contain passwords." };'],
  }),
  point({
    id: "PreToolUse",
    seed: "the seed's callback is function(tool_name, tool_input, context) returning HookResultPreToolUse(permission = allow/deny); the SDK adds ask, defer, updatedInput and additionalContext",
    doc: "Before a tool call: allow, deny (the model gets an is_error tool_result with the reason), ask (a person decides), defer, or rewrite the input.",
    chainDoc:
      "Matcher: the tool name. The strictest decision wins: deny > defer > ask > allow (two denies: the reason of the last to complete; two asks: the first). updatedInput comes from the last hook to complete whose decision is the winning one, or that gave none. Every additionalContext is delivered, also when another hook denies. continue:false lets the tool run, then the run ends.",
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
    id: "PermissionRequest",
    doc: "A call needs permission (a PreToolUse hook asked): allow (optionally with updatedPermissions = always allow) or deny before the dialog.",
    chainDoc: "Matcher: the tool name. A hook's decision answers the permission prompt without asking the person (deny beats allow); with no decision the approval card asks.",
    matcherField: "tool_name",
    specific: true,
    conditional: "a PreToolUse hook answers ask",
    body: ['if (input.tool_name === "Read") return { hookSpecificOutput: { hookEventName: "PermissionRequest", decision: { behavior: "allow" } } };'],
  }),
  point({
    id: "PostToolUse",
    seed: "the seed fires PostToolUse also for failures (tool_error set); the SDK fires PostToolUseFailure instead, and adds additionalContext/updatedToolOutput",
    doc: "After a tool ran: add context for Claude, replace the output it sees (updatedToolOutput), or block (the reason is fed to Claude; the call is not undone).",
    chainDoc:
      "Matcher: the tool name. Each hook's additionalContext reaches Claude (\"PostToolUse:<Tool> hook additional context: …\", joined by blank lines, completion order). updatedToolOutput from the last hook to complete replaces the tool_result content. decision \"block\" keeps the result and adds the reason.",
    matcherField: "tool_name",
    specific: true,
    body: CONTEXT_BODY("PostToolUse"),
  }),
  point({
    id: "PostToolUseFailure",
    doc: "After a tool failed: add context for Claude.",
    chainDoc: "Matcher: the tool name. additionalContext is added after the failed tool_result.",
    matcherField: "tool_name",
    specific: true,
    body: CONTEXT_BODY("PostToolUseFailure"),
  }),
  point({
    id: "PostToolBatch",
    doc: "Once per batch of tool calls, before the next model request: add context with the whole batch in view.",
    chainDoc: "No matcher. additionalContext is added to the next request.",
    specific: true,
    body: CONTEXT_BODY("PostToolBatch"),
  }),
  point({
    id: "Notification",
    doc: "Claude Code notifies the user (idle, permission prompt): observe it.",
    chainDoc: "Matcher: notification_type. Hookwright fires idle_prompt when the turn ends.",
    matcherField: "notification_type",
    matcherValues: ["idle_prompt"],
    specific: true,
    body: ["console.log(`notification: ${input.message}`);"],
  }),
  point({
    id: "Stop",
    seed: "the seed fires Stop on every stop with reason complete/max_turns/error and cannot block; in the SDK Stop fires on a final answer, can block (the loop goes on), and API errors fire StopFailure",
    doc: "The model answered without tool calls: decision \"block\" (or a BlockingError) feeds the reason back and the loop goes on, with stop_hook_active true next time.",
    chainDoc:
      "No matcher. Block feeds \"Stop hook feedback:\\n<reason>\" back as a user message. The host caps consecutive Stop blocks at 9 (CLAUDE_CODE_STOP_HOOK_BLOCK_CAP): the run then ends as stop_hook_cap naming the hook. Use stop_hook_active to block only once.",
    specific: true,
    failureNeverBlocks: true,
    body: [
      "// Already sent back once: let Claude stop, or the loop only ends at the host's cap.",
      "if (input.stop_hook_active) return;",
      'const said = input.last_assistant_message ?? "";',
      'if (/\\bdone\\b/i.test(said) && !/\\btests?\\b/i.test(said)) return { decision: "block", reason: "Run the tests before you finish." };',
    ],
  }),
  point({
    id: "StopFailure",
    doc: "The turn ended with an API error: observe it.",
    chainDoc: "No matcher. Output is ignored.",
    specific: false,
    conditional: "the model API fails (a scripted response with error)",
    body: ["console.log(`turn failed: ${input.error}`);"],
  }),
  point({
    id: "SubagentStart",
    doc: "A subagent (Task / Agent tool) starts: add context for it.",
    chainDoc: "Matcher: agent_type. Hookwright fires it when the model calls the Task or Agent tool, before the tool runs.",
    matcherField: "agent_type",
    specific: true,
    body: CONTEXT_BODY("SubagentStart"),
  }),
  point({
    id: "SubagentStop",
    seed: "the seed gives agent_name, task and result (LeadAgent only); the SDK gives agent_id, agent_type, agent_transcript_path and stop_hook_active",
    doc: "A subagent finished: block to make it go on (like Stop).",
    chainDoc: "Matcher: agent_type. Fired after the Task / Agent tool's result. A block is recorded; Hookwright does not run the subagent's own loop, so the tool's scripted result stands.",
    matcherField: "agent_type",
    specific: true,
    failureNeverBlocks: true,
    body: ["if (input.stop_hook_active) return;"],
  }),
  point({
    id: "PreCompact",
    seed: "the seed's hook gets the turns to compact/keep and may cancel or supply the summary; the SDK gives trigger and custom_instructions",
    doc: "Before the history is compacted (trigger auto or manual).",
    chainDoc: "Matcher: trigger. A block is recorded; Hookwright still compacts (the compaction is the scenario's limit).",
    matcherField: "trigger",
    matcherValues: ["manual", "auto"],
    specific: false,
    body: ["console.log(`compacting (${input.trigger})`);"],
  }),
  point({
    id: "PostCompact",
    doc: "After the history was compacted.",
    chainDoc: "Matcher: trigger. Output is ignored.",
    matcherField: "trigger",
    matcherValues: ["manual", "auto"],
    specific: false,
    body: ["console.log(`compacted: ${input.compact_summary}`);"],
  }),
  point({
    id: "SessionEnd",
    seed: "the seed's reasons are complete/max_turns/cost_limit/hook_requested_stop; the SDK's are clear/resume/logout/prompt_input_exit/other",
    doc: "The session ends: clean up. Output is ignored.",
    chainDoc: "Matcher: reason. Fired after the turn ends (reason \"other\").",
    matcherField: "reason",
    matcherValues: ["clear", "resume", "logout", "prompt_input_exit", "other"],
    specific: false,
    body: ["console.log(`session ${input.session_id} ended: ${input.reason}`);"],
  }),
];
