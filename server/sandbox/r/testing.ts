import { deputyProfile } from "../../../core/profiles";
import type { SimulationResult } from "../../../core/engine/simulate";
import { collectTrace, createSandboxSimulator, parseWithFirstScenario, type CollectedTrace } from "../testing/simulateInSandbox";
import { probeRRuntime } from "./probe";

/** Test helpers: deputy pipelines whose hooks are R, run end to end by the sandbox runner (R in the process sandbox). */

const probe = await probeRRuntime();
/** Null when R hooks can run here; otherwise why the R tests skip. */
export const rSkipReason: string | null = probe.available ? null : `${probe.reason} (fix: ${probe.fix})`;
if (rSkipReason) console.warn(`Skipping the R runtime's tests: ${rSkipReason}`);

export interface RHook {
  id: string;
  point?: string;
  /** deputy's pattern (null: none). */
  pattern?: string | null;
  /** deputy's timeout in seconds; default 0 here (in-process), so state and output behave as in deputy's own tests. */
  timeout?: number | null;
  code: string;
  enabled?: boolean;
}

export const toolCall = (name: string, input: Record<string, unknown>, id = "call_1") => ({ content: [{ type: "tool_use", id, name, input }], stopReason: "tool_use" });
export const done = { content: [{ type: "text", text: "done" }], stopReason: "end_turn" };

export function deputyDocument(hooks: readonly RHook[], scenario: Record<string, unknown> = {}) {
  return {
    format: "hookwright.pipeline/v1",
    name: "deputy-r",
    profile: "deputy",
    hooks: hooks.map((h) => ({
      id: h.id,
      name: h.id,
      point: h.point ?? "PreToolUse",
      enabled: h.enabled ?? true,
      matcher: h.pattern ?? null,
      code: h.code,
      // null: deputy's default timeout (30, the callr path).
      runtime: h.timeout === null ? { kind: "r" } : { kind: "r", timeout: h.timeout ?? 0 },
    })),
    scenarios: [
      {
        name: "s",
        prompt: "go",
        hostContext: { permission_mode: "full" },
        model: { kind: "scripted", responses: [toolCall("run_bash", { command: "rm -rf build" }), done] },
        tools: [
          { name: "run_bash", inputSchema: { type: "object" }, results: ["ran"] },
          { name: "read_file", inputSchema: { type: "object" }, results: ["text"] },
        ],
        ...scenario,
      },
    ],
  };
}

export function deputyRunner() {
  const sandbox = createSandboxSimulator();
  return {
    async run(hooks: readonly RHook[], scenario: Record<string, unknown> = {}): Promise<CollectedTrace & { result: SimulationResult }> {
      const trace = collectTrace();
      const result = await sandbox.simulate({ ...parseWithFirstScenario(deputyDocument(hooks, scenario)), profile: deputyProfile, emit: trace.emit });
      return { ...trace, result };
    },
    dispose: () => sandbox.dispose(),
  };
}
