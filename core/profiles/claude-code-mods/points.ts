import type { HookPointSpec } from "../types";
import { checkClassicPreToolUseAnswer } from "./classicPreToolUse";
import { checkToolCallAnswer, TOOL_CALL_RESERVED_KEYS } from "./toolCall";
import type { ContextField } from "../types";
import type { Json } from "../../json";
import { settingsPreToolUsePoint } from "./settingsPreToolUse";
import { checkClassicAnswer, describeClassicAnswer, type ClassicEvent } from "./classicEvents";
import { settingsEventPoint } from "./settingsEvents";

/**
 * The mod events Hookwright runs in a pipeline's turn, as the engine (2.1.330) runs them
 * (docs/claude-code-mods.md): `tool.call` and, inside its `next(e)`, `classic.PreToolUse`; inside
 * that one's `next(e)` the settings.json `PreToolUse` hooks, which are not mods (commands or
 * functions, folded as the claude-code profile folds them). Likewise classic.UserPromptSubmit,
 * classic.PostToolUse and classic.Stop, each with its settings.json hooks inside its next(e). A hook
 * is one middleware, `async ($, e, next) => …`, on a deeply frozen copy of the event; the
 * pipeline's order is the chain's (first outermost, as `--plugin-dir` order and `on()` order are).
 */

export const MODS_TYPES_MODULE = "claude-code";

const ENVELOPE: ContextField[] = [
  { name: "tool", type: "string", readonly: true, readBack: false, doc: "The tool's name (Bash). The engine's: a rewrite that changes it fails the hook and the original call runs (fact 21)." },
  { name: "tool_use_id", type: "string", readonly: true, readBack: false, doc: "The model's tool_use id. The engine's: a rewrite must keep it." },
  { name: "command", type: "string", readonly: true, optional: true, readBack: true, doc: "Bash: the command. The event is frozen; pass a rewrite on with next({ ...e, command }) (fact 3)." },
  { name: "description", type: "string", readonly: true, optional: true, readBack: true, doc: "Bash: the model's description of the command." },
];

/** A hook's answer as its card names it. */
function describeAnswer(answer: Json): string {
  if (typeof answer !== "object" || answer === null || Array.isArray(answer)) return JSON.stringify(answer);
  if (typeof answer.deny === "string") return `deny "${answer.deny}"`;
  if ("updatedInput" in answer) return "updatedInput";
  if ("result" in answer) return "a result in the tool's place";
  return "a result";
}

const CHAIN_DOC =
  "An onion in pipeline order, first outermost (the engine nests mods in --plugin-dir order and a mod's registrations in on() order): each middleware gets a frozen event and passes it on with next(e), rewrites it with next({ ...e, … }), or answers by returning without next — nothing beneath it runs then. A hook that throws, or answers in a shape the engine refuses, is skipped (fail-open): the hooks beneath run in its place, or, after a next, that next's result stands.";

/** The fields every classic event carries under claude -p (the engine's agent_id, agent_type, scratchpad_dir are undefined there). */
const CLASSIC_BASE: ContextField[] = [
  { name: "session_id", type: "string", readonly: true, readBack: false, doc: "The session's id." },
  { name: "transcript_path", type: "string", readonly: true, readBack: false, doc: "The session's transcript file." },
  { name: "cwd", type: "string", readonly: true, readBack: false, doc: "The project folder." },
  { name: "prompt_id", type: "string", readonly: true, readBack: false, doc: "The prompt's id." },
  { name: "permission_mode", type: "string", readonly: true, readBack: false, doc: "default under claude -p." },
  { name: "hook_event_name", type: "string", readonly: true, readBack: false, doc: "The settings event's name (PostToolUse, UserPromptSubmit, Stop)." },
];

/** A classic.<event> middleware point: the settings.json <event> hooks run inside its next(e). */
function classicPoint(event: ClassicEvent, own: { doc: string; chainDoc: string; fields: ContextField[]; template: string }): HookPointSpec {
  const id = `classic.${event}`;
  const hookType = `Classic${event}Hook`;
  return {
    id,
    doc: own.doc,
    contextType: `Classic${event}Event`,
    fields: [...CLASSIC_BASE, ...own.fields],
    returnType: `Promise<Classic${event}Answer>`,
    hookType,
    execution: "middleware",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: `${CHAIN_DOC} ${own.chainDoc}`,
    decisions: [
      { name: "passed", doc: "called next(e) with the event unchanged" },
      { name: "rewrote", doc: "called next with a changed event: the settings hooks read it" },
      { name: "answered", doc: "returned an answer: { block }, { additionalContext } (after next, the settings hooks' answer extended or replaced)" },
    ],
    hasPriority: false,
    hasMatcher: true,
    runtimes: ["function"],
    middleware: { event: id, call: "mods", failure: "fail-open", checkAnswer: checkClassicAnswer(event), describeAnswer: describeClassicAnswer },
    template: [`import type { ${hookType} } from "claude-code";`, "", own.template, "export default hook;", ""].join("\n"),
  };
}

export const modsPoints: HookPointSpec[] = [
  {
    id: "tool.call",
    doc: "Before a tool runs: pass the call on, rewrite its input, answer it in the tool's place ({ result }), or deny it ({ deny }, read by the model as <tool_use_error>R</tool_use_error>).",
    contextType: "ToolCallEvent",
    fields: ENVELOPE,
    returnType: "Promise<ToolCallAnswer>",
    hookType: "ToolCallHook",
    execution: "middleware",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: `${CHAIN_DOC} Inside the innermost next(e) the classic.PreToolUse mods run, then the tool; next(e) resolves to { ref, result: { stdout, … }, text }. A { deny } after next(e) reaches the model as "Bash ran, and a plugin withheld its result: R" (fact 7).`,
    decisions: [
      { name: "passed", doc: "called next(e) with the event unchanged" },
      { name: "rewrote", doc: "called next with a changed event (the diff is its patch)" },
      { name: "answered", doc: "returned without next: { result } or { deny }" },
    ],
    hasPriority: false,
    hasMatcher: true,
    runtimes: ["function"],
    middleware: { event: "tool.call", call: "mods", failure: "fail-open", reservedKeys: TOOL_CALL_RESERVED_KEYS, checkAnswer: checkToolCallAnswer, describeAnswer },
    template: ['import type { ToolCallHook } from "claude-code";', "", "const hook: ToolCallHook = async ($, e, next) => next(e);", "export default hook;", ""].join("\n"),
  },
  {
    id: "classic.PreToolUse",
    doc: "Inside tool.call's next(e), before the settings.json PreToolUse hooks and the tool: deny ({ deny }, read by the model as the bare reason) or rewrite the input ({ ...(await next(e)), updatedInput }).",
    contextType: "ClassicPreToolUseEvent",
    fields: ENVELOPE,
    returnType: "Promise<ClassicPreToolUseAnswer>",
    hookType: "ClassicPreToolUseHook",
    execution: "middleware",
    ordering: "registration",
    failure: "fail-open",
    chainDoc: `${CHAIN_DOC} Its next(e) runs the settings.json PreToolUse hooks (the PreToolUse point beneath) and resolves to their folded answer, {} without any; the chain's answer decides the call: { deny: R } (fact 25), a settings hook's { ask: R } (refused under claude -p), or { updatedInput } (fact 26); its additionalContext reaches the model after the result.`,
    decisions: [
      { name: "passed", doc: "called next(e) with the event unchanged" },
      { name: "answered", doc: "returned an answer: { deny } or { ...(await next(e)), updatedInput }" },
    ],
    hasPriority: false,
    hasMatcher: true,
    runtimes: ["function"],
    middleware: { event: "classic.PreToolUse", call: "mods", failure: "fail-open", checkAnswer: checkClassicPreToolUseAnswer, describeAnswer },
    template: ['import type { ClassicPreToolUseHook } from "claude-code";', "", "const hook: ClassicPreToolUseHook = async ($, e, next) => next(e);", "export default hook;", ""].join("\n"),
  },
  settingsPreToolUsePoint(MODS_TYPES_MODULE),
  classicPoint("PostToolUse", {
    doc: "After a call that ran beneath the mods (not a failed one, nor one a tool.call mod answered): add context ({ additionalContext: [..] }) or a block text ({ block: R }) for the model, after the result; the result itself stays.",
    chainDoc:
      `Its next(e) runs the settings.json PostToolUse hooks on the event passed on (a rewritten tool_response too) and resolves to their fold: { block, additionalContext, updatedToolOutput } or {}. Handed back unchanged, each settings hook's text reaches the model as without mods ("PostToolUse:Bash hook blocking error from command: "<cmd>": R", "PostToolUse:Bash hook additional context: X"); an answer of the mods' own reaches it as one hook named "classic.PostToolUse hook" (block first, contexts joined by newlines). updatedToolOutput does not replace Bash's output. { decision: "block", reason } is not an answer: the hook is skipped.`,
    fields: [
      { name: "tool_name", type: "string", readonly: true, readBack: false, doc: "The tool's name." },
      { name: "tool_input", type: "Record<string, unknown>", readonly: true, readBack: false, doc: "The input the tool ran with." },
      { name: "tool_response", type: "BashToolResponse", readonly: true, readBack: false, doc: "The tool's output ({ stdout, stderr, interrupted, isImage, noOutputExpected } for Bash). A rewrite reaches the settings hooks, not the model." },
      { name: "tool_use_id", type: "string", readonly: true, readBack: false, doc: "The model's tool_use id." },
      { name: "duration_ms", type: "number", readonly: true, readBack: false, doc: "How long the call took (0 in Hookwright: its tools take no time)." },
    ],
    template: 'const hook: ClassicPostToolUseHook = async ($, e, next) => {\n  const r = await next(e);\n  if (e.tool_response.stderr) return { ...r, additionalContext: [...(r.additionalContext ?? []), "The command wrote to stderr."] };\n  return r;\n};',
  }),
  settingsEventPoint("PostToolUse", MODS_TYPES_MODULE),
  classicPoint("UserPromptSubmit", {
    doc: `The prompt, before the first model request: block it ({ block: R }: no model request, the turn ends with "UserPromptSubmit operation blocked by hook:\nR\n\nOriginal prompt: …") or add context ({ additionalContext: [..] }, in the system prompt).`,
    chainDoc:
      `Its next(e) runs the settings.json UserPromptSubmit hooks on the event passed on (a rewritten prompt reaches them, not the model) and resolves to their fold: { block } or { additionalContext } or {}. Handed back unchanged, each settings context is its own "UserPromptSubmit hook additional context: X"; the mods' own contexts are one, joined by newlines. Returning {} after a settings block lets the prompt through.`,
    fields: [{ name: "prompt", type: "string", readonly: true, readBack: false, doc: "The user's prompt. A rewrite reaches the settings hooks, not the model." }],
    template: 'const hook: ClassicUserPromptSubmitHook = async ($, e, next) => {\n  if (e.prompt.includes("password")) return { block: "Prompts must not contain passwords." };\n  return next(e);\n};',
  }),
  settingsEventPoint("UserPromptSubmit", MODS_TYPES_MODULE),
  classicPoint("Stop", {
    doc: `The model answered without tool calls: send it back with { block: R } ("Stop hook feedback:\nR") or { additionalContext: [..] } and the loop goes on, with stop_hook_active true next time.`,
    chainDoc:
      `Its next(e) runs the settings.json Stop hooks and resolves to their fold: { block } or { additionalContext } or {}. A settings block's "Stop hook blocking error from command: …" text reaches the model and the loop goes on whatever the mods return; the "Stop hook feedback" texts follow the chain's answer (each settings hook's when handed back unchanged). Block only when !e.stop_hook_active, or the loop runs to the host's cap.`,
    fields: [
      { name: "stop_hook_active", type: "boolean", readonly: true, readBack: false, doc: "True when a Stop hook already sent this turn back." },
      { name: "last_assistant_message", type: "string", readonly: true, readBack: false, doc: "The model's final text." },
      { name: "background_tasks", type: "unknown[]", readonly: true, readBack: false, doc: "Always [] under claude -p." },
      { name: "session_crons", type: "unknown[]", readonly: true, readBack: false, doc: "Always [] under claude -p." },
    ],
    // Blocks a claim of being done that says nothing of tests, once (as the claude-code Stop template).
    template: 'const hook: ClassicStopHook = async ($, e, next) => {\n  const said = e.last_assistant_message;\n  if (!e.stop_hook_active && /\\bdone\\b/i.test(said) && !/\\btests?\\b/i.test(said)) return { block: "Run the tests before you finish." };\n  return next(e);\n};',
  }),
  settingsEventPoint("Stop", MODS_TYPES_MODULE),
];
