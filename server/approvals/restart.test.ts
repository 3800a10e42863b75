import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import { openDatabase } from "~/db/client";

/*
 * The server as a real process, killed (SIGKILL) while a run waits for an approval, started
 * again on the same database: the run still waits, the HTTP callback answers it after the
 * restart, the run completes, and the audit row holds who answered and when.
 */

const folder = mkdtempSync(path.join(tmpdir(), "hookwright-restart-"));
const dbFile = path.join(folder, "app.db");
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

async function startServer(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ["--import", "tsx", "server/approvals/testing/routeServer.ts"], {
    cwd: process.cwd(),
    env: { ...process.env, PORT: String(port), HOOKWRIGHT_DB: dbFile, NODE_ENV: "production" },
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
