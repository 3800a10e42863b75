import { fimOneProfile } from "../../../core/profiles";
import { collectTrace, createSandboxSimulator, parseWithFirstScenario, type CollectedTrace } from "../testing/simulateInSandbox";
import type { SimulationResult } from "../../../core/engine/simulate";
import type { RunApprovalGate } from "../../../core/engine/approvalStep";

/** Test helpers: FIM One pipelines whose hooks are Python (or TypeScript), run end to end in the sandbox runner. */

export interface Row {
  id: string;
  name?: string;
  point?: "PreToolUse" | "PostToolUse" | "SessionStart";
  priority?: number;
  code: string;
  /** "python" (default) or "function" (TypeScript). */
  runtime?: "python" | "function";
}

/** A Python hook module: one class on `base` with `name` and the given body (indented by the helper). */
export function pyHook(name: string, body: string, base = "PreToolUseHook"): string {
  const lines = body.replace(/^\n/, "").split("\n").map((l) => (l ? `    ${l}` : l));
  return `from fim_one_hooks import HookContext, HookResult, ApprovalRequest, ${base}\n\n\nclass Hook_(${base}):\n    name = ${JSON.stringify(name)}\n\n${lines.join("\n")}\n`;
}

export const sqlCall = (args: Record<string, unknown>, name = "sql_exec") => ({ content: [{ type: "tool_use", id: "call_1", name, input: args }], stopReason: "tool_use" });
export const doneReply = { content: [{ type: "text", text: "done" }], stopReason: "end_turn" };

export function fimDocument(rows: readonly Row[], scenario: Record<string, unknown> = {}, settings: Record<string, unknown> = {}) {
  return {
    format: "hookwright.pipeline/v1",
    name: "fim-python",
    profile: "fim-one",
    ...settings,
    hooks: rows.map((h) => ({
      id: h.id,
      name: h.name ?? h.id,
      point: h.point ?? "PreToolUse",
      priority: h.priority ?? 50,
      code: h.code,
      ...((h.runtime ?? "python") === "python" ? { runtime: { kind: "python" } } : {}),
    })),
    scenarios: [
      {
        name: "s",
        prompt: "go",
        hostContext: { agent_id: "agent-1", user_id: "u-9", metadata: { org_id: "org-1" } },
        model: { kind: "scripted", responses: [sqlCall({ sql: "SELECT * FROM orders" }), doneReply] },
        tools: [{ name: "sql_exec", inputSchema: { type: "object" }, results: ["one row"] }],
        ...scenario,
      },
    ],
  };
}

export function fimRunner() {
  const sandbox = createSandboxSimulator();
  return {
    async run(rows: readonly Row[], scenario: Record<string, unknown> = {}, options: { approvals?: RunApprovalGate; settings?: Record<string, unknown> } = {}): Promise<CollectedTrace & { result: SimulationResult }> {
      const trace = collectTrace();
      const result = await sandbox.simulate({ ...parseWithFirstScenario(fimDocument(rows, scenario, options.settings)), profile: fimOneProfile, emit: trace.emit, approvals: options.approvals });
      return { ...trace, result };
    },
    dispose: () => sandbox.dispose(),
  };
}
