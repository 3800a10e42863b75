import { runScenario } from "~/core/engine/runScenario";
import { assertTraceContract } from "~/core/engine/testing/harness";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import { openSandboxRunner } from "~/server/sandbox/runner";

/*
 * The Hookwright side of the mods tests against the engine (claudeCodeMods.*.test.ts): the same
 * turn as server/bundles/testing/claudeMods.ts's `runMods` scripts for the engine — the model
 * calls Bash with each command (ids toolu_hw0000, …), then says "done" — as a claude-code-mods
 * pipeline, run by the real sandbox runner.
 */

/** A hook of the pipeline: a mod (its module's `code`), or with `command` a settings.json command hook. */
export interface ModsTestHook {
  id: string;
  point: string;
  /** Default: the id. */
  name?: string;
  matcher?: string | null;
  code?: string;
  command?: string;
}

export function modsPipeline(options: {
  name: string;
  hooks: readonly ModsTestHook[];
  /** The Bash commands the model calls, one per reply. */
  commands: readonly string[];
  /** What the scripted Bash prints, call by call (or a failed call's text). */
  results: readonly (string | { content: string; isError: boolean })[];
  /** What the model says after the calls (default "done"), one reply each (a Stop hook may send it back). */
  replies?: readonly string[];
}): Pipeline {
  const parsed = parsePipeline({
    format: "hookwright.pipeline/v1",
    name: options.name,
    profile: "claude-code-mods",
    hooks: options.hooks.map((h) => ({
      id: h.id,
      point: h.point,
      name: h.name ?? h.id,
      enabled: true,
      matcher: h.matcher ?? null,
      code: h.code ?? "",
      ...(h.command ? { runtime: { kind: "command" as const, language: "bash" as const, command: h.command, script: null } } : {}),
    })),
    scenarios: [
      {
        name: "turn",
        prompt: "Do the thing.",
        model: {
          kind: "scripted",
          responses: [
            ...options.commands.map((command, i) => ({ content: [{ type: "tool_use" as const, id: `toolu_hw${String(i).padStart(4, "0")}`, name: "Bash", input: { command, description: "d" } }], stopReason: "tool_use" as const })),
            ...(options.replies ?? ["done"]).map((text) => ({ content: [{ type: "text" as const, text }], stopReason: "end_turn" as const })),
          ],
        },
        tools: [{ name: "Bash", description: "Executes a bash command.", inputSchema: { type: "object", properties: { command: { type: "string" } }, required: ["command"] }, results: [...options.results] }],
      },
    ],
  });
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
  return parsed.value;
}

/** Hookwright's run of the pipeline's first scenario (the sandbox runner), its trace checked against the contract. */
export async function runInHookwright(pipeline: Pipeline): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  await runScenario({ pipeline, scenario: pipeline.scenarios[0] as Pipeline["scenarios"][number], createRunner: (o) => openSandboxRunner(o), emit: (_, full) => void events.push(full) });
  assertTraceContract(events);
  return events;
}
