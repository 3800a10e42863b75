import { describe, expect, it } from "vitest";
import { createEditorStore } from "./createEditorStore";

describe("createEditorStore", () => {
  it("gives every store its own state", () => {
    const a = createEditorStore();
    const b = createEditorStore({ selectedHookId: "h2" });
    a.getState().selectHook("h1");

    expect(a.getState().selectedHookId).toBe("h1");
    expect(b.getState().selectedHookId).toBe("h2");
  });

  it("keeps the same state object when the selection does not change", () => {
    const store = createEditorStore({ selectedHookId: "h1" });
    const before = store.getState();
    store.getState().selectHook("h1");

    expect(store.getState()).toBe(before);
  });
});
