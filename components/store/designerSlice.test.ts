import { describe, expect, it } from "vitest";
import { pipelineSchema, PIPELINE_FORMAT, type Hook } from "~/core/pipeline/schema";
import { createEditorStore } from "./createEditorStore";

const hook = (id: string): Hook => ({ id, point: "stop", name: id, enabled: true, code: `// ${id}`, priority: null, matcher: null });
const document = pipelineSchema.parse({ format: PIPELINE_FORMAT, name: "T", profile: "vellum", hooks: [hook("a"), hook("b")] });

function loaded() {
  const store = createEditorStore();
  store.getState().loadPipeline({ id: "p1", revision: 3, document });
  return store;
}

describe("designerSlice", () => {
  it("starts a loaded pipeline saved, at its revision, with no undo history", () => {
    const s = loaded().getState();
    expect(s).toMatchObject({ pipelineId: "p1", baseRevision: 3, saveStatus: "saved", pendingSave: null });
    expect(s.doc).toBe(document);
    expect(s.history.past).toEqual([]);
  });

  it("saves structural changes at once and typing after a pause", () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// typed" }]);
    expect(store.getState()).toMatchObject({ pendingSave: "debounced", saveStatus: "unsaved" });
    expect(store.getState().history.past).toEqual([]);
    store.getState().applyChanges([{ type: "removeHook", hookId: "b" }], "Delete hook b");
    expect(store.getState()).toMatchObject({ pendingSave: "now" });
    expect(store.getState().history.past.map((e) => e.label)).toEqual(["Delete hook b"]);
  });

  it("keeps a queued structural save urgent when typing follows", () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "setHookEnabled", hookId: "a", enabled: false }], "Disable a");
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// typed" }]);
    expect(store.getState().pendingSave).toBe("now");
  });

  it("undoes and redoes with a notice, and closes the file of a hook that went away", () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "removeHook", hookId: "a" }], "Delete hook a");
    store.getState().undo();
    expect(store.getState().doc?.hooks.map((h) => h.id)).toEqual(["a", "b"]);
    expect(store.getState().notice).toEqual({ text: "Undid: Delete hook a", offerUndo: false });
    store.getState().openFileAt({ kind: "hook", hookId: "a" });
    expect(store.getState().selectedHookId).toBe("a");
    store.getState().redo();
    expect(store.getState().doc?.hooks.map((h) => h.id)).toEqual(["b"]);
    expect(store.getState().openFile).toBeNull();
    expect(store.getState().selectedHookId).toBeNull();
  });

  it("reports a change that no longer fits instead of throwing", () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "removeHook", hookId: "ghost" }], "Delete ghost");
    expect(store.getState().notice?.text).toBe('That change no longer fits the pipeline: there is no hook with id "ghost".');
    expect(store.getState().doc).toBe(document);
  });

  it("stays unsaved when edits happened while a save was in flight", () => {
    const store = loaded();
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// one" }]);
    const sent = store.getState().doc;
    if (!sent) throw new Error("no doc");
    store.getState().markSaving();
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// two" }]);
    expect(store.getState().saveStatus).toBe("saving");
    store.getState().markSaved({ revision: 4, document: sent });
    expect(store.getState()).toMatchObject({ baseRevision: 4, saveStatus: "unsaved", pendingSave: "debounced" });
    expect(store.getState().savedDoc).toBe(sent);
  });

  it("holds edits during a conflict and does not ask to save them", () => {
    const store = loaded();
    store.getState().markConflict("changed elsewhere");
    store.getState().applyChanges([{ type: "updateHookCode", hookId: "a", code: "// mine" }]);
    expect(store.getState()).toMatchObject({ saveStatus: "conflict", pendingSave: null });
    store.getState().requestSave();
    expect(store.getState().pendingSave).toBeNull();
    expect(store.getState().saveError).toBe("changed elsewhere");
  });
});
