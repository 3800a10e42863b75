import { afterEach, describe, expect, it } from "vitest";
import { examplePipelines } from "../../core/examples";
import type { ApprovalRequestEvent, EncodedTraceEvent } from "../../core/trace/events";
import { createProviderService } from "../../server/providers/service";
import { blankDocument } from "../pipelineDocument";
import { prepareStore, storeConfigFrom } from "../openStore";
import type { Store } from "../store";
import { openPgStore, type PgStore } from "./pgStore";
import { noPgReason, openPgTestStore, pgEmptyDatabase, pgTestDatabase } from "./testStore";

/*
 * What only the PostgreSQL store has to show (the shared behaviour is db/storeContract.ts): two
 * instances on one database, each its own pool (as two web instances or workers would be), racing
 * on the same rows; the app's start on DATABASE_URL; what `location` says and what it requires.
 */

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()));
});

/** An empty database and two instances on it. */
async function twoInstances(): Promise<[PgStore, PgStore]> {
  const a = await openPgTestStore();
  const b = await openPgStore({ url: await pgTestDatabase() });
  opened.push(a, b);
  return [a, b];
}

describe.skipIf(noPgReason !== null)(`PostgreSQL store, several instances${noPgReason ? ` (skipped: ${noPgReason})` : ""}`, () => {
  it("lets exactly one of two instances' saves on the same base win", async () => {
    const [a, b] = await twoInstances();
    const { id } = await a.pipelines.create(blankDocument("Shared", "vellum"));
    const head = await b.pipelines.get(id);
    const saves = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).pipelines.save({ id, baseRevision: 1, document: { ...head.document, description: `from ${i}` } })),
    );
    expect(saves.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(saves.filter((s) => s.status === "rejected").map((s) => (s.reason as { code: string }).code)).toEqual(Array(7).fill("CONFLICT"));
    expect((await a.pipelines.get(id)).headRevision).toBe(2);
    expect((await a.pipelines.listRevisions({ id, limit: 10 })).map((r) => r.revision)).toEqual([2, 1]);
  });

  it("seeds the examples once when two instances start together", async () => {
    const [a, b] = await twoInstances();
    const [first, second] = await Promise.all([a.pipelines.seedExamples(examplePipelines), b.pipelines.seedExamples(examplePipelines)]);
    expect([...first.seeded, ...second.seeded].sort()).toEqual(examplePipelines.map((e) => e.name).sort());
    expect([first.skipped, second.skipped]).toEqual([[], []]);
    expect((await a.pipelines.list()).length).toBe(examplePipelines.length);
  });

  it("counts only the first of two instances' answers to one approval", async () => {
    const [a, b] = await twoInstances();
    const { id: pipelineId } = await a.pipelines.create(blankDocument("Gate", "vellum"));
    const [scenario] = blankDocument("x", "vellum").scenarios;
    if (!scenario) throw new Error("vellum has no default scenario");
    await a.runs.insert({ id: "r", pipelineId, revision: 1, scenario, rerunOf: null });
    const request: ApprovalRequestEvent = { seq: 2, type: "approval.request", approvalId: "r.a1", point: "tool.call", hookId: "gate", toolUseId: "tu", toolName: "Bash", request: { title: "ok?" }, params: {} };
    await a.approvals.insertRequest("r", request, 1_000);
    const answers = await Promise.all([
      a.approvals.answer("r.a1", { decision: "deny", by: "ana", at: 2_000 }),
      b.approvals.answer("r.a1", { decision: "allow-once", by: "bo", at: 2_000 }),
    ]);
    expect(answers.filter(Boolean)).toHaveLength(1);
    const row = await b.approvals.get("r.a1");
    expect(row?.decision).toBe(answers[0] ? "deny" : "allow-once");
  });

  it("refuses the second of two instances adding the same provider name", async () => {
    const [a, b] = await twoInstances();
    const entry = { name: "shared", kind: "openai" as const, baseUrl: null, defaultModel: "", key: "keep" as const };
    const saves = await Promise.allSettled([a.providers.save(entry), b.providers.save(entry)]);
    expect(saves.filter((s) => s.status === "fulfilled")).toHaveLength(1);
    expect(saves.flatMap((s) => (s.status === "rejected" ? [[(s.reason as { apiCode: string }).apiCode, (s.reason as Error).message]] : []))).toEqual([
      ["CONFLICT", 'a provider named "shared" already exists: pick another name or edit that one'],
    ]);
  });

  it("appends a trace larger than one INSERT's parameters in one go, and in order", async () => {
    const [a] = await twoInstances();
    const { id: pipelineId } = await a.pipelines.create(blankDocument("Big", "vellum"));
    const [scenario] = blankDocument("x", "vellum").scenarios;
    if (!scenario) throw new Error("vellum has no default scenario");
    await a.runs.insert({ id: "big", pipelineId, revision: 1, scenario, rerunOf: null });
    // 4,001 rows: more than one INSERT takes (db/pg/runs.ts), so two INSERTs in one transaction.
    const events = Array.from({ length: 4_001 }, (_, i) => ({ seq: i + 1, type: "log", message: `line ${i + 1}` })) as unknown as EncodedTraceEvent[];
    expect(await a.runs.appendEvents("big", events)).toBe(true);
    expect((await a.runs.readEvents("big", { afterSeq: 3_999, limit: 10 })).map((e) => e.seq)).toEqual([4_000, 4_001]);
    // A batch whose second INSERT fails writes nothing: seq 4001 (last, so in the second INSERT) is taken.
    const again = Array.from({ length: 4_001 }, (_, i) => ({ seq: 8_001 - i, type: "log" })) as unknown as EncodedTraceEvent[];
    await expect(a.runs.appendEvents("big", again)).rejects.toThrow();
    expect((await a.runs.readAllStoredEvents("big")).length).toBe(4_001);
  });

  it("lists names in SQLite's byte order even in a database whose collation is a language's", async () => {
    const store = await openPgStore({ url: await pgEmptyDatabase({ icuLocale: "en-US" }) });
    opened.push(store);
    const names = ["b", "C", "a", "_z"];
    for (const name of names) {
      await store.providers.save({ name, kind: "openai", baseUrl: null, defaultModel: "", key: "keep" });
      await store.pipelines.create({ ...blankDocument(name, "vellum"), name });
    }
    // en-US alone would give _z, a, b, C; SQLite (BINARY) and JS give:
    expect([...names].sort()).toEqual(["C", "_z", "a", "b"]);
    expect((await store.providers.list()).map((p) => p.name)).toEqual(["C", "_z", "a", "b"]);
    await store.handle.pool.query("update pipelines set updated_at = 0");
    expect((await store.pipelines.list()).map((p) => p.name)).toEqual(["C", "_z", "a", "b"]);
  });

  it("names the database it could not open, without its password", async () => {
    await expect(openPgStore({ url: "postgres://hw:hunter2@127.0.0.1:1/hookwright" })).rejects.toThrow(
      /^hookwright: could not open the PostgreSQL database postgres:\/\/hw@127\.0\.0\.1:1\/hookwright \(DATABASE_URL\): connect ECONNREFUSED 127\.0\.0\.1:1$/,
    );
  });

  it("opens from DATABASE_URL as the app does, seeding the examples; its location has no password and its provider keys need HOOKWRIGHT_SECRET", async () => {
    const url = await pgTestDatabase();
    opened.push(await openPgTestStore()); // empties the database
    const { store, seeded } = await prepareStore(storeConfigFrom({ DATABASE_URL: url, HOOKWRIGHT_SECRET: "s" }));
    opened.push(store);
    expect([store.dialect, seeded.length]).toEqual(["postgres", examplePipelines.length]);
    const password = new URL(url).password;
    expect(password.length).toBeGreaterThan(0);
    expect(store.location).toBe(url.replace(`:${password}@`, "@"));
    const withoutSecret = createProviderService({ store, dbFile: store.location, env: {} });
    await expect(withoutSecret.save({ name: "p", kind: "openai", apiKey: "sk-1" })).rejects.toThrow("HOOKWRIGHT_SECRET is not set");
    const withSecret = createProviderService({ store, dbFile: store.location, env: { HOOKWRIGHT_SECRET: "team secret" } });
    await withSecret.save({ name: "p", kind: "openai", apiKey: "sk-1234567890" });
    expect((await withSecret.resolve()).map((p) => [p.name, p.apiKey])).toEqual([["p", "sk-1234567890"]]);
  });
});
