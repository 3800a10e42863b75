import type { TraceEvent } from "../trace/events";

/**
 * A small, contract-valid trace of the "Be concise" example, built by hand. Used by unit tests
 * (and by component checks) so they do not depend on the engine.
 */
export function beConciseTrace(options: { suffix?: string; runId?: string } = {}): TraceEvent[] {
  const suffix = options.suffix ?? "\nBe concise.";
  const system = "You are a helpful assistant.";
  const user = { role: "user" as const, content: [{ type: "text" as const, text: "Explain what a hook is." }] };
  return [
    { seq: 1, type: "run.start", format: "hookwright.trace/v1", runId: options.runId ?? "r1", pipeline: "Be concise", profile: "vellum", scenario: "default", clockStart: 0, seed: 1 },
    { seq: 2, type: "point.start", point: "pre-model-call", edge: "e-prompt-model", context: { callSite: "mainAgent", systemPrompt: system, messages: [user] } },
    { seq: 3, type: "hook.start", hookId: "be-concise", point: "pre-model-call" },
    {
      seq: 4,
      type: "hook.end",
      hookId: "be-concise",
      point: "pre-model-call",
      patch: [{ op: "replace", path: "/systemPrompt", value: system + suffix }],
      error: null,
      durationMs: 2,
      logs: [],
      status: "changed",
    },
    { seq: 5, type: "point.end", point: "pre-model-call" },
    { seq: 6, type: "model.request", messages: [user], system: system + suffix, call: 1 },
    { seq: 7, type: "model.response", call: 1, content: [{ type: "text", text: "A hook is code the host runs." }], stopReason: "end_turn" },
    { seq: 8, type: "run.end", exitReason: "completed" },
  ];
}
