import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type * as CallbackRoute from "~/app/api/approvals/[id]/route";
import type * as TrpcRoute from "~/app/api/trpc/[trpc]/route";
import { webSearchApproval } from "~/core/examples/webSearchApproval";
import { hashToken } from "~/server/http/accessToken";
import { screenRequest } from "~/server/http/screen";
import { serverSettingsFrom } from "~/server/http/settings";

/* The approval API as a channel and the card reach it: the real routes, the worker pool, the app database. */

let folder: string;
let trpc: typeof TrpcRoute;
let callback: typeof CallbackRoute;
beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), "hookwright-approvals-http-"));
  process.env.HOOKWRIGHT_DB = path.join(folder, "app.db");
  trpc = await import("~/app/api/trpc/[trpc]/route");
  callback = await import("~/app/api/approvals/[id]/route");
});
afterAll(() => rmSync(folder, { recursive: true, force: true }));

async function rpc<T>(procedure: string, input: unknown, method: "GET" | "POST" = "POST"): Promise<T> {
  const url = `http://localhost/api/trpc/${procedure}`;
  const response =
    method === "GET"
      ? await trpc.GET(new Request(`${url}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`))
      : await trpc.POST(new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ json: input }) }));
  const body = (await response.json()) as { result?: { data: { json: T } }; error?: { json: { message: string } } };
  if (!body.result) throw new Error(body.error?.json.message ?? `HTTP ${response.status}`);
  return body.result.data.json;
}

function post(id: string, body: unknown): Promise<Response> {
  return callback.POST(new Request(`http://localhost/api/approvals/${id}`, { method: "POST", body: typeof body === "string" ? body : JSON.stringify(body) }), {
    params: Promise.resolve({ id }),
  });
}

interface View {
  approvalId: string;
  status: string;
  decision: string | null;
  respondedBy: string | null;
}

async function until<T>(read: () => Promise<T | null>, what: string): Promise<T> {
  const end = Date.now() + 30_000;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("POST /api/approvals/<id>", () => {
  it("answers a parked run from outside with the request's token; wrong and reused tokens change nothing", async () => {
    const created = await rpc<{ id: string }>("pipelines.create", { from: "document", document: webSearchApproval });
    const { runId } = await rpc<{ runId: string }>("runs.start", { pipelineId: created.id, scenarioName: "search without an approver" });
    // Without scripted answers the app's run waits for a person: a pending request appears.
    const [pending] = await until(async () => {
      const list = await rpc<View[]>("approvals.list", { runId }, "GET");
      return list.length > 0 ? list : null;
    }, "the request");
    expect(pending).toMatchObject({ approvalId: `${runId}.a1`, status: "pending" });
    const id = `${runId}.a1`;

    const noToken = await post(id, { decision: "deny", by: "slack:U1" });
    expect(noToken.status).toBe(403);
    expect(await noToken.json()).toEqual({ error: { code: "NO_TOKEN", message: "the callback needs the request's token (the card issues one): send it as token" } });

    const { token } = await rpc<{ token: string }>("approvals.issueToken", { approvalId: id });
    const wrong = await post(id, { decision: "deny", by: "slack:U1", token: `${token}x` });
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe("BAD_TOKEN");
    const badDecision = await post(id, { decision: "maybe", by: "slack:U1", token });
    expect(badDecision.status).toBe(400);
    expect(((await badDecision.json()) as { error: { message: string } }).error.message).toBe('"maybe" is not a decision this request allows (allowed: allow-once, allow-always, deny)');
    const notJson = await post(id, "{nope");
    expect(notJson.status).toBe(400);
    const missingBy = await post(id, { decision: "deny", token });
    expect(missingBy.status).toBe(400);
    expect((await rpc<View[]>("approvals.list", { runId }, "GET"))[0]?.status).toBe("pending");

    const ok = await post(id, { decision: "deny", by: "slack:U1", token });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ approvalId: id, runId, status: "answered", decision: "deny", respondedBy: "slack:U1" });
    const reused = await post(id, { decision: "allow-once", by: "slack:U2", token });
    expect(reused.status).toBe(409);
    expect(((await reused.json()) as { error: { message: string } }).error.message).toMatch(/^approval .* is no longer pending: it was answered \(deny by slack:U1 at /);

    const run = await until(async () => {
      const got = await rpc<{ run: { status: string; exitReason: string | null } }>("runs.get", { runId }, "GET");
      return got.run.status !== "running" ? got.run : null;
    }, "the run to end");
    expect(run).toMatchObject({ status: "finished", exitReason: "no_tool_calls" });
  });

  it("an unknown request is 404", async () => {
    const response = await post("nope.a1", { decision: "deny", by: "x", token: "t" });
    expect(response.status).toBe(404);
  });

  it("passes the proxy on an exposed server without the access token (the route checks its own token); other API calls still need it", () => {
    const exposed = serverSettingsFrom({ HOST: "0.0.0.0", PORT: "3000", HOOKWRIGHT_ALLOWED_HOSTS: "hw.example" });
    const facts = (method: string, pathname: string) => ({ method, url: `http://hw.example${pathname}`, headers: new Headers({ host: "hw.example" }) });
    const hash = () => hashToken("access");
    expect(screenRequest(facts("POST", "/api/approvals/r1.a1"), exposed, hash)).toBeNull();
    expect(screenRequest(facts("POST", "/api/trpc/approvals.answer"), exposed, hash)?.code).toBe("TOKEN_REQUIRED");
    expect(screenRequest(facts("POST", "/api/approvals/r1.a1/x"), exposed, hash)?.code).toBe("TOKEN_REQUIRED");
    // A foreign page cannot post it either: the Origin check still applies.
    const foreign = { method: "POST", url: "http://hw.example/api/approvals/r1.a1", headers: new Headers({ host: "hw.example", origin: "https://evil.example" }) };
    expect(screenRequest(foreign, exposed, hash)?.code).toBe("FOREIGN_ORIGIN");
  });
});
