import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import { getRunBus, provideRunService } from "~/server/runs";
import { createRunService } from "~/server/runs/runService";
import { fixtureEngine } from "~/server/runs/testing/fixtureEngine";
import { openTestApi, rejection, type TestApi } from "../testing/testApi";

let store: SqliteStore;
let api: TestApi;
beforeEach(() => ({ store, api } = openTestApi()));
afterEach(() => store.close());

const hook = (id: string, code = "export default function () {}") => ({ id, point: "pre-model-call", name: id, enabled: true, code, priority: null, matcher: null });

describe("pipelines router: history", () => {
  it("save returns the new revision; revisions lists each with what changed; restore writes the old document as a new head", async () => {
    const created = await api.pipelines.create({ from: "blank", name: "History", profile: "vellum" });
    const r2 = await api.pipelines.save({ id: created.id, baseRevision: 1, document: { ...created.document, hooks: [hook("a")] } });
    expect(r2.revision).toBe(2);
    const r3 = await api.pipelines.save({ id: created.id, baseRevision: 2, document: { ...r2.document, hooks: [hook("a", "export default function () { /* v2 */ }")], scenarios: [] } });
    expect(r3.revision).toBe(3);

    const list = await api.pipelines.revisions({ id: created.id });
    expect(list.map((r) => [r.revision, r.summary])).toEqual([
      [3, ["edited hook “a”", "deleted scenario “default”"]],
      [2, ["added hook “a”"]],
      [1, ["created the pipeline"]],
    ]);
    expect(list[0]?.createdAt).toBeInstanceOf(Date);
    expect((await api.pipelines.revisions({ id: created.id, limit: 1, before: 3 })).map((r) => [r.revision, r.summary])).toEqual([[2, ["added hook “a”"]]]);

    expect((await api.pipelines.revision({ id: created.id, revision: 2 })).document.hooks[0]?.code).toBe("export default function () {}");
    const restored = await api.pipelines.restore({ id: created.id, revision: 2, baseRevision: 3 });
    expect(restored).toMatchObject({ revision: 4, headRevision: 4 });
    expect(restored.document).toEqual(r2.document);
    expect((await api.pipelines.revisions({ id: created.id, limit: 1 }))[0]?.summary).toEqual(["edited hook “a”", "added scenario “default”"]);

    expect((await rejection(api.pipelines.restore({ id: created.id, revision: 1, baseRevision: 3 }))).code).toBe("CONFLICT");
    expect(await rejection(api.pipelines.restore({ id: created.id, revision: 9 }))).toMatchObject({ code: "NOT_FOUND", message: 'Pipeline "History" has no revision 9 (revisions are 1 to 4).' });
    expect((await rejection(api.pipelines.revisions({ id: "nope" }))).code).toBe("NOT_FOUND");
    expect((await rejection(api.pipelines.revision({ id: created.id, revision: 0 }))).code).toBe("BAD_REQUEST");
  });

  it("runs.start with a revision that does not exist is NOT_FOUND; an existing one runs that revision", async () => {
    const service = createRunService({ store, bus: getRunBus(), engine: fixtureEngine(1) });
    provideRunService(store, service);
    const created = await api.pipelines.create({ from: "blank", name: "R", profile: "vellum" });
    expect(await rejection(api.runs.start({ pipelineId: created.id, revision: 5, scenarioName: "default" }))).toMatchObject({ code: "NOT_FOUND", message: `pipeline ${created.id} has no revision 5` });
    const { runId } = await api.runs.start({ pipelineId: created.id, revision: 1, scenarioName: "default" });
    await service.settled(runId);
    expect((await api.runs.get({ runId })).run.revision).toBe(1);
  });
});
