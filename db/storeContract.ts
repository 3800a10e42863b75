import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PipelineInput, Scenario } from "../core/pipeline/schema";
import type { ApprovalRequestEvent, EncodedTraceEvent } from "../core/trace/events";
import { emptyRunSummary } from "../core/run/hookStatus";
// The provider cases go through the real sealing (test support only: db/ code never imports server/).
import { resolveProviders, saveProvider } from "../server/providers/store";
import { blankDocument } from "./pipelineDocument";
import { PipelineStoreError } from "./pipelineStoreError";
import type { Store } from "./store";

/*
 * What every store implementation (db/store.ts) must do, as tests: `describeStoreContract` runs
 * them on a fresh, empty store from `open` (db/store.sqlite.test.ts for SQLite; a PostgreSQL store
 * calls it the same way). Each case uses only the port, never the database underneath.
 *
 * 1. PIPELINES  revisions and conflicts, validation, rename, duplicate, delete (cascading), seeding.
 * 2. RUNS       a run and its events round trip, ranges, outline, counts, finishing, abandoned runs.
 * 3. APPROVALS  a request's lifecycle: first answer wins, tokens, pending lists.
 * 4. PROVIDERS  entries with sealed keys: keep, replace, remove; name and id checks.
 */

const hook = (id: string, code: string) => ({ id, point: "pre-model-call", name: id, code });

function doc(hooks: ReturnType<typeof hook>[]): PipelineInput {
  return { format: "hookwright.pipeline/v1", name: "Guard", profile: "vellum", hooks };
}

async function storeError(promise: Promise<unknown>): Promise<PipelineStoreError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof PipelineStoreError) return error;
    throw error;
  }
  throw new Error("expected a PipelineStoreError, nothing was thrown");
}

const known = "(known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)";

/** A minimal trace of one model call: what the run list, outline and ranges read. */
function trace(runId: string): EncodedTraceEvent[] {
  return [
    { seq: 1, type: "run.start", format: "hookwright.trace/v2", runId, pipeline: "Guard", profile: "vellum", scenario: "default", clockStart: 0, seed: 1 },
    { seq: 2, type: "point.start", point: "pre-model-call", context: { round: 1 }, hooks: [] },
    { seq: 3, type: "model.request", messages: [], system: null, call: 1 },
    { seq: 4, type: "run.end", exitReason: "no_tool_calls" },
  ] as unknown as EncodedTraceEvent[]; // hand-written events: only the fields the store reads
}

function defaultScenario(): Scenario {
  const [scenario] = blankDocument("x", "vellum").scenarios;
  if (!scenario) throw new Error("vellum has no default scenario");
  return scenario;
}

function approvalRequest(runId: string, seq: number, timeoutMs: number): ApprovalRequestEvent {
  return { seq, type: "approval.request", approvalId: `${runId}.a1`, point: "tool.call", hookId: "gate", toolUseId: "tu-1", toolName: "Bash", request: { title: "Run rm?", timeoutMs }, params: { command: "rm -rf build" } };
}

export function describeStoreContract(name: string, open: () => Promise<Store>): void {
  describe(`store contract: ${name}`, () => {
    let store: Store;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(() => store.close());

    /** A pipeline with one run recorded on it. */
    async function recordedRun(runId = "run-1"): Promise<{ pipelineId: string; runId: string }> {
      const { id: pipelineId } = await store.pipelines.create(doc([]));
      await store.runs.insert({ id: runId, pipelineId, revision: 1, scenario: defaultScenario(), rerunOf: null });
      return { pipelineId, runId };
    }

    // 1. PIPELINES

    describe("pipelines", () => {
      it("rejects the second of two saves based on the same revision, and keeps both contents", async () => {
        const { id } = await store.pipelines.create(doc([]));
        const tabA = await store.pipelines.save({ id, baseRevision: 1, document: doc([hook("a", "// from tab A")]) });
        const error = await storeError(store.pipelines.save({ id, baseRevision: 1, document: doc([hook("b", "// from tab B")]) }));

        expect(tabA.revision).toBe(2);
        expect([error.code, error.apiCode, error.headRevision]).toEqual(["CONFLICT", "CONFLICT", 2]);
        expect(error.message).toBe("This pipeline was changed elsewhere (revision 2); yours is based on 1. Reload or save as a copy.");
        // Nothing lost: revision 1 is the original, revision 2 is tab A's, and no revision 3 exists.
        expect((await store.pipelines.getRevision({ id, revision: 1 })).document.hooks).toEqual([]);
        expect((await store.pipelines.getRevision({ id, revision: 2 })).document.hooks).toEqual([
          { id: "a", point: "pre-model-call", name: "a", enabled: true, code: "// from tab A", priority: null, matcher: null },
        ]);
        expect((await store.pipelines.get(id)).headRevision).toBe(2);
        expect((await storeError(store.pipelines.getRevision({ id, revision: 3 }))).message).toBe('Pipeline "Guard" has no revision 3 (revisions are 1 to 2).');
        // Tab B, after reloading, saves on top of tab A's revision.
        expect((await store.pipelines.save({ id, baseRevision: 2, document: doc([hook("b", "// from tab B")]) })).revision).toBe(3);
        expect((await store.pipelines.getRevision({ id, revision: 3 })).document.hooks.map((h) => h.code)).toEqual(["// from tab B"]);
      });

      it("lets exactly one of many concurrent saves on the same base win", async () => {
        const { id } = await store.pipelines.create(doc([]));
        const saves = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => store.pipelines.save({ id, baseRevision: 1, document: doc([hook("a", `// tab ${i}`)]) })));
        expect(saves.filter((s) => s.status === "fulfilled")).toHaveLength(1);
        expect(saves.filter((s) => s.status === "rejected").map((s) => (s.reason as PipelineStoreError).code)).toEqual(["CONFLICT", "CONFLICT", "CONFLICT", "CONFLICT"]);
        expect((await store.pipelines.get(id)).headRevision).toBe(2);
      });

      it("keeps the list row in step with the new head, newest edit first", async () => {
        const older = await store.pipelines.create({ ...doc([]), name: "Older" });
        const { id } = await store.pipelines.create(doc([]));
        await new Promise((resolve) => setTimeout(resolve, 5));
        await store.pipelines.save({ id, baseRevision: 1, document: { ...doc([hook("a", ""), hook("b", "")]), name: "Renamed" } });
        expect(await store.pipelines.list()).toMatchObject([
          { id, name: "Renamed", hookCount: 2, headRevision: 2, profile: "vellum" },
          { id: older.id, name: "Older", hookCount: 0, headRevision: 1 },
        ]);
      });

      it("rejects an invalid document with the field path and writes nothing", async () => {
        const { id } = await store.pipelines.create(doc([]));
        const error = await storeError(store.pipelines.save({ id, baseRevision: 1, document: doc([hook("a", ""), hook("a", "")]) }));
        expect([error.code, error.issues]).toEqual(["INVALID_DOCUMENT", [{ path: "hooks[1].id", message: 'duplicate hook id "a"' }]]);
        expect((await store.pipelines.get(id)).headRevision).toBe(1);
      });

      it("reports a missing pipeline as NOT_FOUND, and an unknown profile by its field", async () => {
        expect((await storeError(store.pipelines.save({ id: "nope", baseRevision: 1, document: doc([]) }))).code).toBe("NOT_FOUND");
        const error = await storeError(store.pipelines.create({ ...doc([]), profile: "emacs" }));
        expect([error.code, error.issues]).toEqual(["UNKNOWN_PROFILE", [{ path: "profile", message: `unknown profile "emacs" ${known}` }]]);
        expect(await store.pipelines.list()).toEqual([]);
      });

      it("stores defaults filled in, as revision 1, with the profile's default scenario", async () => {
        const created = await store.pipelines.create(blankDocument("Empty", "registry"));
        expect(created.revision).toBe(1);
        const { scenarios, ...rest } = created.document;
        expect(rest).toEqual({ format: "hookwright.pipeline/v1", name: "Empty", description: "", profile: "registry", hooks: [], modules: [], limits: { timeoutMs: 1000, memoryMiB: 64 } });
        expect(scenarios.map((s) => [s.name, s.prompt, "responses" in s.model ? s.model.responses.length : null, s.expectations])).toEqual([
          ["default", "Clean up the build folder.", 3, [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }]],
        ]);
      });

      it("renames by a new revision, and conflicts on a stale base", async () => {
        const { id } = await store.pipelines.create(doc([hook("a", "x")]));
        const renamed = await store.pipelines.rename({ id, name: "Guard v2" });
        expect([renamed.revision, renamed.document.name, renamed.document.hooks.map((h) => h.code)]).toEqual([2, "Guard v2", ["x"]]);
        expect((await store.pipelines.getRevision({ id, revision: 1 })).document.name).toBe("Guard");
        expect((await storeError(store.pipelines.rename({ id, name: "Two", baseRevision: 1 }))).code).toBe("CONFLICT");
        expect((await store.pipelines.get(id)).document.name).toBe("Guard v2");
      });

      it("duplicates the head into a new pipeline at revision 1, the name within 200 characters", async () => {
        const { id } = await store.pipelines.create(doc([hook("a", "x")]));
        await store.pipelines.save({ id, baseRevision: 1, document: doc([hook("a", "y")]) });
        const copy = await store.pipelines.duplicate({ id });
        expect([copy.id === id, copy.revision, copy.document.name, copy.document.hooks.map((h) => h.code)]).toEqual([false, 1, "Guard (copy)", ["y"]]);
        const long = await store.pipelines.create({ ...doc([]), name: "n".repeat(200) });
        const longCopy = await store.pipelines.duplicate({ id: long.id });
        expect([longCopy.document.name.length, longCopy.document.name.endsWith(" (copy)")]).toEqual([200, true]);
      });

      it("lists revisions newest first with their changes, pages back, and restores one as a new head", async () => {
        const { id } = await store.pipelines.create(doc([]));
        await store.pipelines.save({ id, baseRevision: 1, document: doc([hook("a", "x")]) });
        await store.pipelines.save({ id, baseRevision: 2, document: doc([hook("a", "y")]) });
        expect((await store.pipelines.listRevisions({ id, limit: 10 })).map((r) => r.revision)).toEqual([3, 2, 1]);
        expect((await store.pipelines.listRevisions({ id, limit: 1, before: 3 })).map((r) => [r.revision, r.summary.length > 0])).toEqual([[2, true]]);
        const restored = await store.pipelines.restoreRevision({ id, revision: 2 });
        expect([restored.revision, restored.document.hooks.map((h) => h.code)]).toEqual([4, ["x"]]);
        expect((await storeError(store.pipelines.restoreRevision({ id, revision: 1, baseRevision: 3 }))).code).toBe("CONFLICT");
        expect((await storeError(store.pipelines.listRevisions({ id: "nope", limit: 1 }))).code).toBe("NOT_FOUND");
      });

      it("gives the document to run at a revision or the newest, and null when there is none", async () => {
        const { id } = await store.pipelines.create(doc([]));
        await store.pipelines.save({ id, baseRevision: 1, document: doc([hook("a", "x")]) });
        expect((await store.pipelines.documentAt({ pipelineId: id }))?.revision).toBe(2);
        expect((await store.pipelines.documentAt({ pipelineId: id, revision: 1 }))?.pipeline.hooks).toEqual([]);
        expect(await store.pipelines.documentAt({ pipelineId: id, revision: 9 })).toBeNull();
        expect(await store.pipelines.documentAt({ pipelineId: "nope" })).toBeNull();
      });

      it("deletes a pipeline with its revisions, runs and events", async () => {
        const { pipelineId, runId } = await recordedRun();
        await store.runs.appendEvents(runId, trace(runId));
        const keep = await store.pipelines.create({ ...doc([]), name: "Keep" });
        expect(await store.pipelines.delete(pipelineId)).toEqual({ id: pipelineId, name: "Guard" });
        expect((await store.pipelines.list()).map((p) => p.id)).toEqual([keep.id]);
        expect(await store.pipelines.documentAt({ pipelineId })).toBeNull();
        expect([await store.runs.get(runId), await store.runs.readAllStoredEvents(runId)]).toEqual([undefined, []]);
        expect((await storeError(store.pipelines.delete(pipelineId))).code).toBe("NOT_FOUND");
      });

      it("seeds each example once, skipping one it rejects", async () => {
        const later: PipelineInput = { format: "hookwright.pipeline/v1", name: "Added later", profile: "registry" };
        const bad: PipelineInput = { format: "hookwright.pipeline/v1", name: "Odd", profile: "no-such-host" };
        expect(await store.pipelines.seedExamples([later, bad])).toEqual({ seeded: ["Added later"], skipped: [{ name: "Odd", reason: `profile: unknown profile "no-such-host" ${known}` }] });
        expect(await store.pipelines.seedExamples([later])).toEqual({ seeded: [], skipped: [] });
        const [seeded] = await store.pipelines.list();
        await store.pipelines.delete(seeded?.id ?? "");
        // Deleted by the user: never seeded again.
        expect(await store.pipelines.seedExamples([later])).toEqual({ seeded: [], skipped: [] });
        expect(await store.meta.get("seeded-example:Added later")).toMatch(/^\d{4}-\d\d-\d\dT/);
      });
    });

    // 2. RUNS

    describe("runs", () => {
      it("round-trips a run and its events, by ranges and by type, with the outline and the model call count", async () => {
        const { pipelineId, runId } = await recordedRun();
        const events = trace(runId);
        expect(await store.runs.appendEvents(runId, events.slice(0, 3))).toBe(true);
        expect(await store.runs.appendEvents(runId, events.slice(3))).toBe(true);

        expect(await store.runs.readAllStoredEvents(runId)).toEqual(events);
        expect((await store.runs.readEvents(runId, { afterSeq: 1, limit: 2 })).map((e) => e.seq)).toEqual([2, 3]);
        expect((await store.runs.readEventsUpTo(runId, { afterSeq: 1, toSeq: 3 })).map((e) => e.seq)).toEqual([2, 3]);
        expect((await store.runs.readEventsOfType(runId, "model.request")).map((e) => e.seq)).toEqual([3]);
        expect((await store.runs.readAllEvents(runId)).map((e) => e.type)).toEqual(["run.start", "point.start", "model.request", "run.end"]);
        const outline = await store.runs.readOutline(runId);
        expect([outline.count, outline.type.map((i) => outline.names[i])]).toEqual([4, ["run.start", "point.start", "model.request", "run.end"]]);
        expect(outline.names[outline.point[1] ?? -1]).toBe("pre-model-call");
        expect(await store.runs.countModelCalls([runId, "other"])).toEqual(new Map([[runId, 1]]));
        expect(await store.runs.countModelCalls([])).toEqual(new Map());
        expect(await store.runs.latestPointStart(pipelineId, "pre-model-call")).toEqual({ runId, seq: 2 });
        expect(await store.runs.latestPointStart(pipelineId, "post-model-call")).toBeNull();
      });

      it("records the run's row from start to finish", async () => {
        const { pipelineId, runId } = await recordedRun();
        expect(await store.runs.get(runId)).toMatchObject({ id: runId, pipelineId, revision: 1, scenarioName: "default", status: "running", rerunOf: null, point: null, finishedAt: null, expectations: null });
        const report = { passed: 1, failed: 0, results: [] };
        await store.runs.recordExpectations(runId, report);
        await store.runs.finish(runId, { summary: { ...emptyRunSummary, exitReason: "no_tool_calls", events: 4, errors: 1 }, failure: null });
        const row = await store.runs.get(runId);
        expect(row).toMatchObject({ status: "finished", exitReason: "no_tool_calls", eventCount: 4, errors: 1, failure: null, expectations: report, expectationsPassed: 1, expectationsFailed: 0 });
        expect(row?.finishedAt).toBeInstanceOf(Date);
        await store.runs.finish(runId, { summary: emptyRunSummary, failure: "boom" });
        expect(await store.runs.get(runId)).toMatchObject({ status: "failed", failure: "boom" });
      });

      it("lists a pipeline's runs newest first", async () => {
        const { pipelineId } = await recordedRun("run-a");
        const scenario = defaultScenario();
        await new Promise((resolve) => setTimeout(resolve, 5));
        await store.runs.insert({ id: "run-b", pipelineId, revision: 1, scenario, rerunOf: "run-a", point: "pre-model-call" });
        expect((await store.runs.list(pipelineId, 10)).map((r) => [r.id, r.rerunOf, r.point])).toEqual([["run-b", "run-a", "pre-model-call"], ["run-a", null, null]]);
        expect(await store.runs.list(pipelineId, 1)).toHaveLength(1);
      });

      it("says an append to a run that is gone wrote nothing", async () => {
        const { pipelineId, runId } = await recordedRun();
        await store.pipelines.delete(pipelineId);
        expect(await store.runs.appendEvents(runId, trace(runId))).toBe(false);
        expect(await store.runs.readAllStoredEvents(runId)).toEqual([]);
      });

      it("fails runs left running, except a run parked at a pending approval", async () => {
        const { pipelineId, runId: parked } = await recordedRun("parked");
        const scenario = defaultScenario();
        await store.runs.insert({ id: "abandoned", pipelineId, revision: 1, scenario, rerunOf: null });
        await store.approvals.insertRequest(parked, approvalRequest(parked, 2, 60_000), Date.now());
        await store.runs.failAbandoned();
        expect(await store.runs.get("abandoned")).toMatchObject({ status: "failed", failure: "the server stopped while this run was in progress" });
        expect((await store.runs.get(parked))?.status).toBe("running");
      });
    });

    // 3. APPROVALS

    describe("approvals", () => {
      it("keeps a request from its event, lets only the first answer count, and lists it", async () => {
        const { runId } = await recordedRun();
        const now = Date.UTC(2026, 0, 1);
        const event = approvalRequest(runId, 2, 30_000);
        await store.approvals.insertRequest(runId, event, now);
        await store.approvals.insertRequest(runId, { ...event, toolName: "other" }, now + 1); // the same id again: nothing changes
        const row = await store.approvals.get(event.approvalId);
        expect(row).toMatchObject({ id: event.approvalId, runId, seq: 2, toolUseId: "tu-1", toolName: "Bash", point: "tool.call", hookId: "gate", status: "pending", decision: null, tokenHash: null });
        expect(row?.payload).toEqual({ request: { title: "Run rm?", timeoutMs: 30_000 }, params: { command: "rm -rf build" }, warnings: [] });
        expect([row?.requestedAt.getTime(), row?.expiresAt.getTime()]).toEqual([now, now + 30_000]);
        expect((await store.approvals.listPending()).map((r) => r.id)).toEqual([event.approvalId]);

        await store.approvals.setTokenHash(event.approvalId, "ab".repeat(32));
        expect(await store.approvals.answer(event.approvalId, { decision: "deny", by: "ana", at: now + 5, reason: "not today" })).toBe(true);
        expect(await store.approvals.answer(event.approvalId, { decision: "allow-once", by: "bo", at: now + 6 })).toBe(false);
        expect(await store.approvals.get(event.approvalId)).toMatchObject({ status: "answered", decision: "deny", respondedBy: "ana", reason: "not today", tokenHash: "ab".repeat(32) });
        expect((await store.approvals.get(event.approvalId))?.respondedAt?.getTime()).toBe(now + 5);
        expect(await store.approvals.listPending()).toEqual([]);
        expect((await store.approvals.listForRun(runId)).map((r) => r.id)).toEqual([event.approvalId]);
        expect(await store.approvals.get("nope")).toBeUndefined();
      });

      it("marks a timeout expired and a cancellation cancelled; a request without a timeout waits two minutes", async () => {
        const { runId } = await recordedRun();
        const first = { ...approvalRequest(runId, 2, 0), approvalId: "a-timeout" };
        const second = { ...approvalRequest(runId, 3, 0), approvalId: "a-cancel", toolUseId: "tu-2" };
        await store.approvals.insertRequest(runId, first, 1_000);
        await store.approvals.insertRequest(runId, second, 1_000);
        expect((await store.approvals.get("a-timeout"))?.expiresAt.getTime()).toBe(121_000);
        await store.approvals.answer("a-timeout", { decision: "timeout", by: "timeout", at: 121_000 });
        await store.approvals.answer("a-cancel", { decision: "cancelled", by: "host", at: 2_000 });
        expect((await store.approvals.listForRun(runId)).map((r) => [r.id, r.status])).toEqual([["a-timeout", "expired"], ["a-cancel", "cancelled"]]);
      });
    });

    // 4. PROVIDERS

    describe("providers", () => {
      const secret = Buffer.alloc(32, 7);

      it("keeps a key only sealed, keeps it on an edit without a key, and removes it on an empty one", async () => {
        const saved = await saveProvider(store.providers, secret, { name: "claude-work", kind: "anthropic", apiKey: "sk-ant-secret-1234" });
        const [row] = await store.providers.list();
        expect(row?.keySealed).not.toContain("sk-ant-secret-1234");
        expect(row?.keyHint).toBe(saved.keyHint);
        expect((await resolveProviders(store.providers, secret, {})).map((p) => [p.name, p.apiKey])).toEqual([["claude-work", "sk-ant-secret-1234"]]);

        await saveProvider(store.providers, secret, { id: saved.id ?? "", name: "claude-work", kind: "anthropic", defaultModel: "claude-x" });
        expect((await resolveProviders(store.providers, secret, {}))[0]).toMatchObject({ apiKey: "sk-ant-secret-1234", defaultModel: "claude-x" });

        await saveProvider(store.providers, secret, { id: saved.id ?? "", name: "claude-work", kind: "anthropic", apiKey: "" });
        expect(await store.providers.list()).toMatchObject([{ keySealed: null, keyHint: null }]);
      });

      it("refuses a taken name and an unknown id, lists by name, and deletes once", async () => {
        const b = await store.providers.save({ name: "b-local", kind: "openai", baseUrl: "http://127.0.0.1:11434/v1", defaultModel: "", key: "keep" });
        await store.providers.save({ name: "a-local", kind: "openai", baseUrl: null, defaultModel: "", key: { sealed: null, hint: null } });
        expect((await store.providers.list()).map((p) => p.name)).toEqual(["a-local", "b-local"]);
        await expect(store.providers.save({ name: "a-local", kind: "openai", baseUrl: null, defaultModel: "", key: "keep" })).rejects.toMatchObject({ apiCode: "CONFLICT", message: 'a provider named "a-local" already exists: pick another name or edit that one' });
        await expect(store.providers.save({ id: "gone", name: "c", kind: "openai", baseUrl: null, defaultModel: "", key: "keep" })).rejects.toMatchObject({ apiCode: "NOT_FOUND" });
        expect(await store.providers.save({ id: b.id, name: "b-renamed", kind: "openai", baseUrl: null, defaultModel: "m", key: "keep" })).toMatchObject({ id: b.id, name: "b-renamed", baseUrl: null, defaultModel: "m" });
        expect([await store.providers.delete(b.id), await store.providers.delete(b.id)]).toEqual([true, false]);
      });
    });

    describe("meta", () => {
      it("reads null for a value never put, and the last value put", async () => {
        expect(await store.meta.get("k")).toBeNull();
        await store.meta.put("k", "one");
        await store.meta.put("k", "two");
        expect(await store.meta.get("k")).toBe("two");
      });
    });
  });
}
