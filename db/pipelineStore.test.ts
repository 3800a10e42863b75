import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PipelineInput } from "../core/pipeline/schema";
import type { DbHandle } from "./client";
import {
  blankDocument,
  createPipeline,
  deletePipeline,
  duplicatePipeline,
  getPipeline,
  getRevision,
  listPipelines,
  renamePipeline,
  saveRevision,
} from "./pipelineStore";
import { PipelineStoreError } from "./pipelineStoreError";
import { openTestDatabase } from "./testDatabase";

let handle: DbHandle;
beforeEach(() => {
  handle = openTestDatabase();
});
afterEach(() => handle.close());

const hook = (id: string, code: string) => ({ id, point: "pre-model-call", name: id, code });

function doc(hooks: ReturnType<typeof hook>[]): PipelineInput {
  return { format: "hookwright.pipeline/v1", name: "Guard", profile: "vellum", hooks };
}

function catchStoreError(fn: () => unknown): PipelineStoreError {
  try {
    fn();
  } catch (error) {
    if (error instanceof PipelineStoreError) return error;
    throw error;
  }
  throw new Error("expected a PipelineStoreError, nothing was thrown");
}

describe("saveRevision", () => {
  it("rejects the second of two saves based on the same revision, and keeps both contents", () => {
    const { db } = handle;
    const { id } = createPipeline(db, doc([]));

    const tabA = saveRevision(db, { id, baseRevision: 1, document: doc([hook("a", "// from tab A")]) });
    const error = catchStoreError(() =>
      saveRevision(db, { id, baseRevision: 1, document: doc([hook("b", "// from tab B")]) }),
    );

    expect(tabA.revision).toBe(2);
    expect(error.code).toBe("CONFLICT");
    expect(error.apiCode).toBe("CONFLICT");
    expect(error.headRevision).toBe(2);
    expect(error.message).toBe(
      "This pipeline was changed elsewhere (revision 2); yours is based on 1. Reload or save as a copy.",
    );
    // Nothing lost: revision 1 is the original, revision 2 is tab A's, and no revision 3 exists.
    expect(getRevision(db, { id, revision: 1 }).document.hooks).toEqual([]);
    expect(getRevision(db, { id, revision: 2 }).document.hooks).toEqual([
      { id: "a", point: "pre-model-call", name: "a", enabled: true, code: "// from tab A", priority: null, matcher: null },
    ]);
    expect(getPipeline(db, id).headRevision).toBe(2);
    expect(catchStoreError(() => getRevision(db, { id, revision: 3 })).code).toBe("REVISION_NOT_FOUND");
    // Tab B, after reloading, saves on top of tab A's revision.
    const retried = saveRevision(db, { id, baseRevision: 2, document: doc([hook("b", "// from tab B")]) });
    expect(retried.revision).toBe(3);
    expect(getRevision(db, { id, revision: 3 }).document.hooks.map((h) => h.code)).toEqual(["// from tab B"]);
  });

  it("keeps the list row in step with the new head", () => {
    const { db } = handle;
    const { id } = createPipeline(db, doc([]));
    saveRevision(db, { id, baseRevision: 1, document: { ...doc([hook("a", ""), hook("b", "")]), name: "Renamed" } });

    expect(listPipelines(db)).toMatchObject([{ id, name: "Renamed", hookCount: 2, headRevision: 2, profile: "vellum" }]);
  });

  it("rejects an invalid document with the field path and writes nothing", () => {
    const { db } = handle;
    const { id } = createPipeline(db, doc([]));
    const error = catchStoreError(() =>
      saveRevision(db, { id, baseRevision: 1, document: doc([hook("a", ""), hook("a", "")]) }),
    );

    expect(error.code).toBe("INVALID_DOCUMENT");
    expect(error.issues).toEqual([{ path: "hooks[1].id", message: 'duplicate hook id "a"' }]);
    expect(getPipeline(db, id).headRevision).toBe(1);
  });

  it("reports a missing pipeline as NOT_FOUND", () => {
    const error = catchStoreError(() => saveRevision(handle.db, { id: "nope", baseRevision: 1, document: doc([]) }));
    expect(error.code).toBe("NOT_FOUND");
  });
});

describe("createPipeline", () => {
  it("rejects a profile this app does not know, naming the field", () => {
    const error = catchStoreError(() => createPipeline(handle.db, { ...doc([]), profile: "emacs" }));
    expect(error.code).toBe("UNKNOWN_PROFILE");
    expect(error.issues).toEqual([{ path: "profile", message: 'unknown profile "emacs" (known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)' }]);
    expect(listPipelines(handle.db)).toEqual([]);
  });

  it("stores defaults filled in, as revision 1, with the profile's default scenario", () => {
    const created = createPipeline(handle.db, blankDocument("Empty", "registry"));
    expect(created.revision).toBe(1);
    const { scenarios, ...rest } = created.document;
    expect(rest).toEqual({
      format: "hookwright.pipeline/v1",
      name: "Empty",
      description: "",
      profile: "registry",
      hooks: [],
      modules: [],
      limits: { timeoutMs: 1000, memoryMiB: 64 },
    });
    expect(scenarios.map((s) => [s.name, s.prompt, "responses" in s.model ? s.model.responses.length : null, s.expectations])).toEqual([
      ["default", "Clean up the build folder.", 3, [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }]],
    ]);
    expect(blankDocument("Empty", "vellum").scenarios.map((s) => s.name)).toEqual(["default"]);
  });
});

describe("renamePipeline", () => {
  it("writes a new revision with the new name and leaves the old one as it was", () => {
    const { db } = handle;
    const { id } = createPipeline(db, doc([hook("a", "x")]));
    const renamed = renamePipeline(db, { id, name: "Guard v2" });

    expect(renamed.revision).toBe(2);
    expect(renamed.document.name).toBe("Guard v2");
    expect(renamed.document.hooks.map((h) => h.code)).toEqual(["x"]);
    expect(getRevision(db, { id, revision: 1 }).document.name).toBe("Guard");
  });

  it("conflicts when given a stale base revision", () => {
    const { db } = handle;
    const { id } = createPipeline(db, doc([]));
    renamePipeline(db, { id, name: "One" });
    expect(catchStoreError(() => renamePipeline(db, { id, name: "Two", baseRevision: 1 })).code).toBe("CONFLICT");
    expect(getPipeline(db, id).document.name).toBe("One");
  });
});

describe("duplicatePipeline", () => {
  it("copies the head document into a new pipeline at revision 1", () => {
    const { db } = handle;
    const { id } = createPipeline(db, doc([hook("a", "x")]));
    saveRevision(db, { id, baseRevision: 1, document: doc([hook("a", "y")]) });
    const copy = duplicatePipeline(db, { id });

    expect(copy.id).not.toBe(id);
    expect(copy.revision).toBe(1);
    expect(copy.document.name).toBe("Guard (copy)");
    expect(copy.document.hooks.map((h) => h.code)).toEqual(["y"]);
    expect(listPipelines(db).map((p) => p.name).sort()).toEqual(["Guard", "Guard (copy)"]);
  });

  it("keeps a copied long name within the 200-character limit", () => {
    const { db } = handle;
    const { id } = createPipeline(db, { ...doc([]), name: "n".repeat(200) });
    const copy = duplicatePipeline(db, { id });
    expect(copy.document.name).toHaveLength(200);
    expect(copy.document.name.endsWith(" (copy)")).toBe(true);
  });
});

describe("deletePipeline", () => {
  it("removes the pipeline and every revision", () => {
    const { db, sqlite } = handle;
    const { id } = createPipeline(db, doc([]));
    saveRevision(db, { id, baseRevision: 1, document: doc([hook("a", "")]) });
    const keep = createPipeline(db, { ...doc([]), name: "Keep" });

    expect(deletePipeline(db, id)).toEqual({ id, name: "Guard" });
    expect(listPipelines(db).map((p) => p.id)).toEqual([keep.id]);
    const orphans = sqlite.prepare("select count(*) as n from pipeline_revisions where pipeline_id = ?").get(id);
    expect(orphans).toEqual({ n: 0 });
    expect(catchStoreError(() => deletePipeline(db, id)).code).toBe("NOT_FOUND");
  });
});
