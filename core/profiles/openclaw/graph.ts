import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * The embedded agent run of OpenClaw (semantics.md §2a) as a graph: lifecycle events as nodes,
 * hook points on the transitions. The simulator reports these edge ids on point.start. Nodes
 * carry a `group` so the designer can fold a stage of the run (gateway and session, the turn
 * preamble, the model loop, tools, the end of the run, delivery) into one box.
 */
export const OPENCLAW_EDGES = {
  gatewayStart: "gateway-start",
  sessionStart: "session-start",
  messageReceived: "message-received",
  modelResolve: "model-resolve",
  agentReply: "agent-reply",
  replyClaimed: "reply-claimed",
  promptBuild: "prompt-build",
  agentRun: "agent-run",
  runBlocked: "run-blocked",
  llmInput: "llm-input",
  modelCallStarted: "model-call-started",
  providerCall: "provider-call",
  modelCallEnded: "model-call-ended",
  toolRequested: "reply-to-tool",
  beforeToolCall: "tool-gate",
  toolBlocked: "tool-blocked",
  toolExecute: "tool-execute",
  toolResultPersist: "tool-result-persist",
  messageWrite: "tool-message-write",
  afterToolCall: "tool-after",
  nextCall: "tools-to-next-call",
  finalAnswer: "reply-final",
  finalize: "agent-finalize",
  revise: "finalize-revise",
  llmOutput: "llm-output",
  agentEnd: "agent-end",
  messageSending: "message-sending",
  deliveryCancelled: "delivery-cancelled",
  messageSent: "message-sent",
  beforeCompaction: "before-compaction",
  afterCompaction: "after-compaction",
  sessionEnd: "session-end",
  gatewayStop: "gateway-stop",
} as const;

const node = (id: string, label: string, kind: LifecycleNode["kind"], group: string, doc: string): LifecycleNode => ({ id, label, kind, group, doc });

export const openclawNodes: LifecycleNode[] = [
  node("gateway-down", "Gateway starting", "outside", "gateway", "The Gateway process is starting; plugins are loaded."),
  node("gateway-up", "Gateway running", "outside", "gateway", "Plugins' services may run."),
  node("inbound", "Inbound message", "start", "turn", "A user message arrives on a channel."),
  node("session-open", "Session open", "event", "turn", "The run's session exists (started now or resumed)."),
  node("received", "Message received", "event", "turn", "The message was routed to an agent run."),
  node("model-resolved", "Model resolved", "event", "turn", "The run's provider and model are chosen."),
  node("reply-open", "Reply not claimed", "event", "turn", "No plugin answered in the model's place."),
  node("prompt-built", "Prompt built", "event", "turn", "System prompt, context and history are assembled."),
  node("run-admitted", "Run admitted", "event", "turn", "The before_agent_run gate passed."),
  node("request-ready", "Request ready", "event", "model", "The provider request is assembled."),
  node("call-started", "Provider call", "event", "model", "A provider call is in flight."),
  node("call-ended", "Reply received", "event", "model", "The provider answered (or failed)."),
  node("tool-requested", "Tool call requested", "event", "tools", "One tool call of the reply, in order."),
  node("tool-allowed", "Tool call allowed", "event", "tools", "No hook blocked the call (an approval, if asked, was granted)."),
  node("tool-executed", "Tool executed", "event", "tools", "The tool ran; its result message is being written."),
  node("tool-persisted", "Result persisted", "event", "tools", "The result message was written to the transcript."),
  node("tool-finished", "Tool result recorded", "event", "tools", "The tool_result joins the next request."),
  node("final-answer", "Final answer", "event", "end", "The model answered without tool calls."),
  node("finalized", "Answer accepted", "event", "end", "No hook asked for another pass."),
  node("run-ended", "Run ended", "event", "end", "The run is over; its outcome is known."),
  node("sending", "Reply delivering", "event", "delivery", "The reply is about to be sent to the channel."),
  node("sent", "Reply delivered", "terminal", "delivery", "The channel has the reply."),
  node("not-sent", "Delivery cancelled", "terminal", "delivery", "A hook cancelled delivery, or the run was stopped before the model."),
  node("compacting", "Compacting", "outside", "session", "The session history is being compacted."),
  node("compacted", "Compacted", "outside", "session", "The history was replaced by its summary."),
  node("session-closed", "Session closed", "outside", "session", "The session ended."),
  node("gateway-stopped", "Gateway stopped", "outside", "gateway", "The Gateway shut down."),
];

const E = OPENCLAW_EDGES;
const edge = (id: string, source: string, target: string, points: string[], extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({ id, source, target, points, ...extra });

export const openclawEdges: LifecycleEdge[] = [
  edge(E.gatewayStart, "gateway-down", "gateway-up", ["gateway_start"]),
  edge(E.sessionStart, "inbound", "session-open", ["session_start"]),
  edge(E.messageReceived, "session-open", "received", ["message_received"]),
  edge(E.modelResolve, "received", "model-resolved", ["before_model_resolve"]),
  edge(E.agentReply, "model-resolved", "reply-open", ["before_agent_reply"]),
  edge(E.replyClaimed, "model-resolved", "run-ended", [], { label: "claimed: synthetic reply, no model call" }),
  edge(E.promptBuild, "reply-open", "prompt-built", ["before_prompt_build"]),
  edge(E.agentRun, "prompt-built", "run-admitted", ["before_agent_run"]),
  edge(E.runBlocked, "prompt-built", "not-sent", [], { label: "blocked: replacement text" }),
  edge(E.llmInput, "run-admitted", "request-ready", ["llm_input"]),
  edge(E.modelCallStarted, "request-ready", "call-started", ["model_call_started"]),
  edge(E.modelCallEnded, "call-started", "call-ended", ["model_call_ended"]),
  edge(E.toolRequested, "call-ended", "tool-requested", [], { label: "reply has tool calls" }),
  edge(E.beforeToolCall, "tool-requested", "tool-allowed", ["before_tool_call"]),
  edge(E.toolBlocked, "tool-requested", "tool-finished", [], { label: "blocked / denied: error tool_result" }),
  edge(E.toolExecute, "tool-allowed", "tool-executed", [], { label: "tool runs" }),
  edge(E.toolResultPersist, "tool-executed", "tool-persisted", ["tool_result_persist", "before_message_write"]),
  edge(E.afterToolCall, "tool-persisted", "tool-finished", ["after_tool_call"]),
  edge(E.nextCall, "tool-finished", "request-ready", [], { label: "results sent: next provider call", back: true }),
  edge(E.finalAnswer, "call-ended", "final-answer", [], { label: "no tool calls" }),
  edge(E.finalize, "final-answer", "finalized", ["before_agent_finalize", "llm_output"]),
  edge(E.revise, "final-answer", "request-ready", [], { label: "revise (at most 3)", back: true }),
  edge(E.agentEnd, "finalized", "run-ended", ["agent_end"]),
  edge(E.messageSending, "run-ended", "sending", ["message_sending"]),
  edge(E.deliveryCancelled, "sending", "not-sent", [], { label: "cancel: true" }),
  edge(E.messageSent, "sending", "sent", ["message_sent"]),
  edge(E.beforeCompaction, "session-open", "compacting", ["before_compaction"], { label: "history over budget" }),
  edge(E.afterCompaction, "compacting", "compacted", ["after_compaction"]),
  edge(E.sessionEnd, "sent", "session-closed", ["session_end"]),
  edge(E.gatewayStop, "session-closed", "gateway-stopped", ["gateway_stop"]),
];

/** Names of the node groups, for the graph's folded boxes. */
export const openclawGroups: Record<string, string> = {
  gateway: "Gateway",
  turn: "Turn preamble",
  model: "Model loop",
  tools: "Tool calls",
  end: "End of run",
  delivery: "Delivery",
  session: "Session and compaction",
};
