import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";
import type { ScenarioInput } from "../profiles/scenarioTypes";

const pay = {
  name: "oa__purchase_pay",
  description: "Pays a purchase order through the OA connector.",
  inputSchema: { type: "object", properties: { order_id: { type: "string" }, amount_cny: { type: "number" } }, required: ["order_id", "amount_cny"] },
  results: ["paid: PO-2291, ¥68,000, transaction TX-88121"],
  requiresConfirmation: true,
};
const lookup = { name: "oa__purchase_get", description: "Reads a purchase order.", inputSchema: { type: "object" }, results: ["PO-2291: 40 laptops, ¥68,000, approved by finance"] };

const REJECT_REASON = "Over the Q4 budget: pay it in January.";

type Answer = { decision: "approve" | "reject"; reason?: string } | null;

/** `answer` null: nobody scripted, a person answers on the card (or the HTTP callback). */
function scenario(name: string, answer: Answer, reply: string): ScenarioInput {
  const who = answer === null ? "a person answers on the approval card or through the HTTP callback" : `the finance lead answers ${answer.decision}${answer.reason ? ` ("${answer.reason}")` : ""}`;
  return {
    name,
    description: `The agent reads PO-2291 (no confirmation needed), then pays it: the gate asks, and ${who}.`,
    system: "You are FIM One, an enterprise AI agent.",
    prompt: "Pay purchase order PO-2291.",
    hostContext: { agent_id: "agent-finance", user_id: "user-42", metadata: { org_id: "org-acme", conversation_id: "conv-9" } },
    model: {
      kind: "scripted",
      responses: [
        { content: [{ type: "tool_use", id: "call_get", name: "oa__purchase_get", input: { order_id: "PO-2291" } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: "I will call oa__purchase_pay." }, { type: "tool_use", id: "call_pay", name: "oa__purchase_pay", input: { order_id: "PO-2291", amount_cny: 68000 } }], stopReason: "tool_use" },
        { content: [{ type: "text", text: reply }], stopReason: "end_turn" },
      ],
    },
    tools: [lookup, pay],
    ...(answer ? { approvals: [{ match: { tool: "oa__purchase_pay" }, decision: answer.decision, by: "finance-lead", ...(answer.reason ? { reason: answer.reason } : {}) }] } : {}),
    expectations: [
      { kind: "hookDecision", hookId: "feishu-gate", decision: "ask", occurrence: 2, label: "the payment asks for approval" },
      { kind: "hookDecision", hookId: "feishu-gate", decision: "none", occurrence: 1, label: "reading the order needs none" },
      ...(answer ? [{ kind: "toolCall" as const, name: "oa__purchase_pay", ran: answer.decision === "approve", label: answer.decision === "approve" ? "the payment runs" : "the payment does not run" }] : []),
      { kind: "exitReason", equals: "no_tool_calls" },
      { kind: "noHookFailed" },
    ],
  };
}

/** FIM One: the seed's FeishuGateHook (PreToolUse, priority 10) suspends a requires_confirmation call until a person answers. */
export const fimPaymentApproval: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "FIM One payment approval",
  description:
    "FIM One: a FeishuGateHook-style gate (PreToolUse, priority 10) asks a person before any tool flagged requires_confirmation runs (here oa__purchase_pay). The run waits on the approval card (or the HTTP callback with the request's token); approve runs the payment, reject gives the model \"Error: Tool call was rejected by an operator.\" followed by the approver's reason, no answer in 120 s gives the timeout text.",
  profile: "fim-one",
  hooks: [
    {
      id: "feishu-gate",
      point: "PreToolUse",
      name: "feishu_gate",
      enabled: true,
      priority: 10,
      code: [
        'import type { HookContext, HookResult, PreToolUseHook } from "fim-one/hooks";',
        "",
        "export default class FeishuGateHook implements PreToolUseHook {",
        '  name = "feishu_gate";',
        "  priority = 10;",
        "",
        "  async execute(ctx: HookContext): Promise<HookResult> {",
        "    if (!ctx.metadata.requires_confirmation) return {};",
        "    const amount = Number(ctx.tool_args.amount_cny ?? 0);",
        "    return {",
        "      requestApproval: {",
        "        title: `Approve ${ctx.tool_name}?`,",
        "        description: `${ctx.user_id} asks agent ${ctx.agent_id} to run ${ctx.tool_name} for ¥${amount} (org ${String(ctx.metadata.org_id)}).`,",
        "        timeoutMs: 120_000,",
        "      },",
        "      side_effects: [`feishu_gate: confirmation requested for ${ctx.tool_name}`],",
        "    };",
        "  }",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    scenario("a person answers", null, "PO-2291: the approver's answer decided the payment (its observation is above)."),
    scenario("finance lead approves", { decision: "approve" }, "PO-2291 is paid (transaction TX-88121)."),
    scenario("finance lead rejects with a reason", { decision: "reject", reason: REJECT_REASON }, "The payment was rejected (over the Q4 budget), so PO-2291 is not paid; it can be paid in January."),
  ],
};
