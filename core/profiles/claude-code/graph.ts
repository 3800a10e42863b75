import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * Claude Code's agent loop (semantics.md §3a) as a graph: lifecycle events as nodes, hook events
 * on the transitions. The simulator reports these edge ids on point.start.
 */
export const CLAUDE_CODE_EDGES = {
  sessionStart: "session-start",
  promptSubmit: "prompt-submit",
  promptBlocked: "prompt-blocked",
  modelCall: "model-call",
  toolRequested: "reply-to-tool",
  preToolUse: "pre-tool-use",
  toolDenied: "tool-denied",
  permission: "permission-request",
  toolExecute: "tool-execute",
  subagentStart: "subagent-start",
  subagentStop: "subagent-stop",
  postToolUse: "post-tool-use",
  postToolUseFailure: "post-tool-use-failure",
  postToolBatch: "post-tool-batch",
  finalAnswer: "reply-final",
  stop: "stop",
  stopBlocked: "stop-blocked",
  stopFailure: "stop-failure",
  preCompact: "pre-compact",
  postCompact: "post-compact",
  notification: "notification",
  sessionEnd: "session-end",
} as const;

const node = (id: string, label: string, kind: LifecycleNode["kind"], group: string, doc: string): LifecycleNode => ({ id, label, kind, group, doc });

export const claudeCodeNodes: LifecycleNode[] = [
  node("process", "Session starting", "start", "session", "Claude Code starts, resumes, clears or compacts a session."),
  node("session", "Session ready", "event", "session", "Hooks are loaded; the session waits for a prompt."),
  node("prompt", "Prompt accepted", "event", "turn", "The user's prompt will be sent to the model."),
  node("reply", "Reply received", "event", "turn", "The model answered."),
  node("tool-requested", "Tool call requested", "event", "tools", "One tool call of the reply."),
  node("asking", "Permission asked", "event", "tools", "A hook asked: PermissionRequest hooks, then a person."),
  node("tool-allowed", "Tool call allowed", "event", "tools", "No hook denied the call."),
  node("subagent", "Subagent running", "event", "tools", "The Task / Agent tool runs a subagent."),
  node("tool-done", "Tool result", "event", "tools", "The tool_result (or the denial) joins the next request."),
  node("batch-done", "Batch done", "event", "tools", "Every tool call of the reply has a result."),
  node("final", "Final answer", "event", "end", "The model answered without tool calls."),
  node("stopped", "Turn ended", "event", "end", "The turn is over."),
  node("compacting", "Compacting", "outside", "session", "The history is being compacted."),
  node("compacted", "Compacted", "outside", "session", "The history was replaced by its summary."),
  node("notified", "Notification", "outside", "session", "Claude Code shows the user a notification."),
  node("ended", "Session ended", "terminal", "session", "The session is over."),
];

const E = CLAUDE_CODE_EDGES;
const edge = (id: string, source: string, target: string, points: string[], extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({ id, source, target, points, ...extra });

export const claudeCodeEdges: LifecycleEdge[] = [
  edge(E.sessionStart, "process", "session", ["SessionStart"]),
  edge(E.promptSubmit, "session", "prompt", ["UserPromptSubmit"]),
  edge(E.promptBlocked, "session", "stopped", [], { label: "blocked: prompt dropped" }),
  edge(E.modelCall, "prompt", "reply", [], { label: "model request" }),
  edge(E.toolRequested, "reply", "tool-requested", [], { label: "reply has tool calls" }),
  edge(E.preToolUse, "tool-requested", "tool-allowed", ["PreToolUse"]),
  edge(E.permission, "tool-requested", "asking", ["PermissionRequest"], { label: "ask" }),
  edge(E.toolDenied, "tool-requested", "tool-done", [], { label: "deny / defer: is_error tool_result" }),
  edge(E.subagentStart, "tool-allowed", "subagent", ["SubagentStart"], { label: "Task / Agent tool" }),
  edge(E.subagentStop, "subagent", "tool-done", ["SubagentStop"]),
  edge(E.toolExecute, "tool-allowed", "tool-done", ["PostToolUse"], { label: "tool runs" }),
  edge(E.postToolUseFailure, "tool-allowed", "tool-done", ["PostToolUseFailure"], { label: "tool failed" }),
  edge(E.postToolBatch, "tool-done", "batch-done", ["PostToolBatch"]),
  edge("next-call", "batch-done", "reply", [], { label: "results sent: next model request", back: true }),
  edge(E.finalAnswer, "reply", "final", [], { label: "no tool calls" }),
  edge(E.stop, "final", "stopped", ["Stop"]),
  edge(E.stopBlocked, "final", "reply", [], { label: "Stop block: reason fed back (at most 9 in a row)", back: true }),
  edge(E.stopFailure, "reply", "stopped", ["StopFailure"], { label: "API error" }),
  edge(E.preCompact, "session", "compacting", ["PreCompact"], { label: "history over budget" }),
  edge(E.postCompact, "compacting", "compacted", ["PostCompact"]),
  edge(E.notification, "stopped", "notified", ["Notification"], { label: "idle" }),
  edge(E.sessionEnd, "notified", "ended", ["SessionEnd"]),
];

export const claudeCodeGroups: Record<string, string> = {
  session: "Session",
  turn: "Prompt and model",
  tools: "Tool calls",
  end: "End of turn",
};
