import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

const sql = (name: string, description: string, result: string) => ({ name, description, inputSchema: { type: "object", properties: { sql: { type: "string" } }, required: ["sql"] }, results: [result] });

/** FIM One: the seed's ReadOnlyGuard (PreToolUse, priority 5) blocks sql_* writes while the org is read-only. */
export const fimReadOnlyGuard: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "FIM One read-only guard",
  description:
    "FIM One: ReadOnlyGuard (PreToolUse, priority 5, shouldTrigger on sql_* tools) blocks writes while metadata.org_readonly is true: the UPDATE does not run and the model sees \"Error: Org is in read-only mode — write blocked.\". The SELECT passes; the send_email call is skipped by shouldTrigger.",
  profile: "fim-one",
  hooks: [
    {
      id: "readonly-guard",
      point: "PreToolUse",
      name: "readonly_guard",
      enabled: true,
      priority: 5,
      code: [
        'import type { HookContext, HookResult, PreToolUseHook } from "fim-one/hooks";',
        "",
        "const WRITE = /^\\s*(insert|update|delete|drop|alter|create|truncate)\\b/i;",
        "",
        "export default class ReadOnlyGuard implements PreToolUseHook {",
        '  name = "readonly_guard";',
        "  priority = 5;",
        "",
        "  shouldTrigger(ctx: HookContext): boolean {",
        '    return ctx.tool_name.startsWith("sql_");',
        "  }",
        "",
        "  async execute(ctx: HookContext): Promise<HookResult> {",
        "    const sql = String(ctx.tool_args.sql ?? \"\");",
        "    if (ctx.metadata.org_readonly === true && WRITE.test(sql)) {",
        "      return {",
        "        allow: false,",
        '        error: "Org is in read-only mode — write blocked.",',
        '        side_effects: ["readonly_guard: blocked sql write"],',
        "      };",
        "    }",
        "    return {};",
        "  }",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "read-only org",
      description: "The org is read-only: the model tries an UPDATE (blocked), reads with a SELECT (runs), emails the result (the guard is skipped), then answers.",
      system: "You are FIM One, an enterprise AI agent.",
      prompt: "Mark order 17 as shipped and tell the customer.",
      hostContext: { agent_id: "agent-ops", user_id: "user-7", metadata: { org_id: "org-acme", org_readonly: true } },
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "call_upd", name: "sql_exec", input: { sql: "UPDATE orders SET status = 'shipped' WHERE id = 17" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "call_sel", name: "sql_exec", input: { sql: "SELECT status FROM orders WHERE id = 17" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "call_mail", name: "send_email", input: { to: "customer@example.com", body: "Your order is being prepared." } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "The org is read-only, so I could not mark order 17 as shipped; it is still 'packed'. I told the customer it is being prepared." }], stopReason: "end_turn" },
        ],
      },
      tools: [
        sql("sql_exec", "Runs a SQL statement.", "status\npacked"),
        { name: "send_email", description: "Sends an email.", inputSchema: { type: "object" }, results: ["sent"] },
      ],
      expectations: [
        { kind: "hookDecision", hookId: "readonly-guard", decision: "block", occurrence: 1, label: "the UPDATE is blocked" },
        { kind: "toolCall", name: "sql_exec", ran: false, input: { sql: "UPDATE orders SET status = 'shipped' WHERE id = 17" }, label: "the UPDATE does not run" },
        { kind: "toolCall", name: "sql_exec", ran: true, input: { sql: "SELECT status FROM orders WHERE id = 17" }, label: "the SELECT runs" },
        { kind: "hookDecision", hookId: "readonly-guard", decision: "skipped", occurrence: 3, label: "send_email is skipped by shouldTrigger" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
