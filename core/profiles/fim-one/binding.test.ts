import { describe, expect, it } from "vitest";
import type { ApprovalAsk } from "../../engine/approval";
import { fimOneApprovalOutcome } from "./binding";

const ask: ApprovalAsk = {
  point: "PreToolUse",
  hookId: "feishu-gate",
  toolUseId: "call_pay",
  toolName: "oa__purchase_pay",
  params: { order_id: "PO-1", amount_cny: 68000 },
  request: { title: "t", description: "d", severity: "warning", timeoutMs: 120_000, allowedDecisions: ["approve", "reject"], pluginId: "", hasOnResolution: false, timeoutReason: "Tool call timed out waiting for confirmation after 120s." },
  warnings: [],
};

describe("FIM One approval outcome (FeishuGateHook's texts)", () => {
  it("approve runs the call with the args the hooks left", () => {
    expect(fimOneApprovalOutcome(ask, { decision: "approve", by: "lead", at: 1 })).toEqual({ input: { order_id: "PO-1", amount_cny: 68000 } });
  });
  it("reject blocks with the gate's text as the observation", () => {
    expect(fimOneApprovalOutcome(ask, { decision: "reject", by: "lead", at: 1 })).toEqual({ claim: { hookId: "feishu-gate", content: "Error: Tool call was rejected by an operator.", isError: false } });
  });
  it("a rejection's reason follows the gate's text", () => {
    expect(fimOneApprovalOutcome(ask, { decision: "reject", by: "lead", at: 1, reason: "Over the Q4 budget." })).toEqual({
      claim: { hookId: "feishu-gate", content: "Error: Tool call was rejected by an operator. Reason: Over the Q4 budget.", isError: false },
    });
  });
  it("a decision FIM One does not know (OpenClaw's deny) is not taken as approval", () => {
    expect(fimOneApprovalOutcome(ask, { decision: "allow-once", by: "lead", at: 1 })).toEqual({ claim: { hookId: "feishu-gate", content: "Error: Tool call timed out waiting for confirmation after 120s.", isError: false } });
  });
  it("timeout (and no one able to answer) blocks with the timeout text", () => {
    const timedOut = { claim: { hookId: "feishu-gate", content: "Error: Tool call timed out waiting for confirmation after 120s.", isError: false } };
    expect(fimOneApprovalOutcome(ask, { decision: "timeout", by: "host", at: 1 })).toEqual(timedOut);
    expect(fimOneApprovalOutcome(ask, { decision: "cancelled", by: "host", at: 1 })).toEqual(timedOut);
  });
});
