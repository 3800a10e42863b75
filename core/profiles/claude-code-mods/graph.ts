import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * A Claude Code turn (2.1.330) as its mods see it: the tool call passes through the `tool.call`
 * mods, inside their `next(e)` the `classic.PreToolUse` mods, inside theirs the settings.json
 * PreToolUse hooks (commands or functions), then the tool
 * (docs/claude-code-mods.md, facts 9–11 and "classic.PreToolUse runs inside tool.call's next").
 * The simulator reports these edge ids on point.start.
 */
export const MODS_EDGES = {
  modelCall: "model-call",
  toolRequested: "reply-to-tool",
  toolCall: "tool-call",
  classicPreToolUse: "classic-pre-tool-use",
  settingsPreToolUse: "settings-pre-tool-use",
  toolRuns: "tool-runs",
  answered: "tool-answered",
  finalAnswer: "reply-final",
  stop: "turn-end",
} as const;

const node = (id: string, label: string, kind: LifecycleNode["kind"], group: string, doc: string): LifecycleNode => ({ id, label, kind, group, doc });

export const modsNodes: LifecycleNode[] = [
  node("prompt", "Prompt accepted", "start", "turn", "claude -p: the prompt will be sent to the model; the mods were loaded from each --plugin-dir in order."),
  node("reply", "Reply received", "event", "turn", "The model answered."),
  node("tool-requested", "Tool call requested", "event", "tools", "One tool_use of the reply; its input with `tool` and `tool_use_id` is the mods' event."),
  node("tool-checked", "Passed on by tool.call", "event", "tools", "Every tool.call mod passed the call on (or rewrote it); the engine's own link runs the classic hooks."),
  node("tool-allowed", "Passed by classic.PreToolUse", "event", "tools", "The classic.PreToolUse mods passed on; inside their next(e) the settings.json PreToolUse hooks run."),
  node("tool-settled", "Passed on to the tool", "event", "tools", "The settings.json PreToolUse hooks allowed the call (or none is configured): the tool runs with the input the chain settled on."),
  node("tool-done", "Tool result", "event", "tools", "The text the model reads: the tool's output, a mod's answer, or a deny text."),
  node("final", "Final answer", "event", "end", "The model answered without tool calls."),
  node("stopped", "Turn ended", "terminal", "end", "The turn is over."),
];

const E = MODS_EDGES;
const edge = (id: string, source: string, target: string, points: string[], extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({ id, source, target, points, ...extra });

export const modsEdges: LifecycleEdge[] = [
  edge(E.modelCall, "prompt", "reply", [], { label: "model request" }),
  edge(E.toolRequested, "reply", "tool-requested", [], { label: "reply has tool calls" }),
  edge(E.toolCall, "tool-requested", "tool-checked", ["tool.call"], { label: "next(e)" }),
  edge(E.classicPreToolUse, "tool-checked", "tool-allowed", ["classic.PreToolUse"], { label: "next(e)" }),
  edge(E.settingsPreToolUse, "tool-allowed", "tool-settled", ["PreToolUse"], { label: "settings.json hooks" }),
  edge(E.toolRuns, "tool-settled", "tool-done", [], { label: "the tool runs (once per next)" }),
  edge(E.answered, "tool-requested", "tool-done", [], { label: "a mod answered or denied: nothing beneath it runs" }),
  edge("next-call", "tool-done", "reply", [], { label: "results sent: next model request", back: true }),
  edge(E.finalAnswer, "reply", "final", [], { label: "no tool calls" }),
  edge(E.stop, "final", "stopped", []),
];

export const modsGroups: Record<string, string> = {
  turn: "Prompt and model",
  tools: "Tool calls",
  end: "End of turn",
};
