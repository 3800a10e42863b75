import { describe, expect, it } from "vitest";
import { applyPipelineChanges, applyPipelineChangesWithInverse } from "./changes";
import { pipelineSchema, PIPELINE_FORMAT, type Pipeline } from "./schema";

const doc: Pipeline = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "cc",
  profile: "claude-code",
  hooks: [
    { id: "a", point: "PreToolUse", name: "a", code: "", matcher: "Bash" },
    { id: "b", point: "PreToolUse", name: "b", code: "", matcher: "Bash", onFailure: "block" },
  ],
});

describe("setHookOnFailure", () => {
  it("sets block, removes the field for the host's default, and undoes exactly", () => {
    const { doc: blocked, inverse } = applyPipelineChangesWithInverse(doc, [{ type: "setHookOnFailure", hookId: "a", onFailure: "block" }]);
    expect(blocked.hooks[0]).toEqual({ id: "a", point: "PreToolUse", name: "a", code: "", matcher: "Bash", enabled: true, priority: null, onFailure: "block" });
    expect(blocked.hooks[1]).toBe(doc.hooks[1]);
    expect(applyPipelineChanges(blocked, inverse)).toEqual(doc);
    expect("onFailure" in (applyPipelineChanges(doc, [{ type: "setHookOnFailure", hookId: "b", onFailure: null }]).hooks[1] ?? {})).toBe(false);
    expect(applyPipelineChanges(doc, [{ type: "setHookOnFailure", hookId: "b", onFailure: "block" }])).toBe(doc);
  });

  it("refuses an unknown hook", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "setHookOnFailure", hookId: "nope", onFailure: "block" }])).toThrow(/nope/);
  });
});
