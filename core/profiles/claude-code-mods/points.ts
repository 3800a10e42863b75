import type { HookPointSpec } from "../types";
import { checkClassicPreToolUseAnswer } from "./classicPreToolUse";
import { checkToolCallAnswer, TOOL_CALL_RESERVED_KEYS } from "./toolCall";
import type { ContextField } from "../types";
import type { Json } from "../../json";
import { settingsPreToolUsePoint } from "./settingsPreToolUse";

/**
 * The mod events Hookwright runs in a pipeline's turn, as the engine (2.1.330) runs them
 * (docs/claude-code-mods.md): `tool.call` and, inside its `next(e)`, `classic.PreToolUse`; inside
 * that one's `next(e)` the settings.json `PreToolUse` hooks, which are not mods (commands or
 * functions, folded as the claude-code profile folds them). A hook
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
];
