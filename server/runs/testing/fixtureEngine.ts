import type { RunEngine } from "../runService";

/**
 * Test double of the engine port for recorder/stream tests (the subject there is recording and
 * delivery, not hook semantics): emits a fixed, contract-shaped trace of `tools` round trips.
 * `hookSuffix` changes what the hook writes, to make two runs diverge.
 */
export function fixtureEngine(tools: number, hookSuffix = ""): RunEngine {
  return {
    createRunner: () => Promise.reject(new Error("not used")),
    scriptedModel: () => ({ respond: () => Promise.resolve({ error: "not used" }) }),
    simulate: ({ emit }) => {
      emit({ type: "run.start", format: "hookwright.trace/v1", runId: "", pipeline: "p", profile: "vellum", scenario: "default", clockStart: 0, seed: 1 });
      for (let i = 1; i <= tools; i++) {
        emit({ type: "point.start", point: "pre-model-call", context: { n: String(i) } });
        emit({ type: "hook.start", hookId: "h", point: "pre-model-call" });
        emit({ type: "hook.end", hookId: "h", point: "pre-model-call", patch: [{ op: "replace", path: "/n", value: `${i + 1}${hookSuffix}` }], error: null, durationMs: 0, logs: [] });
        emit({ type: "point.end", point: "pre-model-call" });
        emit({ type: "tool.call", toolUseId: `t${i}`, name: "search", input: {} });
        emit({ type: "tool.result", toolUseId: `t${i}`, content: `r${i}`, isError: false });
      }
      emit({ type: "run.end", exitReason: "completed" });
      return Promise.resolve();
    },
  };
}

