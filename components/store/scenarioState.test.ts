import { describe, expect, it } from "vitest";
import { pipelineSchema, PIPELINE_FORMAT, scenarioSchema } from "~/core/pipeline/schema";
import { createEditorStore } from "./createEditorStore";

const scenario = (name: string) => scenarioSchema.parse({ name, prompt: name, model: { kind: "scripted", responses: [] } });
const document = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "T",
  profile: "vellum",
  hooks: [{ id: "a", point: "stop", name: "a", code: "// a" }],
  scenarios: [scenario("one"), scenario("two")],
});

function loaded() {
  const store = createEditorStore();
  store.getState().loadPipeline({ id: "p1", revision: 3, document });
  return store;
}

/** Plays the autosave hook's part: marks the save started, then stored as `revision`. */
function saveAs(store: ReturnType<typeof loaded>, revision: number) {
  const sent = store.getState().doc;
  if (!sent) throw new Error("no doc");
  store.getState().markSaving();
  return () => store.getState().markSaved({ revision, document: sent });
}

describe("selected scenario", () => {
  it("follows a rename, its undo, and falls to the next one after a delete", () => {
    const store = loaded();
    store.getState().selectScenario("two");
    store.getState().applyChanges([{ type: "renameScenario", name: "two", newName: "deux" }], "Rename scenario");
    expect(store.getState().selectedScenario).toBe("deux");
    store.getState().undo();
    expect(store.getState().selectedScenario).toBe("two");
    store.getState().selectScenario("one");
    store.getState().applyChanges([{ type: "removeScenario", name: "one" }], "Delete scenario");
    expect(store.getState().selectedScenario).toBe("two");
    store.getState().applyChanges([{ type: "removeScenario", name: "two" }], "Delete scenario");
    expect(store.getState().selectedScenario).toBeNull();
  });
});

describe("saveNow", () => {
  it("resolves at once with the current revision when nothing is pending", async () => {
    await expect(loaded().getState().saveNow()).resolves.toEqual({ revision: 3 });
  });

  it("asks for a save at once, skipping the typing pause, and resolves with the new revision", async () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// typed" }]);
    expect(store.getState().pendingSave).toBe("debounced");
    const saved = store.getState().saveNow();
    expect(store.getState().pendingSave).toBe("now");
    saveAs(store, 4)();
    await expect(saved).resolves.toEqual({ revision: 4 });
  });

  it("waits past a save that was already in flight with an older document", async () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// one" }]);
    const finishOld = saveAs(store, 4);
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// two" }]);
    let revision: number | null = null;
    void store.getState().saveNow().then((r) => (revision = r.revision));
    finishOld();
    await Promise.resolve();
    expect(revision).toBeNull();
    expect(store.getState().pendingSave).toBe("now");
    saveAs(store, 5)();
    await Promise.resolve();
    expect(revision).toBe(5);
    expect(store.getState().savedDoc?.hooks[0]?.code).toBe("// two");
  });

  it("rejects with the reason when the save fails or the pipeline is in conflict", async () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// typed" }]);
    const saved = store.getState().saveNow();
    store.getState().markSaving();
    store.getState().markSaveError("The disk is full.");
    await expect(saved).rejects.toThrow("The disk is full.");
    store.getState().markConflict("Changed in another tab.");
    await expect(store.getState().saveNow()).rejects.toThrow("Changed in another tab.");
  });
});
