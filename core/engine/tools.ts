import type { JsonObject } from "../json";
import type { Scenario } from "../pipeline/schema";
import type { FileChange } from "../files/fileChange";
import type { HttpExchange } from "../sandbox/http";
import type { EnvRead } from "../sandbox/envRead";
import type { LogEntry } from "../trace/events";
import type { HookRunner } from "./ports";

export interface ToolOutput {
  content: string;
  isError: boolean;
  logs: LogEntry[];
  /** A handler's changes to the run's virtual file system (absent: none or no handler ran). */
  files?: FileChange[];
  /** A handler's HTTP requests and their fixture answers (absent: none or no handler ran). */
  requests?: HttpExchange[];
  /** process.env names a handler read (absent: none or no handler ran). */
  env?: EnvRead[];
  /** Date.now()/new Date() and Math.random() values a handler took (absent: none or no handler ran). */
  clock?: number[];
  random?: number[];
}

/**
 * Runs a scenario's tools: a tool with `results` returns them in order (the last one repeats),
 * with what a recorded result carries (logs, file changes, requests, clock and random values; its
 * file changes made and its clock and random values taken again);
 * a tool with a `handler` runs its TypeScript in the sandbox through the runner. An unknown
 * tool or a failing handler becomes an error result the model sees, as real hosts do.
 */
export function createToolExecutor(scenario: Scenario, runner: HookRunner) {
  const used = new Map<string, number>();
  return async function runTool(name: string, input: JsonObject): Promise<ToolOutput> {
    const tool = scenario.tools.find((t) => t.name === name);
    if (!tool) return { content: `Unknown tool "${name}".`, isError: true, logs: [] };
    if (tool.results && tool.results.length > 0) {
      const n = used.get(name) ?? 0;
      used.set(name, n + 1);
      const result = tool.results[Math.min(n, tool.results.length - 1)];
      if (typeof result === "string") return { content: result, isError: false, logs: [] };
      if (result) {
        // A recorded result (a re-run's): what the handler did to the run happens again now, as it did when it ran.
        if (result.files?.length || result.clock?.length || result.random?.length) {
          try {
            runner.replayTool?.(result);
          } catch (error) {
            // Only a hand-written result can ask for this (a recorded change was allowed when it was made).
            return { content: `Tool "${name}": its result's file changes could not be made: ${error instanceof Error ? error.message : String(error)}`, isError: true, logs: [] };
          }
        }
        return { content: result.content, isError: result.isError, logs: result.logs ?? [], ...effects(result) };
      }
    }
    if (tool.handler !== undefined) {
      const out = await runner.runTool(name, input);
      // A handler that wrote or fetched before it failed still did so: the file system keeps its writes.
      if (out.failure) return { content: `Tool "${name}" failed: ${out.failure.message}`, isError: true, logs: out.logs, ...effects(out) };
      return { content: out.content, isError: out.isError, logs: out.logs, ...effects(out) };
    }
    return { content: `Tool "${name}" has no results left and no handler.`, isError: true, logs: [] };
  };
}

type Effects = Pick<ToolOutput, "files" | "requests" | "env" | "clock" | "random">;

/** The handler's file changes, requests and clock and random values, only when there are some (the trace leaves empty lists out). */
function effects(out: Effects): Effects {
  return {
    ...(out.files?.length ? { files: out.files } : {}),
    ...(out.requests?.length ? { requests: out.requests } : {}),
    ...(out.env?.length ? { env: out.env } : {}),
    ...(out.clock?.length ? { clock: out.clock } : {}),
    ...(out.random?.length ? { random: out.random } : {}),
  };
}
