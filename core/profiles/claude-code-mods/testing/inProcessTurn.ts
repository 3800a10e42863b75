import { createScriptedModel } from "../../../engine/scriptedModel";
import { simulate } from "../../../engine/simulate";
import { assertTraceContract } from "../../../engine/testing/harness";
import { createInProcessRunner, type TestHook } from "../../../engine/testing/inProcessRunner";
import { parsePipeline } from "../../../pipeline/parsePipeline";
import type { TraceEvent } from "../../../trace/events";
import { claudeCodeModsProfile } from "../index";

/** A hook of an in-process turn: a mod `($, e, next)` or a settings.json hook `(input)`, by its point. */
export interface InProcessHook {
  id: string;
  point: string;
  matcher?: string | null;
  fn: unknown;
}

/**
 * One claude-code-mods turn with hooks given as in-process functions: the model calls Bash with
 * `command`, then says each of `replies` in turn (a Stop hook may send it back); the scripted Bash
 * prints `results`. Returns the trace, checked against the contract.
 */
export async function inProcessModsTurn(options: { hooks: readonly InProcessHook[]; command: string; replies: readonly string[]; results: readonly string[] }): Promise<TraceEvent[]> {
  const parsed = parsePipeline({
    format: "hookwright.pipeline/v1",
    name: "t",
    profile: "claude-code-mods",
    hooks: options.hooks.map((h) => ({ id: h.id, point: h.point, name: h.id, enabled: true, matcher: h.matcher ?? null, code: "" })),
    scenarios: [
      {
        name: "s",
        prompt: "p",
        model: {
          kind: "scripted",
          responses: [
            { content: [{ type: "tool_use", id: "t1", name: "Bash", input: { command: options.command } }], stopReason: "tool_use" },
            ...options.replies.map((text) => ({ content: [{ type: "text" as const, text }], stopReason: "end_turn" as const })),
          ],
        },
        tools: [{ name: "Bash", description: "", inputSchema: { type: "object" }, results: [...options.results] }],
      },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  const pipeline = parsed.value;
  const scenario = pipeline.scenarios[0] as (typeof pipeline.scenarios)[number];
  const runner = createInProcessRunner({ hooks: Object.fromEntries(options.hooks.map((h) => [h.id, h.fn as TestHook])) });
  const events: TraceEvent[] = [];
  await simulate({ pipeline, scenario, profile: claudeCodeModsProfile, runner, model: createScriptedModel(scenario.model), emit: (_, full) => void events.push(full) });
  assertTraceContract(events);
  return events;
}
