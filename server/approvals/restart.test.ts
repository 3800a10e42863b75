import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { fimPaymentApproval } from "~/core/examples/fimPaymentApproval";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import type { EncodedTraceEvent } from "~/core/trace/events";
import { resolveTrace } from "~/core/trace/resolve";
import { openDatabase } from "~/db/client";

/*
 * The server as a real process, killed (SIGKILL) while a run waits for an approval, started
 * again on the same database: the run still waits, the HTTP callback answers it after the
 * restart, the run completes, and the audit row holds who answered and when.
 */

const folder = mkdtempSync(path.join(tmpdir(), "hookwright-restart-"));
const dbFile = path.join(folder, "app.db");
const fimDbFile = path.join(folder, "fim.db");
let child: ChildProcess | null = null;
afterAll(() => {
  child?.kill("SIGKILL");
  rmSync(folder, { recursive: true, force: true });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

async function startServer(port: number, db = dbFile): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/approvals/testing/routeServer.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), HOOKWRIGHT_DB: db, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start")), 60_000);
    proc.stdout?.on("data", (d: Buffer) => {
      if (d.toString().includes("listening")) {
        clearTimeout(timer);
        resolve();
      }
    });
    proc.on("exit", (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return proc;
}

async function rpc<T>(port: number, procedure: string, input: unknown, method: "GET" | "POST" = "POST"): Promise<T> {
  const url = `http://127.0.0.1:${port}/api/trpc/${procedure}`;
  const response =
    method === "GET"
      ? await fetch(`${url}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`)
      : await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: input }) });
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: { json: { message: string } } };
  if (!body.result) throw new Error(body.error?.json.message ?? `HTTP ${response.status}`);
  return body.result.data.json;
}

async function until<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  const end = Date.now() + 60_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("a pending approval across a server restart", () => {
  it("still waits after the kill, and the HTTP callback finishes the run", { timeout: 180_000 }, async () => {
    const port = await freePort();
    child = await startServer(port);
    const { id } = await rpc<{ id: string }>(port, "pipelines.create", { from: "document", document: webSearchApproval });
    const { runId } = await rpc<{ runId: string }>(port, "runs.start", { pipelineId: id, scenarioName: "search without an approver" });
    const approvalId = `${runId}.a1`;
    await until(async () => ((await rpc<{ status: string }[]>(port, "approvals.list", { runId }, "GET"))[0]?.status === "pending" ? true : null), "the request");
    const { token } = await rpc<{ token: string }>(port, "approvals.issueToken", { approvalId });

    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    child = await startServer(port);

    const after = await rpc<{ run: { status: string } }>(port, "runs.get", { runId }, "GET");
    expect(after.run.status).toBe("running");
    expect((await rpc<{ status: string }[]>(port, "approvals.list", { runId }, "GET"))[0]?.status).toBe("pending");

    const answeredAt = Date.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/approvals/${approvalId}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ decision: "allow-once", by: "feishu:ou_42", token }),
    });
    expect(response.status).toBe(200);

    const run = await until(async () => {
      const got = await rpc<{ run: { status: string; exitReason: string | null } }>(port, "runs.get", { runId }, "GET");
      return got.run.status === "running" ? null : got.run;
    }, "the run to finish");
    expect(run).toEqual(expect.objectContaining({ status: "finished", exitReason: "no_tool_calls" }));
    const events = await rpc<{ seq: number; type: string; content?: string; decision?: string; by?: string }[]>(port, "runs.events", { runId, afterSeq: 0, limit: 100 }, "GET");
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(events.filter((e) => e.type === "approval.request")).toHaveLength(1);
    expect(events.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "allow-once", by: "feishu:ou_42" });
    expect(events.find((e) => e.type === "tool.result")?.content).toBe("Tour de France 2026: overall winner announced in Paris on 26 July.");

    child.kill("SIGKILL");
    const db = openDatabase({ file: dbFile });
    const row = db.sqlite.prepare("select status, decision, responded_by, responded_at from approval_requests where id = ?").get(approvalId) as Record<string, unknown>;
    db.close();
    expect(row).toMatchObject({ status: "answered", decision: "allow-once", responded_by: "feishu:ou_42" });
    expect(Number(row.responded_at)).toBeGreaterThanOrEqual(answeredAt);
    expect(Number(row.responded_at)).toBeLessThanOrEqual(Date.now());
  });
});

interface Row {
  approvalId: string;
  status: string;
  toolName: string;
  params: Record<string, unknown>;
  request: Record<string, unknown>;
  decision: string | null;
  respondedBy: string | null;
  reason: string | null;
}

function callback(port: number, approvalId: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`http://127.0.0.1:${port}/api/approvals/${approvalId}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

async function finished(port: number, runId: string): Promise<{ status: string; exitReason: string | null }> {
  return until(async () => {
    const got = await rpc<{ run: { status: string; exitReason: string | null } }>(port, "runs.get", { runId }, "GET");
    return got.run.status === "running" ? null : got.run;
  }, `run ${runId} to finish`);
}

async function traceOf(port: number, runId: string) {
  return resolveTrace(await rpc<EncodedTraceEvent[]>(port, "runs.events", { runId, afterSeq: 0, limit: 200 }, "GET"));
}

describe("a FIM One payment approval across a server restart", () => {
  it("waits through a SIGKILL; after the restart a Feishu-style callback approves one payment (it runs) and rejects another with a reason (the model gets it)", { timeout: 180_000 }, async () => {
    const port = await freePort();
    child = await startServer(port, fimDbFile);
    const { id } = await rpc<{ id: string }>(port, "pipelines.create", { from: "document", document: fimPaymentApproval });
    const runs: string[] = [];
    for (let i = 0; i < 2; i++) runs.push((await rpc<{ runId: string }>(port, "runs.start", { pipelineId: id, scenarioName: "a person answers" })).runId);
    const [approveRun = "", rejectRun = ""] = runs;
    const pendingRow = (runId: string) => until(async () => {
      const row = (await rpc<Row[]>(port, "approvals.list", { runId }, "GET"))[0];
      return row?.status === "pending" ? row : null;
    }, `the request of ${runId}`);
    const waiting = await pendingRow(approveRun);
    await pendingRow(rejectRun);
    // What the reviewer is shown: the gate's title and text, the call, FIM One's decisions, who asks and where.
    expect(waiting).toMatchObject({
      approvalId: `${approveRun}.a1`,
      toolName: "oa__purchase_pay",
      params: { order_id: "PO-2291", amount_cny: 68000 },
      request: {
        title: "Approve oa__purchase_pay?",
        description: "user-42 asks agent agent-finance to run oa__purchase_pay for ¥68000 (org org-acme).",
        allowedDecisions: ["approve", "reject"],
        timeoutMs: 120_000,
        context: { user_id: "user-42", agent_id: "agent-finance", org_id: "org-acme", conversation_id: "conv-9", tool_call_id: "call_pay" },
      },
    });
    const tokens: Record<string, string> = {};
    for (const runId of runs) tokens[runId] = (await rpc<{ token: string }>(port, "approvals.issueToken", { approvalId: `${runId}.a1` })).token;

    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    child = await startServer(port, fimDbFile);

    for (const runId of runs) {
      expect((await rpc<{ run: { status: string } }>(port, "runs.get", { runId }, "GET")).run.status).toBe("running");
      expect((await rpc<Row[]>(port, "approvals.list", { runId }, "GET"))[0]?.status).toBe("pending");
    }
    // Another request's token, a decision FIM One does not have, and a reason over FIM One's 2,000 characters change nothing.
    const wrong = await callback(port, `${approveRun}.a1`, { decision: "approve", by: "feishu:ou_mallory", token: tokens[rejectRun] });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ error: { code: "BAD_TOKEN" } });
    const odd = await callback(port, `${approveRun}.a1`, { decision: "allow-once", by: "feishu:ou_lead", token: tokens[approveRun] });
    expect(odd.status).toBe(400);
    expect(await odd.json()).toEqual({ error: { code: "BAD_DECISION", message: '"allow-once" is not a decision this request allows (allowed: approve, reject)' } });
    const long = await callback(port, `${rejectRun}.a1`, { decision: "reject", by: "feishu:ou_lead", token: tokens[rejectRun], reason: "x".repeat(2001) });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: { code: "BAD_INPUT", message: "reason: at most 2000 characters" } });
    expect((await rpc<Row[]>(port, "approvals.list", { runId: approveRun }, "GET"))[0]?.status).toBe("pending");

    const answeredAt = Date.now();
    const approved = await callback(port, `${approveRun}.a1`, { decision: "approve", by: "feishu:ou_finance_lead", token: tokens[approveRun] });
    expect(approved.status).toBe(200);
    expect(await approved.json()).toMatchObject({ approvalId: `${approveRun}.a1`, runId: approveRun, status: "answered", decision: "approve", respondedBy: "feishu:ou_finance_lead" });
    const rejected = await callback(port, `${rejectRun}.a1`, { decision: "reject", by: "feishu:ou_cfo", token: tokens[rejectRun], reason: "Over the Q4 budget: pay it in January." });
    expect(rejected.status).toBe(200);

    expect(await finished(port, approveRun)).toEqual(expect.objectContaining({ status: "finished", exitReason: "no_tool_calls" }));
    expect(await finished(port, rejectRun)).toEqual(expect.objectContaining({ status: "finished", exitReason: "no_tool_calls" }));

    // The approved payment ran: its observation is the tool's own result.
    const approvedTrace = await traceOf(port, approveRun);
    expect(approvedTrace.map((e) => e.seq)).toEqual(approvedTrace.map((_, i) => i + 1));
    expect(approvedTrace.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "approve", by: "feishu:ou_finance_lead" });
    const payResult = approvedTrace.find((e) => e.type === "tool.result" && e.toolUseId === "call_pay");
    expect(payResult).toMatchObject({ content: "paid: PO-2291, ¥68,000, transaction TX-88121", isError: false });
    expect(payResult && "claimedBy" in payResult ? payResult.claimedBy : undefined).toBeUndefined();

    // The rejected one did not: the next model request carries the gate's text and the reason.
    const rejectedTrace = await traceOf(port, rejectRun);
    expect(rejectedTrace.find((e) => e.type === "approval.resolve")).toMatchObject({ decision: "reject", by: "feishu:ou_cfo", reason: "Over the Q4 budget: pay it in January." });
    expect(rejectedTrace.find((e) => e.type === "tool.result" && e.toolUseId === "call_pay")).toMatchObject({
      content: "Error: Tool call was rejected by an operator. Reason: Over the Q4 budget: pay it in January.",
      claimedBy: "feishu-gate",
    });
    const requests = rejectedTrace.filter((e) => e.type === "model.request");
    expect(requests).toHaveLength(3);
    const last = requests[2];
    const lastMessage = last?.type === "model.request" ? last.messages[last.messages.length - 1] : undefined;
    expect(lastMessage).toEqual({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "call_pay", content: "Error: Tool call was rejected by an operator. Reason: Over the Q4 budget: pay it in January.", is_error: false }],
    });

    // A reused token finds the request answered and says by whom; nothing changes.
    const reused = await callback(port, `${approveRun}.a1`, { decision: "reject", by: "feishu:ou_mallory", token: tokens[approveRun] });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { error: { code: string; message: string } }).error).toMatchObject({ code: "NOT_PENDING", message: expect.stringContaining("answered (approve by feishu:ou_finance_lead at ") });

    child.kill("SIGKILL");
    await new Promise((r) => child?.once("exit", r));
    const db = openDatabase({ file: fimDbFile });
    const rows = db.sqlite.prepare("select id, status, decision, responded_by, responded_at, reason from approval_requests order by id").all() as Record<string, unknown>[];
    db.close();
    expect(rows.map(({ responded_at: _at, ...rest }) => rest)).toEqual(
      [
        { id: `${approveRun}.a1`, status: "answered", decision: "approve", responded_by: "feishu:ou_finance_lead", reason: null },
        { id: `${rejectRun}.a1`, status: "answered", decision: "reject", responded_by: "feishu:ou_cfo", reason: "Over the Q4 budget: pay it in January." },
      ].sort((a, b) => a.id.localeCompare(b.id)),
    );
    for (const row of rows) {
      expect(Number(row.responded_at)).toBeGreaterThanOrEqual(answeredAt);
      expect(Number(row.responded_at)).toBeLessThanOrEqual(Date.now());
    }
  });
});
