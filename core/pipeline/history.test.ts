import { describe, expect, it } from "vitest";
import { emptyHistory, recordChanges, redoChange, undoChange } from "./history";
import { pipelineSchema, PIPELINE_FORMAT, type Hook } from "./schema";

const hook = (id: string): Hook => ({ id, point: "stop", name: id, enabled: true, code: `// ${id}`, priority: null, matcher: null });
const doc = pipelineSchema.parse({ format: PIPELINE_FORMAT, name: "T", profile: "vellum", hooks: [hook("a"), hook("b")] });

describe("recordChanges", () => {
  it("does not record a step that changes nothing", () => {
    const r = recordChanges({ doc, history: emptyHistory, changes: [{ type: "renameHook", hookId: "a", name: "a" }], label: "Rename" });
    expect(r.doc).toBe(doc);
    expect(r.history).toBe(emptyHistory);
  });

  it("clears the redo stack on a new step", () => {
    let s = recordChanges({ doc, history: emptyHistory, changes: [{ type: "removeHook", hookId: "a" }], label: "Delete a" });
    const u = undoChange(s.doc, s.history);
    expect(u?.history.future).toHaveLength(1);
    if (!u) return;
    s = recordChanges({ doc: u.doc, history: u.history, changes: [{ type: "removeHook", hookId: "b" }], label: "Delete b" });
    expect(s.history.future).toEqual([]);
  });

  it("keeps at most `limit` steps", () => {
    let s = { doc, history: emptyHistory };
    for (const name of ["1", "2", "3"]) s = recordChanges({ ...s, changes: [{ type: "renameHook", hookId: "a", name }], label: name, limit: 2 });
    expect(s.history.past.map((e) => e.label)).toEqual(["2", "3"]);
  });
});

describe("undoChange / redoChange", () => {
  it("undoes a delete and redoes it", () => {
    const s = recordChanges({ doc, history: emptyHistory, changes: [{ type: "removeHook", hookId: "a" }], label: "Delete hook" });
    const u = undoChange(s.doc, s.history);
    expect(u?.label).toBe("Delete hook");
    expect(u?.doc).toEqual(doc);
    if (!u) return;
    const r = redoChange(u.doc, u.history);
    expect(r?.doc.hooks.map((h) => h.id)).toEqual(["b"]);
    expect(r?.history.past).toHaveLength(1);
    expect(r?.history.future).toHaveLength(0);
  });

  it("keeps code typed after a reorder when the reorder is undone", () => {
    const s = recordChanges({ doc, history: emptyHistory, changes: [{ type: "moveHook", hookId: "b", toIndex: 0 }], label: "Move" });
    const typed = { ...s.doc, hooks: s.doc.hooks.map((h) => (h.id === "a" ? { ...h, code: "// typed" } : h)) };
    const u = undoChange(typed, s.history);
    expect(u?.doc.hooks.map((h) => [h.id, h.code])).toEqual([
      ["a", "// typed"],
      ["b", "// b"],
    ]);
  });

  it("redoes an add with the code the hook had when the add was undone", () => {
    const s = recordChanges({ doc, history: emptyHistory, changes: [{ type: "addHook", hook: hook("c") }], label: "Add" });
    const typed = { ...s.doc, hooks: s.doc.hooks.map((h) => (h.id === "c" ? { ...h, code: "// work" } : h)) };
    const u = undoChange(typed, s.history);
    if (!u) throw new Error("nothing to undo");
    expect(u.doc.hooks.map((h) => h.id)).toEqual(["a", "b"]);
    expect(redoChange(u.doc, u.history)?.doc.hooks[2]?.code).toBe("// work");
  });

  it("returns null when there is nothing to undo or redo", () => {
    expect(undoChange(doc, emptyHistory)).toBeNull();
    expect(redoChange(doc, emptyHistory)).toBeNull();
  });
});
