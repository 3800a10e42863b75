import type { LifecycleEdge, LifecycleNode } from "../types";

/**
 * Vellum's Agent Loop (semantics.md §1a): lifecycle events as nodes, hooks on the
 * transitions. Plugin init/shutdown sit outside the loop; post-compact branches off the
 * iteration top; tool results and honoured continues are back-edges to the next iteration.
 * The simulator reports these edge ids on point.start.
 */
export const VELLUM_EDGES = {
  init: "plugin-init",
  shutdown: "plugin-shutdown",
  userPromptSubmit: "prompt-to-loop",
  enterLoop: "loop-enter",
  compact: "budget-compact",
  postCompact: "compacted-to-request",
  noCompact: "budget-ok",
  preModelCall: "request-to-provider",
  postModelCall: "provider-to-outcome",
  continue: "outcome-continue",
  tools: "outcome-to-tools",
  toEnd: "outcome-to-end",
  postToolUse: "tools-to-results",
  nextIteration: "results-to-iteration",
  bound: "iteration-bound",
  stop: "end-stop",
} as const;

export const vellumNodes: LifecycleNode[] = [
  { id: "plugin-activated", label: "Plugin activated", kind: "outside", doc: "Boot or install: the plugin's directory is discovered and its hooks are loaded." },
  { id: "plugin-ready", label: "Plugin active", kind: "outside", doc: "The plugin's hooks are registered and fire during turns." },
  { id: "plugin-torn-down", label: "Plugin torn down", kind: "outside", doc: "Process exit, uninstall or disable." },
  { id: "user-message", label: "User message assembled", kind: "start", doc: "The daemon has assembled the turn's messages and injections." },
  { id: "loop-start", label: "Agent loop starts", kind: "event", doc: "AgentLoop.run begins with the (possibly rewritten) message list." },
  { id: "iteration-top", label: "Iteration top", kind: "event", doc: "Start of an iteration: the budget gate checks the history size." },
  { id: "history-compacted", label: "History compacted", kind: "event", doc: "The history passed the budget; older messages were replaced by a summary." },
  { id: "request-built", label: "Request built", kind: "event", doc: "Tools resolved and the provider request assembled." },
  { id: "provider-call", label: "Provider call", kind: "event", doc: "The request is sent to the model." },
  { id: "model-outcome", label: "Model outcome", kind: "event", doc: "A finalized reply, a max_tokens cut, or a provider rejection." },
  { id: "tools-finished", label: "Tools finished", kind: "event", doc: "The reply's tool calls ran (in parallel)." },
  { id: "results-in-history", label: "Results in history", kind: "event", doc: "Tool results (and any additional context) rejoined the history." },
  { id: "loop-ending", label: "Loop committed to ending", kind: "event", doc: "A terminal exit: no tool calls, max tokens, an error or a bound." },
  { id: "turn-ended", label: "Turn ended", kind: "terminal", doc: "Nothing re-enters the loop this run." },
];

const E = VELLUM_EDGES;
export const vellumEdges: LifecycleEdge[] = [
  { id: E.init, source: "plugin-activated", target: "plugin-ready", points: ["init"] },
  { id: E.shutdown, source: "plugin-ready", target: "plugin-torn-down", points: ["shutdown"] },
  { id: E.userPromptSubmit, source: "user-message", target: "loop-start", points: ["user-prompt-submit"] },
  { id: E.enterLoop, source: "loop-start", target: "iteration-top", points: [] },
  { id: E.compact, source: "iteration-top", target: "history-compacted", label: "over budget: compact", points: [] },
  { id: E.postCompact, source: "history-compacted", target: "request-built", points: ["post-compact"] },
  { id: E.noCompact, source: "iteration-top", target: "request-built", label: "within budget", points: [] },
  { id: E.preModelCall, source: "request-built", target: "provider-call", points: ["pre-model-call"] },
  { id: E.postModelCall, source: "provider-call", target: "model-outcome", points: ["post-model-call"] },
  { id: E.continue, source: "model-outcome", target: "iteration-top", label: "decision: continue (≤5 per run)", points: [], back: true },
  { id: E.tools, source: "model-outcome", target: "tools-finished", label: "reply has tool_use", points: [] },
  { id: E.toEnd, source: "model-outcome", target: "loop-ending", label: "no tool_use, max_tokens or error", points: [] },
  { id: E.postToolUse, source: "tools-finished", target: "results-in-history", label: "each result, in order", points: ["post-tool-use"] },
  { id: E.nextIteration, source: "results-in-history", target: "iteration-top", label: "next model call", points: [], back: true },
  { id: E.bound, source: "iteration-top", target: "loop-ending", label: "model or tool call bound reached", points: [] },
  { id: E.stop, source: "loop-ending", target: "turn-ended", points: ["stop"] },
];
