import { checkExpectations, type ExpectationReport } from "../../core/expectations";
import { scenarioSchema, type Pipeline, type Scenario } from "../../core/pipeline/schema";
import type { EncodedTraceEvent, TraceEvent, UnsequencedEvent } from "../../core/trace/events";
import { createStreamResolver } from "../../core/trace/resolve";

/**
 * Follows a run's recorded events and, at its run.end, checks the scenario's expectations
 * against the whole resolved trace. Null when the scenario has none (nothing is kept).
 */
export function expectationCollector(pipeline: Pipeline, scenario: Scenario): ((event: TraceEvent | UnsequencedEvent) => ExpectationReport | null) | null {
  const expectations = scenario.expectations ?? [];
  if (expectations.length === 0) return null;
  const resolve = createStreamResolver();
  const events: TraceEvent[] = [];
  let broken: string | null = null;
  return (event) => {
    const ended = event.type === "run.end";
    if (broken === null) {
      try {
        // Events reach the recorder as written (v2: fields may be deltas); resolving shares structure, so keeping them costs what changed.
        events.push(resolve(event as EncodedTraceEvent));
      } catch (error) {
        broken = error instanceof Error ? error.message : String(error);
      }
    }
    if (!ended) return null;
    const seq = "seq" in event ? event.seq : null;
    if (broken === null) {
      try {
        return checkExpectations({ events, expectations, pipeline });
      } catch (error) {
        broken = error instanceof Error ? error.message : String(error);
      }
    }
    const reason = `the expectations could not be checked: ${broken}`;
    return { passed: 0, failed: expectations.length, results: expectations.map((_, index) => ({ index, label: `expectation ${index + 1}`, pass: false, reason, seq })) };
  };
}

/** The scenario row of a point run: no turn, named after the point, with the pipeline's first scenario's clock and seed. */
export function pointRunScenario(pipeline: Pipeline, point: string): Scenario {
  const first = pipeline.scenarios[0];
  // The first scenario's sandbox inputs too, so a hook that reads a file or fetches behaves as in a full run (as the CLI's --point).
  return scenarioSchema.parse({
    name: `point ${point}`,
    prompt: "",
    model: { kind: "scripted", responses: [] },
    ...(first ? { clockStart: first.clockStart, seed: first.seed } : {}),
    ...(first?.files ? { files: first.files } : {}),
    ...(first?.http ? { http: first.http } : {}),
  });
}
