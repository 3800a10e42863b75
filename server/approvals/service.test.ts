import { afterEach, beforeEach, expect, it } from "vitest";
import { fimPaymentApproval } from "~/core/examples/fimPaymentApproval";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import type { PipelineInput } from "~/core/pipeline/schema";
import type { TraceEvent } from "~/core/trace/events";
import type { Store } from "~/db/store";
import { describeEachStore, rawUpdate } from "~/db/testStores";
import { createRunEventBus } from "../runs/eventBus";
import { defaultRunEngine } from "../runs/engine";
import { createRunService, type RunService } from "../runs/runService";
import { ApprovalError } from "./approvalError";

/* The gate end to end in the run service, with the real engine and sandbox (in this thread). */

const DENIAL = "Denied by user. The tool call did not run.";

function pipelineWith(approvals?: unknown[]): PipelineInput {
  const doc = structuredClone(webSearchApproval);
  const scenario = { ...doc.scenarios?.[0], name: "search", expectations: [] as never[], ...(approvals ? { approvals } : {}) };
  return { ...doc, scenarios: [scenario] } as PipelineInput;
}

async function until<T>(read: () => Promise<T | undefined | null | false>, what: string, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describeEachStore("approval gate in the run service", (kind) => {
  let store: Store;
  let service: RunService;
  const newService = () => createRunService({ store, bus: createRunEventBus(), engine: defaultRunEngine });
  beforeEach(async () => {
    store = await kind.open();
    service = newService();
  });
  afterEach(() => store.close());

  const ended = (runId: string) => async () => (await store.runs.get(runId))?.status !== "running" && await store.runs.readAllEvents(runId);
  const toolResult = (events: TraceEvent[]) => events.find((e) => e.type === "tool.result");

  it("parks at a request nobody scripted, and a deny on the card finishes the run with the host's denial text", async () => {
    const { id } = await store.pipelines.create(pipelineWith());
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);

    const events = await store.runs.readAllEvents(runId);
    expect(events.at(-1)?.type).toBe("approval.request");
    expect((await store.runs.get(runId))?.status).toBe("running");
    const [pending] = await service.approvals.list(runId);
    expect(pending).toMatchObject({ approvalId: `${runId}.a1`, status: "pending", toolName: "web_search", params: { query: "2026 Tour de France winner" } });
    expect(pending?.request).toMatchObject({ title: "Run web search", allowedDecisions: ["allow-once", "allow-always", "deny"] });
    expect((pending?.expiresAt ?? 0) - (pending?.requestedAt ?? 0)).toBe(60_000);

    await service.approvals.answer({ approvalId: `${runId}.a1`, decision: "deny", by: "alice" });
    const finished = await until(ended(runId), "the run to end");
    expect(finished.filter((e) => e.type === "approval.request")).toHaveLength(1);
    expect(finished.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "deny", by: "alice" });
    const result = toolResult(finished);
    expect(result?.type === "tool.result" && result.content.startsWith(DENIAL)).toBe(true);
    expect(finished.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    expect(finished.map((e) => e.seq)).toEqual(finished.map((_, i) => i + 1));
    expect(await service.approvals.get(`${runId}.a1`)).toMatchObject({ status: "answered", decision: "deny", respondedBy: "alice" });
    expect((await store.runs.get(runId))?.status).toBe("finished");
  });

  it("an allow runs the tool; a second answer and a bad decision are refused and change nothing", async () => {
    const { id } = await store.pipelines.create(pipelineWith());
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    const approvalId = `${runId}.a1`;
    await expect(service.approvals.answer({ approvalId, decision: "approve", by: "bob" })).rejects.toThrow('"approve" is not a decision this request allows (allowed: allow-once, allow-always, deny)');
    await service.approvals.answer({ approvalId, decision: "allow-once", by: "bob" });
    const finished = await until(ended(runId), "the run to end");
    expect(toolResult(finished)).toMatchObject({ content: "Tour de France 2026: overall winner announced in Paris on 26 July.", isError: false });
    let error: unknown;
    try {
      await service.approvals.answer({ approvalId, decision: "deny", by: "eve" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ApprovalError);
    expect((error as ApprovalError).code).toBe("NOT_PENDING");
    expect(await service.approvals.get(approvalId)).toMatchObject({ decision: "allow-once", respondedBy: "bob" });
  });

  it("checks the callback token: wrong or missing is refused, the issued one answers", async () => {
    const { id } = await store.pipelines.create(pipelineWith());
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    const approvalId = `${runId}.a1`;
    await expect(service.approvals.answer({ approvalId, decision: "deny", by: "bot", token: "x" })).rejects.toThrow("no callback token was issued");
    const first = (await service.approvals.issueToken(approvalId)).token;
    const { token } = await service.approvals.issueToken(approvalId);
    await expect(service.approvals.answer({ approvalId, decision: "deny", by: "bot", token: first })).rejects.toThrow("the token does not match");
    expect((await service.approvals.get(approvalId)).status).toBe("pending");
    await service.approvals.answer({ approvalId, decision: "deny", by: "feishu:ou_123", token });
    await until(ended(runId), "the run to end");
    expect(await service.approvals.get(approvalId)).toMatchObject({ status: "answered", respondedBy: "feishu:ou_123" });
  });

  it("a scripted answer answers without parking, and the row keeps it as the audit record", async () => {
    const { id } = await store.pipelines.create(pipelineWith([{ match: { tool: "web_search" }, decision: "deny", afterMs: 50, by: "script" }]));
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    const events = await store.runs.readAllEvents(runId);
    expect(events.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "deny", by: "script", at: 1_767_225_600_050 });
    expect(await service.approvals.list(runId)).toMatchObject([{ status: "answered", decision: "deny", respondedBy: "script" }]);
  });

  it("survives a new service on the same database (a restart): still waiting, and answering finishes the run", async () => {
    const { id } = await store.pipelines.create(pipelineWith());
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    const restarted = newService();
    expect((await store.runs.get(runId))?.status).toBe("running");
    expect((await restarted.approvals.list(runId))[0]?.status).toBe("pending");
    await restarted.approvals.answer({ approvalId: `${runId}.a1`, decision: "allow-once", by: "carol" });
    const finished = await until(ended(runId), "the run to end");
    expect(finished.at(-1)).toMatchObject({ type: "run.end", exitReason: "no_tool_calls" });
    expect(toolResult(finished)).toMatchObject({ isError: false });
  });

  it("a resume whose replay does not retrace the record ends the run with an error naming the event, keeping what was recorded", async () => {
    const { id } = await store.pipelines.create(pipelineWith());
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    const before = await store.runs.readAllEvents(runId);
    const hookStart = before.find((e) => e.type === "hook.start");
    // Tamper with the record: the stored hook.start names another hook than the one the replay runs.
    await rawUpdate(
      store,
      {
        sqlite: "update run_events set data = json_set(data, '$.hookId', 'someone-else') where run_id = ? and seq = ?",
        postgres: "update run_events set data = jsonb_set(data::jsonb, '{hookId}', '\"someone-else\"')::text where run_id = $1 and seq = $2",
      },
      [runId, hookStart?.seq ?? 0],
    );
    await service.approvals.answer({ approvalId: `${runId}.a1`, decision: "deny", by: "alice" });
    const finished = await until(ended(runId), "the run to end");
    expect(finished.slice(0, before.length).map((e) => e.type)).toEqual(before.map((e) => e.type));
    const end = finished.at(-1);
    expect(end?.type).toBe("run.end");
    expect(end?.type === "run.end" ? end.error : null).toContain(`resuming the run diverged from its recorded trace at event ${hookStart?.seq} (recorded hook.start, replay gave hook.start)`);
    expect(finished.map((e) => e.seq)).toEqual(finished.map((_, i) => i + 1));
  });

  it("times out on the wall clock: the request expires, the run resumes with the host's timeout, also when it expired while the server was down", async () => {
    const doc = pipelineWith();
    const hook = doc.hooks?.[0];
    if (!hook) throw new Error("the example has no hook");
    const quick = { ...doc, hooks: [{ ...hook, code: hook.code.replace("timeoutMs: 60_000", "timeoutMs: 300") }] };
    expect(quick.hooks[0]?.code).toContain("timeoutMs: 300");
    const { id } = await store.pipelines.create(quick);
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    const finished = await until(ended(runId), "the timeout");
    expect(finished.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "timeout", by: "timeout" });
    expect(toolResult(finished)).toMatchObject({ isError: true });
    expect((await service.approvals.list(runId))[0]).toMatchObject({ status: "expired", decision: "timeout", respondedBy: "timeout" });

    // Parked, then "down" past the deadline: a service started later answers it at once.
    const second = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(second.runId);
    await rawUpdate(store, { sqlite: "update approval_requests set expires_at = ? where run_id = ?", postgres: "update approval_requests set expires_at = $1 where run_id = $2" }, [Date.now() - 1000, second.runId]);
    newService();
    const after = await until(ended(second.runId), "the expired request to be answered after the restart");
    expect(after.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "timeout", by: "timeout" });
    // The first service still has its 300 ms timer for that request: let it fire (and find the
    // request answered) while the database is open, not after this test closed it.
    await new Promise((r) => setTimeout(r, 400));
  });

  it("a re-run answers as recorded, or asks again when told to", async () => {
    const { id } = await store.pipelines.create(pipelineWith());
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "search" } });
    await service.settled(runId);
    await service.approvals.answer({ approvalId: `${runId}.a1`, decision: "deny", by: "alice" });
    await until(ended(runId), "the run to end");

    const again = await service.rerun({ runId });
    await until(ended(again.runId), "the re-run to end");
    expect((await store.runs.readAllEvents(again.runId)).find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "deny", by: "alice (recorded)" });

    const fresh = await service.rerun({ runId, answerApprovalsAgain: true });
    await service.settled(fresh.runId);
    expect((await store.runs.readAllEvents(fresh.runId)).at(-1)?.type).toBe("approval.request");
    expect((await service.approvals.list(fresh.runId))[0]?.status).toBe("pending");
  });

  it("a FIM One rejection from the card keeps its reason on the row and the trace, and the model gets it; an over-long reason changes nothing", async () => {
    const { id } = await store.pipelines.create(fimPaymentApproval);
    const { runId } = await service.start({ pipelineId: id, scenario: { name: "a person answers" } });
    await service.settled(runId);
    const approvalId = `${runId}.a1`;
    expect(await service.approvals.get(approvalId)).toMatchObject({ status: "pending", toolName: "oa__purchase_pay", reason: null });
    await expect(service.approvals.answer({ approvalId, decision: "reject", by: "dana", reason: "x".repeat(2001) })).rejects.toThrow("reason: at most 2000 characters (it has 2001)");
    expect((await service.approvals.get(approvalId)).status).toBe("pending");

    await service.approvals.answer({ approvalId, decision: "reject", by: "dana", reason: "  Wrong cost centre.  " });
    const finished = await until(ended(runId), "the run to end");
    expect(finished.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "reject", by: "dana", reason: "Wrong cost centre." });
    expect(finished.find((e) => e.type === "tool.result" && e.toolUseId === "call_pay")).toMatchObject({ content: "Error: Tool call was rejected by an operator. Reason: Wrong cost centre." });
    expect(await service.approvals.get(approvalId)).toMatchObject({ status: "answered", decision: "reject", respondedBy: "dana", reason: "Wrong cost centre." });
  });
});
