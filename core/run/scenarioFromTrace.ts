import type { Scenario, ScriptedModel, ScriptedResponse, ToolDefinition } from "../pipeline/schema";
import type { TraceEvent } from "../trace/events";
import { hasRecordedEffects, recordedToolResults } from "./recordedToolResults";

const STOP_REASONS = ["end_turn", "tool_use", "max_tokens", "stop_sequence"] as const;
type StopReason = (typeof STOP_REASONS)[number];

/**
 * A recorded run as a scripted scenario, so a turn seen once replays forever: every model reply
 * (text, tool calls, stop reason, or provider error) becomes a scripted response in call order,
 * and every tool the run called answers with the results it gave then, in order (a TypeScript
 * handler is replaced by them), each with what the handler did on the way (logs, file changes,
 * requests, clock and random values, as a re-run keeps them), so a hook that reads the handler's
 * files sees them when the saved scenario runs. Results a hook gave in a tool's place are left out: the hook
 * gives them again. Prompt, history, system prompt, tool definitions, limits, clock start, seed
 * and expectations come from the scenario the run ran.
 */
export function scenarioFromTrace(args: { events: readonly TraceEvent[]; scenario: Scenario; name: string; description?: string }): Scenario & { model: ScriptedModel } {
  const { events, scenario } = args;
  const exhausted = events.some((e) => e.type === "run.end" && e.exitReason === "script_exhausted");
  const responses: ScriptedResponse[] = [];
  for (const e of events) {
    if (e.type === "model.response") {
      // A turn a person cancelled: that reply is the cancel, not the model's; the scenario ends before it.
      if (e.cancelled !== undefined) continue;
      if (e.error !== undefined) responses.push({ error: e.error });
      else responses.push({ content: structuredClone(e.content), stopReason: stopReasonOf(e.stopReason) });
    }
  }
  const results = recordedToolResults(events);
  // The scripted model's "no response left" is recorded as an error reply; replaying it as a provider error would change the ending.
  if (exhausted && responses.at(-1) && "error" in (responses.at(-1) as ScriptedResponse)) responses.pop();
  const tools = scenario.tools.map((tool): ToolDefinition => {
    const recorded = results.get(tool.name);
    if (!recorded) return structuredClone(tool);
    return { name: tool.name, description: tool.description, inputSchema: structuredClone(tool.inputSchema), results: recorded.map((r) => (r.isError || hasRecordedEffects(r) ? r : r.content)) };
  });
  return {
    ...structuredClone(scenario),
    name: args.name,
    description: args.description ?? scenario.description,
    model: { kind: "scripted", maxInputTokens: scenario.model.maxInputTokens, responses },
    tools,
  };
}

function stopReasonOf(value: string): StopReason {
  return (STOP_REASONS as readonly string[]).includes(value) ? (value as StopReason) : "end_turn";
}

/** A scenario name not taken in `taken`: `base`, else `base 2`, `base 3`, ... */
export function uniqueScenarioName(base: string, taken: readonly string[]): string {
  if (!taken.includes(base)) return base;
  for (let n = 2; ; n++) if (!taken.includes(`${base} ${n}`)) return `${base} ${n}`;
}
