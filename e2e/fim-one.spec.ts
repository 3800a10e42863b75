import type { Page } from "@playwright/test";
import type { TRPCClient } from "@trpc/client";
import { createTraceResolver } from "~/core/trace/resolve";
import type { TraceEvent } from "~/core/trace/events";
import type { AppRouter } from "~/server/api/root";
import { expect, test } from "./test";

/*
 * FIM One in Chromium: a new user starts from the "FIM One payment approval" example. Its
 * FeishuGateHook-style gate asks a person before the requires_confirmation oa__purchase_pay runs;
 * the run waits on an approval card that shows the call and who asks. Approve runs the payment;
 * reject with a reason gives the model the gate's text and the reason; a channel's callback
 * (the card's token) answers from outside, and the run page keeps the audit record.
 */

const EXAMPLE = "FIM One payment approval";
const PAID = "paid: PO-2291, ¥68,000, transaction TX-88121";
const REASON = "Over the Q4 budget: pay it in January.";
const REJECTED = `Error: Tool call was rejected by an operator. Reason: ${REASON}`;
const SIDE_EFFECT = "feishu_gate: confirmation requested for oa__purchase_pay";

async function resolvedEvents(api: TRPCClient<AppRouter>, runId: string): Promise<TraceEvent[]> {
  const resolver = createTraceResolver();
  const stored = await api.runs.events.query({ runId, afterSeq: 0, limit: 1000 });
  for (const e of stored) resolver.add(e);
  return stored.map((e) => resolver.get(e.seq)).filter((e): e is TraceEvent => e !== undefined);
}

/** The newest run of the pipeline that is not one of `seen`. */
async function newRun(api: TRPCClient<AppRouter>, pipelineId: string, seen: string[]): Promise<string> {
  const run = (await api.runs.list.query({ pipelineId })).find((r) => !seen.includes(r.id));
  if (!run) throw new Error("the run is not in the run list");
  return run.id;
}

/** Selects the last timeline row of this event type (the timeline is virtual: scrolled to the end first). */
async function showStep(page: Page, type: string): Promise<void> {
  const timeline = page.getByRole("listbox", { name: "Timeline" });
  await timeline.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await timeline.locator(`[data-type="${type}"]`).last().click();
}

/** Runs the first scenario ("a person answers") and waits for its card. */
async function runToCard(page: Page) {
  await page.getByTestId("run-button").click();
  const card = page.getByTestId("approval-card");
  await expect(card).toHaveAttribute("data-status", "pending", { timeout: 30_000 });
  return card;
}

test.describe("FIM One", () => {
  test("a new user runs the payment example: the card shows the call and who asks; approve runs the payment; reject with a reason gives the model the reason", async ({ page, api }) => {
    await page.goto("/");
    await page.getByRole("button", { name: `Start from example “${EXAMPLE}”` }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    const card = await runToCard(page);
    await expect(card.getByTestId("approval-title")).toHaveText("Approve oa__purchase_pay?");
    await expect(card.getByTestId("approval-description")).toHaveText("user-42 asks agent agent-finance to run oa__purchase_pay for ¥68000 (org org-acme).");
    await expect(card).toContainText("asked by hook feishu-gate at PreToolUse");
    await expect(card.locator(".approval-params")).toContainText('"order_id": "PO-2291"');
    await expect(card.locator(".approval-params")).toContainText('"amount_cny": 68000');
    const context = card.getByTestId("approval-context");
    for (const [label, value] of [["user_id", "user-42"], ["agent_id", "agent-finance"], ["org_id", "org-acme"], ["conversation_id", "conv-9"], ["tool_call_id", "call_pay"]] as const) {
      await expect(context.locator("div").filter({ has: page.locator("dt", { hasText: label }) }).locator("dd")).toHaveText(value);
    }
    await expect(card.getByTestId("approval-time-left")).toContainText(/\d+ s left/);
    await expect(card.getByTestId("approval-time-left")).toContainText("120 s to answer");
    await expect(card.getByTestId("approval-approve")).toHaveText("Approve");
    await expect(card.getByTestId("approval-reject")).toHaveText("Reject");
    await expect(card.getByTestId("approval-allow-once")).toHaveCount(0);
    // The gate's side effect is on its card (FIM One's engine drops them; Hookwright shows them).
    const gateCards = page.locator('[data-testid="hook-card"][data-hook-id="feishu-gate"]');
    await expect(gateCards).toHaveCount(2);
    await expect(gateCards.nth(1).getByTestId("hook-output")).toContainText(SIDE_EFFECT);
    const effects = gateCards.nth(1).locator('[data-testid="hook-output-list"][data-field="side_effects"] li');
    await expect(effects).toHaveText([SIDE_EFFECT]);
    const first = await newRun(api, id, []);
    // The agent said what it will call, and waits there: the trace ends at the request, with no observation of the payment.
    const waiting = await resolvedEvents(api, first);
    const said = waiting.findIndex((e) => e.type === "model.response" && JSON.stringify(e.content ?? null).includes("I will call oa__purchase_pay."));
    expect(said).toBeGreaterThan(0);
    expect(waiting.slice(said).map((e) => e.type)).toEqual(["model.response", "point.start", "hook.start", "hook.end", "point.end", "approval.request"]);
    expect(waiting.at(-2)).toMatchObject({ type: "point.end", point: "PreToolUse", result: { side_effects: [SIDE_EFFECT] } });

    await page.getByTestId("approval-by").fill("Dana");
    await card.getByTestId("approval-approve").click();
    await expect(card.getByTestId("approval-answer")).toContainText("Approve by Dana");
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    // The user sees the payment's observation: the tool's own result.
    await showStep(page, "tool.result");
    await expect(page.getByTestId("step-detail")).toContainText(PAID);
    const approved = await resolvedEvents(api, first);
    expect(approved.find((e) => e.type === "tool.result" && e.toolUseId === "call_pay")).toMatchObject({ content: PAID, isError: false });
    expect(await api.approvals.list.query({ runId: first })).toMatchObject([{ status: "answered", decision: "approve", respondedBy: "Dana", reason: null }]);

    const again = await runToCard(page);
    await again.getByTestId("approval-reason").fill(REASON);
    await again.getByTestId("approval-reject").click();
    await expect(again.getByTestId("approval-answer")).toContainText(`Reject by Dana`);
    await expect(again.getByTestId("approval-answer-reason")).toHaveText(` — ${REASON}`);
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    // The user sees the model's next request carry the gate's text and the reason.
    await showStep(page, "model.request");
    await expect(page.getByTestId("step-detail")).toContainText("Model call 3");
    await expect(page.getByTestId("step-detail")).toContainText(REJECTED);
    const second = await newRun(api, id, [first]);
    const rejected = await resolvedEvents(api, second);
    expect(rejected.find((e) => e.type === "tool.result" && e.toolUseId === "call_pay")).toMatchObject({ content: REJECTED, claimedBy: "feishu-gate" });
    // The model's next request carries the gate's text and the reason as the payment's observation.
    const next = rejected.find((e) => e.type === "model.request" && e.call === 3);
    expect(next?.type === "model.request" ? next.messages.at(-1) : null).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "call_pay", content: REJECTED, is_error: false }],
    });
    expect(await api.approvals.list.query({ runId: second })).toMatchObject([{ status: "answered", decision: "reject", respondedBy: "Dana", reason: REASON }]);
    await api.pipelines.delete.mutate({ id });
  });

  test("a channel answers from outside with the card's token; the run page shows who decided what and when", async ({ page, api }) => {
    await page.goto("/");
    await page.getByRole("button", { name: `Start from example “${EXAMPLE}”` }).click();
    await expect(page).toHaveURL(/\/pipelines\/[0-9a-f-]{36}$/);
    const id = page.url().split("/").at(-1) ?? "";

    const card = await runToCard(page);
    await card.getByText("Answer from outside (HTTP callback)").click();
    await card.getByTestId("approval-issue-token").click();
    const token = (await card.getByTestId("approval-token").innerText()).trim();
    expect(token.length).toBeGreaterThan(20);
    const runId = await newRun(api, id, []);
    const approvalId = `${runId}.a1`;
    await expect(card).toContainText(`/api/approvals/${approvalId}`);
    await expect(card.getByTestId("approval-callback-reason")).toContainText(`"decision":"reject","by":"slack:U123","token":"${token}","reason":"why"`);

    const wrong = await page.request.post(`/api/approvals/${approvalId}`, { data: { decision: "reject", by: "feishu:ou_mallory", token: `${token}x` } });
    expect(wrong.status()).toBe(403);
    await expect(card).toHaveAttribute("data-status", "pending");

    const before = Date.now();
    const answered = await page.request.post(`/api/approvals/${approvalId}`, { data: { decision: "reject", by: "feishu:ou_cfo", token, reason: REASON } });
    expect(answered.status()).toBe(200);
    await expect(card.getByTestId("approval-answer")).toContainText("Reject by feishu:ou_cfo", { timeout: 30_000 });
    await expect(page.getByTestId("exit-reason")).toHaveText("no_tool_calls", { timeout: 30_000 });
    const reused = await page.request.post(`/api/approvals/${approvalId}`, { data: { decision: "approve", by: "feishu:ou_mallory", token } });
    expect(reused.status()).toBe(409);

    const [row] = await api.approvals.list.query({ runId });
    expect(row).toMatchObject({ status: "answered", decision: "reject", respondedBy: "feishu:ou_cfo", reason: REASON });
    expect(row?.respondedAt ?? 0).toBeGreaterThanOrEqual(before);

    // The run's page: the card is read-only and keeps the audit record, the timeline the answer.
    await page.goto(`/pipelines/${id}/runs/${runId}`);
    const kept = page.getByTestId("approval-card");
    await expect(kept).toHaveAttribute("data-status", "answered", { timeout: 30_000 });
    await expect(kept.getByTestId("approval-answer")).toContainText(new RegExp(`Reject by feishu:ou_cfo at .*${new Date(row?.respondedAt ?? 0).getFullYear()}`));
    await expect(kept.getByTestId("approval-answer-reason")).toHaveText(` — ${REASON}`);
    await expect(kept.getByTestId("approval-reject")).toHaveCount(0);
    await api.pipelines.delete.mutate({ id });
  });
});
