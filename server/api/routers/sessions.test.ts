import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { openSqliteStore, type SqliteStore } from "~/db/sqlite/sqliteStore";
import { screenTrpcRequest } from "~/server/http/trpcRequest";
import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import type { SessionUploadResult } from "~/server/sessions/importStream";
import { appRouter } from "../root";
import { createContextInner } from "../trpc";

const transcript = readFileSync(fileURLToPath(new URL("../../../core/sessions/fixtures/claude-code-branches.jsonl", import.meta.url)), "utf8");
const gate = examplePipelines.find((p) => p.name === "Claude Code Bash gate");

type Done = Extract<SessionUploadResult, { done: true }> | Extract<SessionUploadResult, { ok: false }>;

/** One part as the browser sends it (the header line, then the part's bytes) through tRPC's fetch handler, as the route does. */
async function sendPart(store: SqliteStore, header: object, bytes: Uint8Array<ArrayBuffer> | string): Promise<SessionUploadResult> {
  const req = new Request("http://127.0.0.1:3000/api/trpc/sessions.import", { method: "POST", headers: { "content-type": "application/octet-stream" }, body: new Blob([`${JSON.stringify(header)}\n`, bytes]) });
  const res = await fetchRequestHandler({ endpoint: "/api/trpc", req, router: appRouter, createContext: () => createContextInner({ store }) });
  const body = (await res.json()) as { result?: { data: { json: SessionUploadResult } }; error?: unknown };
  if (!body.result) throw new Error(JSON.stringify(body.error));
  return body.result.data.json;
}

let uploads = 0;
/** Sends a file in parts of `partBytes` (cut anywhere: inside lines and characters), as useSessionImport does. */
function importer(store: SqliteStore, partBytes = 1000) {
  return async (options: object, file: string): Promise<Done> => {
    const bytes = new TextEncoder().encode(file);
    const uploadId = `upload${++uploads}xyz`;
    const parts = Math.max(1, Math.ceil(bytes.byteLength / partBytes));
    for (let part = 0; part < parts; part++) {
      const r = await sendPart(store, { uploadId, part, last: part === parts - 1, ...(part === 0 ? { options } : {}) }, bytes.subarray(part * partBytes, (part + 1) * partBytes));
      if (!r.ok || r.done) return r;
      expect(r.received).toBe(Math.min(bytes.byteLength, (part + 1) * partBytes));
    }
    throw new Error("no part finished the upload");
  };
}

describe("sessionsRouter", () => {
  let store: SqliteStore;
  beforeEach(async () => {
    store = openSqliteStore({ file: ":memory:" });
  });
  afterEach(() => store.close());

  it("reads an uploaded transcript line by line into a scenario named apart from the pipeline's", async () => {
    const upload = importer(store);
    const p = await store.pipelines.create({ ...gate, scenarios: [{ name: "yesterday", prompt: "x", model: { kind: "scripted", responses: [] } }] });
    const r = await upload({ pipelineId: p.id, fileName: "3f1c.jsonl", name: "yesterday" }, transcript);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.scenario.name).toBe("yesterday 2");
    expect(r.scenario.source?.host).toBe("claude-code");
    expect(r.summary.branches.map((b) => b.leaf)).toEqual(["a-4", "b-11"]);
    expect(r.summary.secrets.map((s) => s.id)).toEqual(["openai-key", "github-token", "env-secret"]);
  });

  it("answers a bad line as data the dialog offers to skip, and skips it when asked", async () => {
    const upload = importer(store);
    const p = await store.pipelines.create(gate ?? {});
    const broken = transcript.replace('{"type": "file-history-snapshot"', '{"type": "file-history-snapshot"}}}');
    const refused = await upload({ pipelineId: p.id, fileName: "s.jsonl" }, broken);
    expect(refused).toMatchObject({ ok: false, code: "BAD_LINE" });
    expect(!refused.ok && refused.message).toMatch(/^1 line is not JSON \(line 2: not JSON/);
    const skipped = await upload({ pipelineId: p.id, fileName: "s.jsonl", skipBadLines: true }, broken);
    expect(skipped.ok && skipped.summary.badLines.map((b) => b.line)).toEqual([2]);
  });

  it("reads a file with multi-byte characters cut between parts exactly as in one part", async () => {
    const p = await store.pipelines.create(gate ?? {});
    const text = transcript.replace("Clean up the build folder.", "Räume den Build-Ordner auf — bitte 🧹.");
    const whole = await importer(store, 1 << 20)({ pipelineId: p.id, fileName: "s.jsonl" }, text);
    const cut = await importer(store, 7)({ pipelineId: p.id, fileName: "s.jsonl" }, text);
    expect(whole.ok && whole.scenario.prompt).toMatch(/^Räume den Build-Ordner auf — bitte 🧹\./);
    const stamp = (r: Done) => (r.ok && r.scenario.source ? { ...r, scenario: { ...r.scenario, source: { ...r.scenario.source, importedAt: "when" } } } : r);
    expect(stamp(cut)).toEqual(stamp(whole));
  });

  it("refuses a header that is not one, a part out of order and a part of no upload", async () => {
    const p = await store.pipelines.create(gate ?? {});
    expect(await sendPart(store, { fileName: "s.jsonl" }, transcript)).toEqual({
      ok: false,
      code: "BAD_OPTIONS",
      message: "the upload's first line is not a part header: uploadId: Invalid input: expected string, received undefined; part: Invalid input: expected number, received undefined; last: Invalid input: expected boolean, received undefined",
    });
    expect(await sendPart(store, { uploadId: "nosuchupload", part: 1, last: true }, "x")).toEqual({
      ok: false,
      code: "BAD_PART",
      message: "no upload nosuchupload in progress (it finished, failed, or waited more than 120 s for its next part): start the import again",
    });
    expect(await sendPart(store, { uploadId: "ordered01", part: 0, last: false, options: { pipelineId: p.id, fileName: "s.jsonl" } }, transcript.slice(0, 100))).toEqual({ ok: true, done: false, received: 100 });
    expect(await sendPart(store, { uploadId: "ordered01", part: 2, last: true }, "x")).toEqual({ ok: false, code: "BAD_PART", message: "upload ordered01 expected part 1, got part 2" });
    expect(await sendPart(store, { uploadId: "ordered02", part: 0, last: true }, "x")).toEqual({ ok: false, code: "BAD_OPTIONS", message: "the first part of an upload carries its options (options: missing)" });
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
