import type { ToolResult } from "../pipeline/toolResultSchema";
import type { TraceEvent } from "../trace/events";

/**
 * The results each tool of a recorded run produced, by tool name, in call order, each with what the
 * handler did on the way (logs, file changes, requests, clock and random values), so a scenario built
 * from them gives later hooks the same files, clock and generator as the recorded run did. Both a
 * re-run and "Save as scenario" use this: a result that dropped the effects would make a hook that
 * reads the handler's files behave differently. A call a hook answered instead of the tool
 * (`claimedBy`) did not run the tool, so it is not one of the tool's results.
 */
export function recordedToolResults(events: readonly TraceEvent[]): Map<string, Extract<ToolResult, object>[]> {
  const toolOf = new Map<string, string>();
  const results = new Map<string, Extract<ToolResult, object>[]>();
  for (const e of events) {
    if (e.type === "tool.call") toolOf.set(e.toolUseId, e.name);
    else if (e.type === "tool.result" && e.claimedBy === undefined) {
      const name = toolOf.get(e.toolUseId);
      if (name === undefined) continue;
      const list = results.get(name) ?? [];
      list.push({
        content: e.content,
        isError: e.isError,
        ...(e.logs?.length ? { logs: structuredClone(e.logs) } : {}),
        ...(e.files?.length ? { files: structuredClone(e.files) } : {}),
        ...(e.requests?.length ? { requests: structuredClone(e.requests) } : {}),
        ...(e.env?.length ? { env: structuredClone(e.env) } : {}),
        ...(e.clock?.length ? { clock: [...e.clock] } : {}),
        ...(e.random?.length ? { random: [...e.random] } : {}),
      });
      results.set(name, list);
    }
  }
  return results;
}

/** True when a result carries more than content and error flag (what the handler did when it was recorded). */
export function hasRecordedEffects(result: ToolResult): boolean {
  return typeof result !== "string" && (result.logs !== undefined || result.files !== undefined || result.requests !== undefined || result.env !== undefined || result.clock !== undefined || result.random !== undefined);
}
