import type { LifecycleEdge, LifecycleNode } from "../types";

/** The registry's turn cycle (seed 001). The simulator reports these edge ids on point.start. */
export const REGISTRY_EDGES = {
  sessionStart: "turn-session-start",
  prefetch: "memory-prefetch",
  beforePromptBuild: "prompt-build",
  llmCall: "llm-call",
  toolRequested: "reply-to-tool",
  beforeToolCall: "tool-gate",
  blocked: "tool-claimed",
  execute: "tool-execute",
  afterToolCall: "tool-after",
  nextTool: "tool-next",
  nextCall: "tools-to-next-call",
  toDone: "reply-to-done",
  agentDone: "turn-done",
} as const;

export const registryNodes: LifecycleNode[] = [
  { id: "turn-requested", label: "Turn requested", kind: "start", doc: "A user prompt arrives." },
  { id: "turn-started", label: "Turn started", kind: "event", doc: "The session is ready for the turn." },
  { id: "memory-prefetched", label: "Memory prefetched", kind: "event", doc: "Memory is prefetched; the prompt is about to be built." },
  { id: "prompt-built", label: "Prompt built", kind: "event", doc: "System prompt and history assembled for the LLM call." },
  { id: "llm-replied", label: "LLM replied", kind: "event", doc: "The LLM call returned (or failed)." },
  { id: "tool-requested", label: "Tool call requested", kind: "event", doc: "One tool_use block of the reply, in order." },
  { id: "tool-approved", label: "Tool call not claimed", kind: "event", doc: "No before_tool_call handler claimed the call." },
  { id: "tool-executed", label: "Tool executed", kind: "event", doc: "The tool ran and produced its result." },
  { id: "tool-finished", label: "Tool result recorded", kind: "event", doc: "The tool_result joined the next user message." },
  { id: "turn-finishing", label: "Turn finishing", kind: "event", doc: "No tool calls left, or a bound or an error ended the turn." },
  { id: "turn-ended", label: "Turn ended", kind: "terminal", doc: "The turn is over." },
];

const E = REGISTRY_EDGES;
export const registryEdges: LifecycleEdge[] = [
  { id: E.sessionStart, source: "turn-requested", target: "turn-started", points: ["session_start"] },
  { id: E.prefetch, source: "turn-started", target: "memory-prefetched", label: "memory prefetch", points: [] },
  { id: E.beforePromptBuild, source: "memory-prefetched", target: "prompt-built", points: ["before_prompt_build"] },
  { id: E.llmCall, source: "prompt-built", target: "llm-replied", label: "LLM call", points: [] },
  { id: E.toolRequested, source: "llm-replied", target: "tool-requested", label: "reply has tool_use", points: [] },
  { id: E.beforeToolCall, source: "tool-requested", target: "tool-approved", points: ["before_tool_call"] },
  { id: E.blocked, source: "tool-requested", target: "tool-finished", label: "claimed: error tool_result", points: [] },
  { id: E.execute, source: "tool-approved", target: "tool-executed", label: "tool runs", points: [] },
  { id: E.afterToolCall, source: "tool-executed", target: "tool-finished", points: ["after_tool_call"] },
  { id: E.nextTool, source: "tool-finished", target: "tool-requested", label: "next tool call", points: [], back: true },
  { id: E.nextCall, source: "tool-finished", target: "memory-prefetched", label: "results sent: next LLM call", points: [], back: true },
  { id: E.toDone, source: "llm-replied", target: "turn-finishing", label: "no tool_use, bound or error", points: [] },
  { id: E.agentDone, source: "turn-finishing", target: "turn-ended", points: ["agent_done"] },
];
