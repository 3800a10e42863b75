import type { Scenario } from "../../core/pipeline/schema";
import type { TraceEvent } from "../../core/trace/events";

/**
 * The scenario of a recorded run with every tool's behaviour replaced by the results it produced
 * then, in call order (the scenario format repeats the last one). Clock start and seed are kept, so
 * the sandbox hands hooks the same Date.now()/Math.random() values as long as they ask in the same order.
 */
export function rerunScenario(recorded: Scenario, events: readonly TraceEvent[]): Scenario {
  const toolOf = new Map<string, string>();
  const results = new Map<string, { content: string; isError: boolean }[]>();
  for (const e of events) {
    if (e.type === "tool.call") toolOf.set(e.toolUseId, e.name);
    else if (e.type === "tool.result") {
      const name = toolOf.get(e.toolUseId);
      if (name === undefined) continue;
      const list = results.get(name) ?? [];
      list.push({ content: e.content, isError: e.isError });
      results.set(name, list);
    }
  }
  return {
    ...recorded,
    tools: recorded.tools.map((tool) => {
      const recordedResults = results.get(tool.name);
      if (!recordedResults) return tool;
      return { name: tool.name, description: tool.description, inputSchema: tool.inputSchema, results: recordedResults };
    }),
  };
}
