import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * A Claude Code turn (2.1.330) as its mods see it: the tool call passes through the `tool.call`
 * mods, inside their `next(e)` the `classic.PreToolUse` mods, inside theirs the settings.json
 * PreToolUse hooks (commands or functions), then the tool
 * (docs/claude-code-mods.md, facts 9–11 and "classic.PreToolUse runs inside tool.call's next").
 * The prompt passes the classic.UserPromptSubmit mods and inside their next(e) the settings.json
 * UserPromptSubmit hooks; a result that ran, classic.PostToolUse ⊃ PostToolUse; a final answer,
 * classic.Stop ⊃ Stop (claudeCodeMods.classic.test.ts).
 * The simulator reports these edge ids on point.start.
 */
export const MODS_EDGES = {
  classicUserPromptSubmit: "classic-user-prompt-submit",
  settingsUserPromptSubmit: "settings-user-prompt-submit",
  promptBlocked: "prompt-blocked",
  modelCall: "model-call",
  toolRequested: "reply-to-tool",
  toolCall: "tool-call",
  classicPreToolUse: "classic-pre-tool-use",
  settingsPreToolUse: "settings-pre-tool-use",
  toolRuns: "tool-runs",
  answered: "tool-answered",
  classicPostToolUse: "classic-post-tool-use",
  settingsPostToolUse: "settings-post-tool-use",
  finalAnswer: "reply-final",
  classicStop: "classic-stop",
  settingsStop: "settings-stop",
  stopBlocked: "stop-blocked",
} as const;

const node = (id: string, label: string, kind: LifecycleNode["kind"], group: string, doc: string): LifecycleNode => ({ id, label, kind, group, doc });

export const modsNodes: LifecycleNode[] = [
  node("prompt", "Prompt accepted", "start", "turn", "claude -p: the mods were loaded from each --plugin-dir in order; the prompt goes through classic.UserPromptSubmit."),
  node("prompt-passed", "Prompt passed by the mods", "event", "turn", "The classic.UserPromptSubmit mods passed on; inside their next(e) the settings.json UserPromptSubmit hooks run."),
  node("prompt-sent", "Prompt sent", "event", "turn", "Nothing blocked the prompt: the model gets it, with any hook context in the system prompt."),
  node("reply", "Reply received", "event", "turn", "The model answered."),
  node("tool-requested", "Tool call requested", "event", "tools", "One tool_use of the reply; its input with `tool` and `tool_use_id` is the mods' event."),
  node("tool-checked", "Passed on by tool.call", "event", "tools", "Every tool.call mod passed the call on (or rewrote it); the engine's own link runs the classic hooks."),
  node("tool-allowed", "Passed by classic.PreToolUse", "event", "tools", "The classic.PreToolUse mods passed on; inside their next(e) the settings.json PreToolUse hooks run."),
  node("tool-settled", "Passed on to the tool", "event", "tools", "The settings.json PreToolUse hooks allowed the call (or none is configured): the tool runs with the input the chain settled on."),
  node("tool-done", "Tool result", "event", "tools", "The text the model reads: the tool's output, a mod's answer, or a deny text."),
  node("result-passed", "Result passed by the mods", "event", "tools", "After a call that ran: the classic.PostToolUse mods passed on; inside their next(e) the settings.json PostToolUse hooks run."),
  node("result-sent", "Result and feedback", "event", "tools", "The result, with any hook block or context text after it, joins the next request."),
  node("final", "Final answer", "event", "end", "The model answered without tool calls."),
  node("stop-passed", "Stop passed by the mods", "event", "end", "The classic.Stop mods passed on; inside their next(e) the settings.json Stop hooks run."),
  node("stopped", "Turn ended", "terminal", "end", "The turn is over."),
];

const E = MODS_EDGES;
const edge = (id: string, source: string, target: string, points: string[], extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({ id, source, target, points, ...extra });

export const modsEdges: LifecycleEdge[] = [
  edge(E.classicUserPromptSubmit, "prompt", "prompt-passed", ["classic.UserPromptSubmit"], { label: "next(e)" }),
  edge(E.settingsUserPromptSubmit, "prompt-passed", "prompt-sent", ["UserPromptSubmit"], { label: "settings.json hooks" }),
  edge(E.promptBlocked, "prompt", "stopped", [], { label: "blocked: no model request" }),
  edge(E.modelCall, "prompt-sent", "reply", [], { label: "model request" }),
  edge(E.toolRequested, "reply", "tool-requested", [], { label: "reply has tool calls" }),
  edge(E.toolCall, "tool-requested", "tool-checked", ["tool.call"], { label: "next(e)" }),
  edge(E.classicPreToolUse, "tool-checked", "tool-allowed", ["classic.PreToolUse"], { label: "next(e)" }),
  edge(E.settingsPreToolUse, "tool-allowed", "tool-settled", ["PreToolUse"], { label: "settings.json hooks" }),
  edge(E.toolRuns, "tool-settled", "tool-done", [], { label: "the tool runs (once per next)" }),
  edge(E.answered, "tool-requested", "tool-done", [], { label: "a mod answered or denied: nothing beneath it runs" }),
  edge(E.classicPostToolUse, "tool-done", "result-passed", ["classic.PostToolUse"], { label: "next(e)" }),
  edge(E.settingsPostToolUse, "result-passed", "result-sent", ["PostToolUse"], { label: "settings.json hooks" }),
  edge("result-unhooked", "tool-done", "result-sent", [], { label: "answered by a mod, or failed: no PostToolUse" }),
  edge("next-call", "result-sent", "reply", [], { label: "results sent: next model request", back: true }),
  edge(E.finalAnswer, "reply", "final", [], { label: "no tool calls" }),
  edge(E.classicStop, "final", "stop-passed", ["classic.Stop"], { label: "next(e)" }),
  edge(E.settingsStop, "stop-passed", "stopped", ["Stop"], { label: "settings.json hooks" }),
  edge(E.stopBlocked, "stop-passed", "reply", [], { label: "blocked or context: next model request", back: true }),
];

export const modsGroups: Record<string, string> = {
  turn: "Prompt and model",
  tools: "Tool calls",
  end: "End of turn",
};
