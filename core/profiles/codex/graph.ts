import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * A Codex CLI turn (0.169.0, ../shared/reference/codex.md) as a graph: lifecycle events as nodes,
 * hook events on the transitions. The simulator reports these edge ids on point.start.
 */
export const CODEX_EDGES = {
  sessionStart: "session-start",
  promptSubmit: "prompt-submit",
  promptBlocked: "prompt-blocked",
  modelCall: "model-call",
  toolRequested: "reply-to-tool",
  preToolUse: "pre-tool-use",
  toolBlocked: "tool-blocked",
  postToolUse: "post-tool-use",
  finalAnswer: "reply-final",
  stop: "stop",
  stopBlocked: "stop-blocked",
  preCompact: "pre-compact",
  postCompact: "post-compact",
} as const;

const node = (id: string, label: string, kind: LifecycleNode["kind"], group: string, doc: string): LifecycleNode => ({ id, label, kind, group, doc });

export const codexNodes: LifecycleNode[] = [
  node("process", "Session starting", "start", "session", "codex starts (or resumes / clears) a session."),
  node("session", "Session ready", "event", "session", "Hooks are loaded from hooks.json and [hooks] tables; the session waits for a prompt."),
  node("prompt", "Prompt accepted", "event", "turn", "The user's prompt will be sent to the model."),
  node("reply", "Reply received", "event", "turn", "The model answered (Responses API)."),
  node("tool-requested", "Tool call requested", "event", "tools", "One function call of the reply (the shell is exec_command; hooks see it as Bash)."),
  node("tool-allowed", "Tool call allowed", "event", "tools", "No hook blocked the call."),
  node("tool-done", "Tool output", "event", "tools", "The function_call_output (or the block text) joins the next request."),
  node("final", "Final answer", "event", "end", "The model answered without tool calls."),
  node("stopped", "Turn ended", "terminal", "end", "The turn is over."),
  node("compacting", "Compacting", "outside", "session", "The history is being compacted."),
  node("compacted", "Compacted", "outside", "session", "The history was replaced by its summary."),
];

const E = CODEX_EDGES;
const edge = (id: string, source: string, target: string, points: string[], extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({ id, source, target, points, ...extra });

export const codexEdges: LifecycleEdge[] = [
  edge(E.sessionStart, "process", "session", ["SessionStart"]),
  edge(E.promptSubmit, "session", "prompt", ["UserPromptSubmit"]),
  edge(E.promptBlocked, "session", "stopped", [], { label: "blocked: silently, no model request" }),
  edge(E.modelCall, "prompt", "reply", [], { label: "model request" }),
  edge(E.toolRequested, "reply", "tool-requested", [], { label: "reply has function calls" }),
  edge(E.preToolUse, "tool-requested", "tool-allowed", ["PreToolUse"]),
  edge(E.toolBlocked, "tool-requested", "tool-done", [], { label: "blocked: \"Command blocked by PreToolUse hook: …\"" }),
  edge(E.postToolUse, "tool-allowed", "tool-done", ["PostToolUse"], { label: "tool runs" }),
  edge("next-call", "tool-done", "reply", [], { label: "outputs sent: next model request", back: true }),
  edge(E.finalAnswer, "reply", "final", [], { label: "no function calls" }),
  edge(E.stop, "final", "stopped", ["Stop"]),
  edge(E.stopBlocked, "final", "reply", [], { label: "Stop block: <hook_prompt> fed back (no cap)", back: true }),
  edge(E.preCompact, "session", "compacting", ["PreCompact"], { label: "history over budget" }),
  edge(E.postCompact, "compacting", "compacted", ["PostCompact"]),
];

export const codexGroups: Record<string, string> = {
  session: "Session",
  turn: "Prompt and model",
  tools: "Tool calls",
  end: "End of turn",
};
