import { describe, expect, it } from "vitest";
import {
  applyPipelineChanges,
  applyPipelineChangesWithInverse,
  hooksAtPoint,
  PipelineChangeError,
  uniqueHookId,
  uniqueHookName,
  type PipelineChange,
} from "./changes";
import { pipelineSchema, PIPELINE_FORMAT, type Hook, type Pipeline } from "./schema";

function hook(id: string, point: string, extra: Partial<Hook> = {}): Hook {
  return { id, point, name: id, enabled: true, code: `// ${id}`, priority: null, matcher: null, ...extra };
}

const doc: Pipeline = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "Test",
  profile: "vellum",
  hooks: [hook("a", "pre-model-call"), hook("x", "stop"), hook("b", "pre-model-call"), hook("c", "pre-model-call")],
  modules: [{ path: "src/util.ts", code: "export const x = 1;" }],
});

const ids = (d: Pipeline) => d.hooks.map((h) => h.id);

describe("applyPipelineChanges", () => {
  it("returns the same document for an empty list", () => {
    expect(applyPipelineChanges(doc, [])).toBe(doc);
  });

  it("returns the same document when a change sets a value it already has", () => {
    expect(applyPipelineChanges(doc, [{ type: "renameHook", hookId: "a", name: "a" }])).toBe(doc);
    expect(applyPipelineChanges(doc, [{ type: "setHookEnabled", hookId: "b", enabled: true }])).toBe(doc);
    expect(applyPipelineChanges(doc, [{ type: "moveHook", hookId: "b", toIndex: 1 }])).toBe(doc);
    expect(applyPipelineChanges(doc, [{ type: "updateModuleCode", path: "src/util.ts", code: "export const x = 1;" }])).toBe(doc);
  });

  it("keeps the identity of untouched hooks and modules", () => {
    const next = applyPipelineChanges(doc, [{ type: "updateHookCode", hookId: "b", code: "// new" }]);
    expect(next).not.toBe(doc);
    expect(next.hooks[0]).toBe(doc.hooks[0]);
    expect(next.hooks[1]).toBe(doc.hooks[1]);
    expect(next.hooks[2]?.code).toBe("// new");
    expect(next.hooks[3]).toBe(doc.hooks[3]);
    expect(next.modules).toBe(doc.modules);
    expect(doc.hooks[2]?.code).toBe("// b");
  });

  it("appends an added hook, or inserts it at a given index", () => {
    expect(ids(applyPipelineChanges(doc, [{ type: "addHook", hook: hook("d", "stop") }]))).toEqual(["a", "x", "b", "c", "d"]);
    expect(ids(applyPipelineChanges(doc, [{ type: "addHook", hook: hook("d", "stop"), index: 1 }]))).toEqual(["a", "d", "x", "b", "c"]);
  });

  it("rejects a second hook with the same id", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "addHook", hook: hook("a", "stop") }])).toThrow(
      new PipelineChangeError("DUPLICATE_HOOK_ID", "a"),
    );
  });

  it("names the unknown hook a change refers to", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "removeHook", hookId: "nope" }])).toThrow('there is no hook with id "nope"');
  });

  it("removes a hook", () => {
    expect(ids(applyPipelineChanges(doc, [{ type: "removeHook", hookId: "x" }]))).toEqual(["a", "b", "c"]);
  });

  it("duplicates a hook right after the original with a new id and name", () => {
    const next = applyPipelineChanges(doc, [{ type: "duplicateHook", hookId: "a", newId: "a-2", name: "a copy" }]);
    expect(ids(next)).toEqual(["a", "a-2", "x", "b", "c"]);
    expect(next.hooks[1]).toEqual({ ...hook("a", "pre-model-call"), id: "a-2", name: "a copy" });
  });

  it("moves a hook within its point and leaves other points' hooks in place", () => {
    const next = applyPipelineChanges(doc, [{ type: "moveHook", hookId: "c", toIndex: 0 }]);
    expect(ids(next)).toEqual(["c", "x", "a", "b"]);
    expect(hooksAtPoint(next, "pre-model-call").map((h) => h.id)).toEqual(["c", "a", "b"]);
    expect(next.hooks[1]).toBe(doc.hooks[1]);
  });

  it("clamps a move past the end of the point's list", () => {
    expect(hooksAtPoint(applyPipelineChanges(doc, [{ type: "moveHook", hookId: "a", toIndex: 99 }]), "pre-model-call").map((h) => h.id)).toEqual([
      "b",
      "c",
      "a",
    ]);
  });

  it("sets enabled, priority and matcher", () => {
    const next = applyPipelineChanges(doc, [
      { type: "setHookEnabled", hookId: "a", enabled: false },
      { type: "setHookPriority", hookId: "a", priority: 5 },
      { type: "setHookMatcher", hookId: "a", matcher: "Bash" },
    ]);
    expect(next.hooks[0]).toMatchObject({ enabled: false, priority: 5, matcher: "Bash" });
  });

  it("adds, renames, edits and removes modules", () => {
    let next = applyPipelineChanges(doc, [{ type: "addModule", module: { path: "src/b.ts", code: "" } }]);
    expect(next.modules.map((m) => m.path)).toEqual(["src/util.ts", "src/b.ts"]);
    next = applyPipelineChanges(next, [{ type: "renameModule", path: "src/b.ts", newPath: "src/c.ts" }]);
    next = applyPipelineChanges(next, [{ type: "updateModuleCode", path: "src/c.ts", code: "export {}" }]);
    expect(next.modules[1]).toEqual({ path: "src/c.ts", code: "export {}" });
    expect(next.modules[0]).toBe(doc.modules[0]);
    next = applyPipelineChanges(next, [{ type: "removeModule", path: "src/util.ts" }]);
    expect(next.modules).toEqual([{ path: "src/c.ts", code: "export {}" }]);
  });

  it("refuses to rename a module onto another one's path", () => {
    const two = applyPipelineChanges(doc, [{ type: "addModule", module: { path: "src/b.ts", code: "" } }]);
    expect(() => applyPipelineChanges(two, [{ type: "renameModule", path: "src/b.ts", newPath: "src/util.ts" }])).toThrow(
      'a module "src/util.ts" already exists',
    );
  });
});

describe("applyPipelineChangesWithInverse", () => {
  const cases: [string, PipelineChange[]][] = [
    ["add", [{ type: "addHook", hook: hook("d", "pre-model-call"), index: 2 }]],
    ["remove", [{ type: "removeHook", hookId: "b" }]],
    ["duplicate", [{ type: "duplicateHook", hookId: "c", newId: "c2", name: "c2" }]],
    ["move", [{ type: "moveHook", hookId: "a", toIndex: 2 }]],
    ["rename", [{ type: "renameHook", hookId: "x", name: "teardown" }]],
    ["enable", [{ type: "setHookEnabled", hookId: "x", enabled: false }]],
    ["code", [{ type: "updateHookCode", hookId: "x", code: "// changed" }]],
    ["priority + matcher", [{ type: "setHookPriority", hookId: "x", priority: 3 }, { type: "setHookMatcher", hookId: "x", matcher: "*" }]],
    ["module add", [{ type: "addModule", module: { path: "src/n.ts", code: "" }, index: 0 }]],
    ["module rename", [{ type: "renameModule", path: "src/util.ts", newPath: "lib/util.ts" }]],
    ["module code", [{ type: "updateModuleCode", path: "src/util.ts", code: "export const x = 2;" }]],
    ["module remove", [{ type: "removeModule", path: "src/util.ts" }]],
    [
      "a sequence touching the same hook",
      [
        { type: "duplicateHook", hookId: "a", newId: "a2", name: "a2" },
        { type: "moveHook", hookId: "a2", toIndex: 3 },
        { type: "removeHook", hookId: "a" },
      ],
    ],
  ];

  it.each(cases)("gives back the original document after %s", (_, changes) => {
    const { doc: next, inverse } = applyPipelineChangesWithInverse(doc, changes);
    expect(next).not.toEqual(doc);
    expect(applyPipelineChanges(next, inverse)).toEqual(doc);
  });
});

describe("uniqueHookId", () => {
  it("slugs the name and numbers it when taken", () => {
    expect(uniqueHookId(doc, "Be Concise!")).toBe("be-concise");
    expect(uniqueHookId(doc, "a")).toBe("a-2");
    expect(uniqueHookId(doc, "***")).toBe("hook");
  });
});

describe("uniqueHookName", () => {
  it("numbers a name already used on the same point only", () => {
    expect(uniqueHookName(doc, "pre-model-call", "a")).toBe("a-2");
    expect(uniqueHookName(doc, "stop", "a")).toBe("a");
  });
});
