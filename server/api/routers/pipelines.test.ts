import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SqliteStore } from "~/db/sqlite/sqliteStore";
import { examplePipelines } from "~/core/examples";
import { openTestApi, rejection, type TestApi } from "../testing/testApi";

let store: SqliteStore;
let api: TestApi;
beforeEach(() => ({ store, api } = openTestApi()));
afterEach(() => store.close());

describe("pipelines router", () => {
  it("creates a blank pipeline and lists it", async () => {
    const created = await api.pipelines.create({ from: "blank", name: "  Guard rails ", profile: "vellum" });
    const list = await api.pipelines.list();

    expect(created.document.name).toBe("Guard rails");
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ id: created.id, name: "Guard rails", profile: "vellum", hookCount: 0, headRevision: 1 });
    expect(list[0]?.updatedAt).toBeInstanceOf(Date);
  });

  it("rejects an empty name as BAD_REQUEST naming the field", async () => {
    const error = await rejection(api.pipelines.create({ from: "blank", name: "   ", profile: "vellum" }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("name: a pipeline needs a name");
  });

  it("rejects an unknown profile as BAD_REQUEST naming the field", async () => {
    const error = await rejection(api.pipelines.create({ from: "blank", name: "X", profile: "emacs" }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe('profile: unknown profile "emacs" (known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)');
  });

  it("refuses profile \"nope\" on every way in, naming the known profiles, and creates nothing (issue 23, item 11)", async () => {
    const blank = await rejection(api.pipelines.create({ from: "blank", name: "X", profile: "nope" }));
    expect([blank.code, blank.message]).toEqual(["BAD_REQUEST", 'profile: unknown profile "nope" (known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)']);
    const document = await rejection(api.pipelines.create({ from: "document", document: { format: "hookwright.pipeline/v1", name: "X", profile: "nope" } }));
    expect([document.code, document.message]).toEqual(["BAD_REQUEST", 'document.profile: unknown profile "nope" (known: vellum, registry, openclaw, claude-code, fim-one, deputy, codex, claude-code-mods)']);
    expect(await api.pipelines.list()).toEqual([]);
  });

  it("rejects an imported document with a bad hook, naming the nested field", async () => {
    const document = {
      format: "hookwright.pipeline/v1" as const,
      name: "Imported",
      profile: "vellum",
      hooks: [{ id: "h1", point: "pre-model-call", name: "", code: "" }],
    };
    const error = await rejection(api.pipelines.create({ from: "document", document }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe("document.hooks[0].name: a hook needs a name");
  });

  it("creates a pipeline from a named example with the example's hooks", async () => {
    const [example] = examplePipelines;
    if (!example) throw new Error("core/examples has no example");
    const created = await api.pipelines.create({ from: "example", example: example.name });

    expect(created.document.name).toBe(example.name);
    expect(created.document.hooks.map((h) => h.id)).toEqual((example.hooks ?? []).map((h) => h.id));
    const error = await rejection(api.pipelines.create({ from: "example", example: "Nope" }));
    expect(error.code).toBe("BAD_REQUEST");
    expect(error.message).toBe('example: there is no example named "Nope"');
  });

  it("saves with the base revision and answers a stale save with CONFLICT", async () => {
    const { id, document } = await api.pipelines.create({ from: "blank", name: "P", profile: "vellum" });
    const saved = await api.pipelines.save({ id, baseRevision: 1, document: { ...document, description: "v2" } });
    const error = await rejection(api.pipelines.save({ id, baseRevision: 1, document: { ...document, description: "v2b" } }));

    expect(saved.revision).toBe(2);
    expect(error.code).toBe("CONFLICT");
    expect(error.message).toBe(
      "This pipeline was changed elsewhere (revision 2); yours is based on 1. Reload or save as a copy.",
    );
    expect((await api.pipelines.get({ id })).document.description).toBe("v2");
    expect((await api.pipelines.get({ id, revision: 1 })).document.description).toBe("");
  });

  it("renames, duplicates and deletes", async () => {
    const { id } = await api.pipelines.create({ from: "blank", name: "Old", profile: "registry" });
    await api.pipelines.rename({ id, name: "New" });
    const copy = await api.pipelines.duplicate({ id });
    await api.pipelines.delete({ id });

    expect(copy.document.name).toBe("New (copy)");
    expect((await api.pipelines.list()).map((p) => p.name)).toEqual(["New (copy)"]);
    const missing = await rejection(api.pipelines.get({ id }));
    expect(missing.code).toBe("NOT_FOUND");
    expect(missing.message).toBe(`There is no pipeline with id "${id}"; it may have been deleted.`);
  });

  it("offers the known profiles and the examples", async () => {
    const choices = await api.pipelines.choices();
    expect(choices.profiles.map((p) => p.id)).toEqual(["vellum", "registry", "openclaw", "claude-code", "fim-one", "deputy", "codex", "claude-code-mods"]);
    expect(choices.examples.map((e) => e.name)).toEqual(examplePipelines.map((e) => e.name));
  });
});
