import type { Scenario } from "../../core/pipeline/schema";
import { recordedToolResults } from "../../core/run/recordedToolResults";
import type { TraceEvent } from "../../core/trace/events";

/**
 * The scenario of a recorded run with every tool's behaviour replaced by the results it produced
 * then, in call order (the scenario format repeats the last one). Clock start and seed are kept, so
 * the sandbox hands hooks the same Date.now()/Math.random() values as long as they ask in the same order.
 *
 * A result keeps what the handler did on the way (its logs, file changes, requests, clock and random
 * values): the re-run's file system gets the changes back when the result is returned, so a later hook
 * reads the files as the original run's tool left them; the clock and generator move past the values
 * the handler took, so later hooks get the same ones; and the tool result reads as it did. A call a hook answered
 * instead of the tool (`claimedBy`) did not run the tool, so it is not one of the tool's results.
 */
export function rerunScenario(recorded: Scenario, events: readonly TraceEvent[]): Scenario {
  const results = recordedToolResults(events);
  return {
    ...recorded,
    tools: recorded.tools.map((tool) => {
      const recordedResults = results.get(tool.name);
      if (!recordedResults) return tool;
      return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, results: recordedResults };
    }),
  };
}
