import type { LifecycleEdge, LifecycleNode } from "../types";

/** FIM One's ReAct loop (semantics.md §6a) as a graph: hook points on the transitions. */
export const FIM_ONE_EDGES = {
  sessionStart: "session-start",
  modelCall: "model-call",
  preToolUse: "pre-tool-use",
  blocked: "tool-blocked",
  toolRun: "tool-run",
  postToolUse: "post-tool-use",
  nextCall: "next-call",
  answer: "answer",
} as const;

const E = FIM_ONE_EDGES;

export const fimOneNodes: LifecycleNode[] = [
  { id: "session", label: "Session", kind: "start", doc: "The agent session starts (agent_id, user_id, metadata set)." },
  { id: "prompt", label: "Initial prompt", kind: "event", doc: "The prompt the first model call gets." },
  { id: "reply", label: "Reply", kind: "event", doc: "The model answered." },
  { id: "tool-picked", label: "Tool picked", kind: "event", doc: "The model picked a tool call." },
  { id: "tool-ran", label: "Tool ran", kind: "event", doc: "The tool returned its observation." },
  { id: "observation", label: "Observation", kind: "event", doc: "What the model sees of the call." },
  { id: "done", label: "Answer", kind: "terminal", doc: "The model answered without a tool call." },
];

const edge = (id: string, source: string, target: string, points: string[], label?: string): LifecycleEdge => ({ id, source, target, points, ...(label ? { label } : {}) });

export const fimOneEdges: LifecycleEdge[] = [
  edge(E.sessionStart, "session", "prompt", ["SessionStart"]),
  edge(E.modelCall, "prompt", "reply", [], "model call"),
  edge("reply-tool", "reply", "tool-picked", [], "tool call"),
  edge(E.toolRun, "tool-picked", "tool-ran", ["PreToolUse"]),
  edge(E.blocked, "tool-picked", "observation", [], "blocked: Error: <error>"),
  edge(E.postToolUse, "tool-ran", "observation", ["PostToolUse"]),
  { ...edge(E.nextCall, "observation", "reply", [], "next model call"), back: true },
  edge(E.answer, "reply", "done", [], "no tool call"),
];
