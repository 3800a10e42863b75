import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { openDatabase, type DbHandle } from "~/db/client";
import { createPipeline } from "~/db/pipelineStore";
import { screenTrpcRequest } from "~/server/http/trpcRequest";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { SessionUploadResult } from "~/server/sessions/importStream";
import { appRouter } from "../root";
import { createContextInner } from "../trpc";

const transcript = readFileSync(fileURLToPath(new URL("../../../core/sessions/fixtures/claude-code-branches.jsonl", import.meta.url)), "utf8");
const gate = examplePipelines.find((p) => p.name === "Claude Code Bash gate");

/** POSTs the upload as the browser sends it (the options line, then the file) through tRPC's fetch handler, as the route does. */
function importer(db: DbHandle["db"]) {
  return async (options: object, file: string): Promise<SessionUploadResult> => {
    const req = new Request("http://127.0.0.1:3000/api/trpc/sessions.import", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: new Blob([`${JSON.stringify(options)}\n`, file]) });
    const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => createContextInner({ db }) });
    const body = (await res.json()) as { result?: { data: { json: SessionUploadResult } }; error?: unknown };
    if (!body.result) throw new Error(JSON.stringify(body.error));
    return body.result.data.json;
  };
}

describe("sessionsRouter", () => {
  let handle: DbHandle;
  beforeEach(() => {
    handle = openDatabase({ file: ":memory:" });
  });
  afterEach(() => handle.close());

  it("reads an uploaded transcript line by line into a scenario named apart from the pipeline's", async () => {
    const upload = importer(handle.db);
    const p = createPipeline(handle.db, { ...gate, scenarios: [{ name: "yesterday", prompt: "x", model: { kind: "scripted", responses: [] } }] });
    const r = await upload({ pipelineId: p.id, fileName: "3f1c.jsonl", name: "yesterday" }, transcript);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.name).toBe("yesterday 2");
    expect(r.scenario.source?.host).toBe("claude-code");
    expect(r.summary.branches.map((b) => b.leaf)).toEqual(["a-4", "b-11"]);
    expect(r.summary.secrets.map((s) => s.id)).toEqual(["openai-key", "github-token", "env-secret"]);
  });

  it("answers a bad line as data the dialog offers to skip, and skips it when asked", async () => {
    const upload = importer(handle.db);
    const p = createPipeline(handle.db, gate ?? {});
    const broken = transcript.replace('{"type": "file-history-snapshot"', '{"type": "file-history-snapshot"}}}');
    const refused = await upload({ pipelineId: p.id, fileName: "s.jsonl" }, broken);
    expect(refused).toMatchObject({ ok: false, code: "BAD_LINE" });
    expect(!refused.ok && refused.message).toMatch(/^1 line is not JSON \(line 2: not JSON/);
    const skipped = await upload({ pipelineId: p.id, fileName: "s.jsonl", skipBadLines: true }, broken);
    expect(skipped.ok && skipped.summary.badLines.map((b) => b.line)).toEqual([2]);
  });

  it("refuses a first line that is not the options", async () => {
    const upload = importer(handle.db);
    expect(await upload({ fileName: "s.jsonl" }, transcript)).toEqual({ ok: false, code: "BAD_OPTIONS", message: "the upload's first line is not the import options: pipelineId: Invalid input: expected string, received undefined" });
  });
});

describe("screenTrpcRequest and stream uploads", () => {
  const post = (path: string, type: string) => new Request(`http://127.0.0.1:3000/api/trpc/${path}`, { method: "POST", headers: { "content-type": type }, body: "x" });

  it("passes an octet-stream body to sessions.import unread, and refuses it anywhere else", async () => {
    const ok = await screenTrpcRequest(post("sessions.import", "application/octet-stream"));
    expect(ok.problem).toBeNull();
    expect((await screenTrpcRequest(post("pipelines.create", "application/octet-stream"))).problem?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    expect((await screenTrpcRequest(post("sessions.import", "multipart/form-data"))).problem?.code).toBe("UNSUPPORTED_MEDIA_TYPE");
  });
});
