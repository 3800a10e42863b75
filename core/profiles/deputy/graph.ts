import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * deputy's agent loop (deputy.md §4 "Loop skeleton", §5 `on_tool_request` order, D:R/agent.R) as a
 * graph: a run starts (SessionStart, UserPromptSubmit), ellmer streams the model's reply and runs
 * its tool requests through deputy's gatekeeper (permissions first, then PreToolUse), every
 * result — a rejection too — goes through PostToolUse, and the run ends with Stop and
 * SessionEnd. Compaction happens only when the caller runs `agent$compact()`.
 */
export const DEPUTY_EDGES = {
  sessionStart: "session-start",
  modelCall: "model-call",
  toolRequested: "reply-to-tool",
  permissionAllowed: "permission-allowed",
  permissionDenied: "permission-denied",
  preToolUse: "pre-tool-use",
  hookDenied: "hook-denied",
  subagentStart: "subagent-start",
  subagentStop: "subagent-stop",
  toolRun: "tool-run",
  postToolUse: "post-tool-use",
  hookStop: "hook-stop",
  finalAnswer: "final-answer",
  stop: "stop",
  sessionEnd: "session-end",
  compact: "compact",
} as const;

const E = DEPUTY_EDGES;

const node = (id: string, label: string, kind: LifecycleNode["kind"], doc: string): LifecycleNode => ({ id, label, kind, doc });

export const deputyNodes: LifecycleNode[] = [
  node("run", "run() called", "start", "agent$run() / run_sync() starts a run: every run is a session (SessionStart fires once per run, D:R/agent.R:3078-3096)."),
  node("prompt", "Prompt sent", "event", "The prompt (with output-format instructions) goes to the model through ellmer's chat$stream()."),
  node("reply", "Reply streamed", "event", "The model answered; ellmer runs its tool requests inside the stream, one after another."),
  node("tool-requested", "Tool requested", "event", "on_tool_request: deputy's gatekeeper for one tool call (D:R/agent.R:2515-2683)."),
  node("permitted", "Permissions allowed", "event", "Permissions$check allowed the call (D:R/permissions.R:470-569); PreToolUse hooks run next."),
  node("tool-allowed", "Call allowed", "event", "No hook denied the call: the tool runs."),
  node("subagent", "Sub-agent running", "event", "LeadAgent's delegate_to_agent runs a sub-agent synchronously; it has no hooks of its own (D:R/agents-multi.R:396-581)."),
  node("tool-done", "Tool result", "event", "The tool's result, or ellmer's rejection \"Tool call rejected. <reason>\": on_tool_result fires PostToolUse for both."),
  node("final", "Final answer", "event", "The last reply had no tool request."),
  node("stopped", "Run over", "event", "The loop ended; Stop fires with the stop reason (complete, request_limit, hook_requested_stop, …)."),
  node("ended", "Session ended", "terminal", "SessionEnd fires with the same reason."),
  node("compacted", "Compacted", "outside", "agent$compact(keep_last, summary), called by the caller between runs: never automatic."),
];

const edge = (id: string, source: string, target: string, points: string[], extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({ id, source, target, points, ...extra });

export const deputyEdges: LifecycleEdge[] = [
  edge(E.sessionStart, "run", "prompt", ["SessionStart", "UserPromptSubmit"]),
  edge(E.modelCall, "prompt", "reply", [], { label: "chat$stream()" }),
  edge(E.toolRequested, "reply", "tool-requested", [], { label: "tool request" }),
  edge(E.permissionAllowed, "tool-requested", "permitted", [], { label: "Permissions$check allows" }),
  edge(E.permissionDenied, "tool-requested", "tool-done", [], { label: "denied by permissions: no PreToolUse" }),
  edge(E.preToolUse, "permitted", "tool-allowed", ["PreToolUse"]),
  edge(E.hookDenied, "permitted", "tool-done", [], { label: "deny: Tool call rejected. <reason>" }),
  edge(E.subagentStart, "tool-allowed", "subagent", ["SubagentStart"], { label: "delegate_to_agent" }),
  edge(E.subagentStop, "subagent", "tool-done", ["SubagentStop"]),
  edge(E.toolRun, "tool-allowed", "tool-done", [], { label: "tool runs" }),
  edge(E.postToolUse, "tool-done", "reply", ["PostToolUse", "PostToolUseFailure"], { label: "result to the model: next request", back: true }),
  edge(E.hookStop, "tool-done", "stopped", [], { label: "continue = FALSE: hook_requested_stop" }),
  edge(E.finalAnswer, "reply", "final", [], { label: "no tool request" }),
  edge(E.stop, "final", "stopped", ["Stop"]),
  edge(E.sessionEnd, "stopped", "ended", ["SessionEnd"]),
  edge(E.compact, "ended", "compacted", ["PreCompact"], { label: "agent$compact()" }),
];
