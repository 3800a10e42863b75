import { describe, expect, it } from "vitest";
import { applyPipelineChanges, applyPipelineChangesWithInverse } from "../pipeline/changes";
import { pipelineSchema, PIPELINE_FORMAT, type Hook, type Pipeline } from "../pipeline/schema";
import { runtimeSwitchChange } from "./commandHooks";
import { fimOneProfile } from "./fim-one";
import type { Profile } from "./types";

// The runtime engineer's profile change adds "python" to the fim-one profile's runtimes; this test does not wait for it.
const profile: Profile = { ...fimOneProfile, runtimes: ["function", "python"] };
const preToolUse = profile.points.find((p) => p.id === "PreToolUse");
const doc: Pipeline = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "fim",
  profile: "fim-one",
  hooks: [{ id: "g", point: "PreToolUse", name: "readonly_guard", code: preToolUse?.template ?? "", priority: 5 }],
});
const hookOf = (d: Pipeline) => d.hooks[0] as Hook;

describe("runtimeSwitchChange to Python", () => {
  it("turns a TypeScript hook into a Python one with the point's Python template, in one undoable change", () => {
    const change = runtimeSwitchChange(profile, hookOf(doc), "python");
    const { doc: next, inverse } = applyPipelineChangesWithInverse(doc, change ? [change] : []);
    expect(hookOf(next).runtime).toEqual({ kind: "python" });
    expect(hookOf(next).code).toBe(profile.pythonAuthoring?.template("PreToolUse"));
    expect(hookOf(next).code.split("\n").slice(0, 6)).toEqual([
      "from fim_one_hooks import HookContext, HookResult, PreToolUseHook",
      "",
      "",
      "class ReadOnlyGuard(PreToolUseHook):",
      '    name = "readonly_guard"',
      "    priority = 5  # lower runs earlier; Hookwright orders by the hook row's priority",
    ]);
    expect(applyPipelineChanges(next, inverse)).toEqual(doc);

    const back = runtimeSwitchChange(profile, hookOf(next), "function");
    const ts = applyPipelineChanges(next, back ? [back] : []);
    expect(hookOf(ts).runtime).toBeUndefined();
    expect(hookOf(ts).code).toBe(preToolUse?.template);
  });

  it("has a Python template for every point", () => {
    expect(profile.points.map((p) => profile.pythonAuthoring?.template(p.id)?.split("\n")[0])).toEqual([
      "from fim_one_hooks import HookContext, HookResult, SessionStartHook",
      "from fim_one_hooks import HookContext, HookResult, PreToolUseHook",
      "from fim_one_hooks import HookContext, HookResult, PostToolUseHook",
    ]);
  });

  it("is null for a profile that does not take Python, and for a hook that already is one", () => {
    expect(runtimeSwitchChange(fimOneProfile.runtimes?.includes("python") ? { ...fimOneProfile, runtimes: ["function"] } : fimOneProfile, hookOf(doc), "python")).toBeNull();
    const change = runtimeSwitchChange(profile, hookOf(doc), "python");
    const next = applyPipelineChanges(doc, change ? [change] : []);
    expect(runtimeSwitchChange(profile, hookOf(next), "python")).toBeNull();
  });
});
