import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const LONG_REPORT = Array.from({ length: 300 }, (_, i) => `row ${String(i + 1).padStart(3, "0")}: account ACME-${1000 + i}, status active, owner sales-team`).join("\n");

const hook = (id: string, point: string, name: string, priority: number, body: string[]) => ({ id, point, name, enabled: true, priority, code: [...body, ""].join("\n") });

/**
 * FIM One: the seed's planned v0.9 hooks on connector tools (`<connector>__<action>`):
 * ConnectorRateLimitHook, AuditLogHook and ResultTruncateHook, each a class hook.
 */
export const fimConnectorHooks: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "FIM One connector hooks",
  description:
    "FIM One: ConnectorRateLimitHook (PreToolUse, priority 0) allows 2 calls per connector per user in a run and blocks the third; AuditLogHook (PostToolUse, priority 0) writes an audit side effect for every connector call; ResultTruncateHook (PostToolUse, priority 100) cuts observations over 8,000 characters before they reach the model.",
  profile: "fim-one",
  hooks: [
    hook("rate-limit", "PreToolUse", "connector_rate_limit", 0, [
      'import type { HookContext, HookResult, PreToolUseHook } from "fim-one/hooks";',
      "",
      "const LIMIT = 2;",
      "// One instance per session in FIM One; module state lives for the run here.",
      "const calls = new Map<string, number>();",
      "",
      "export default class ConnectorRateLimitHook implements PreToolUseHook {",
      '  name = "connector_rate_limit";',
      "  priority = 0;",
      "",
      "  shouldTrigger(ctx: HookContext): boolean {",
      '    return ctx.tool_name.includes("__");',
      "  }",
      "",
      "  async execute(ctx: HookContext): Promise<HookResult> {",
      '    const connector = ctx.tool_name.split("__")[0];',
      "    const key = `${connector}:${ctx.user_id}`;",
      "    const count = (calls.get(key) ?? 0) + 1;",
      "    calls.set(key, count);",
      "    if (count > LIMIT) {",
      "      return { allow: false, error: `Rate limit: connector '${connector}' allows ${LIMIT} calls per user per run.`, side_effects: [`rate_limit: blocked call ${count} to ${connector}`] };",
      "    }",
      "    return { side_effects: [`rate_limit: ${connector} call ${count}/${LIMIT}`] };",
      "  }",
      "}",
    ]),
    hook("audit-log", "PostToolUse", "audit_log", 0, [
      'import type { HookContext, HookResult, PostToolUseHook } from "fim-one/hooks";',
      "",
      "export default class AuditLogHook implements PostToolUseHook {",
      '  name = "audit_log";',
      "  priority = 0;",
      "",
      "  shouldTrigger(ctx: HookContext): boolean {",
      '    return ctx.tool_name.includes("__");',
      "  }",
      "",
      "  async execute(ctx: HookContext): Promise<HookResult> {",
      '    const size = String(ctx.tool_result ?? "").length;',
      "    return { side_effects: [`audit: ${ctx.tool_name} by ${ctx.user_id} in ${String(ctx.metadata.org_id)} (${size} chars)`] };",
      "  }",
      "}",
    ]),
    hook("truncate", "PostToolUse", "result_truncate", 100, [
      'import type { HookContext, HookResult, PostToolUseHook } from "fim-one/hooks";',
      "",
      "const MAX = 8000;",
      "",
      "export default class ResultTruncateHook implements PostToolUseHook {",
      '  name = "result_truncate";',
      "  priority = 100;",
      "",
      "  async execute(ctx: HookContext): Promise<HookResult> {",
      '    const text = String(ctx.tool_result ?? "");',
      "    if (text.length <= MAX) return {};",
      "    return {",
      "      modified_result: `${text.slice(0, MAX)}\\n…[truncated ${text.length - MAX} of ${text.length} characters]`,",
      "      side_effects: [`result_truncate: ${ctx.tool_name} ${text.length} → ${MAX} chars`],",
      "    };",
      "  }",
      "}",
    ]),
  ],
  scenarios: [
    {
      name: "three CRM calls",
      description: "The agent pulls a long CRM report (truncated), looks up one account, then tries a third CRM call (rate-limited).",
      system: "You are FIM One, an enterprise AI agent.",
      prompt: "Summarise our active CRM accounts and update ACME-1000.",
      hostContext: { agent_id: "agent-sales", user_id: "user-42", metadata: { org_id: "org-acme" } },
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "call_1", name: "crm__report", input: { status: "active" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "call_2", name: "crm__get_account", input: { id: "ACME-1000" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "call_3", name: "crm__update_account", input: { id: "ACME-1000", tier: "gold" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "300 active accounts; ACME-1000 is active. I hit the CRM rate limit before updating it." }], stopReason: "end_turn" },
        ],
      },
      tools: [
        { name: "crm__report", description: "CRM report.", inputSchema: { type: "object" }, results: [LONG_REPORT] },
        { name: "crm__get_account", description: "One CRM account.", inputSchema: { type: "object" }, results: ["ACME-1000: active, owner sales-team"] },
        { name: "crm__update_account", description: "Updates a CRM account.", inputSchema: { type: "object" }, results: ["updated"] },
      ],
      expectations: [
        { kind: "hookDecision", hookId: "truncate", decision: "rewrite", occurrence: 1, label: "the 8k+ report is truncated" },
        { kind: "context", point: "PostToolUse", path: "/ctx/tool_result", occurrence: 1, op: "matches", value: "…\\[truncated \\d+ of \\d+ characters\\]$", label: "the model sees the truncated report" },
        { kind: "hookDecision", hookId: "truncate", decision: "none", occurrence: 2, label: "a short result is left alone" },
        { kind: "hookFired", hookId: "audit-log", label: "every connector call is audited" },
        { kind: "hookDecision", hookId: "rate-limit", decision: "block", occurrence: 3, label: "the third CRM call is rate-limited" },
        { kind: "toolCall", name: "crm__update_account", ran: false, label: "the update does not run" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
