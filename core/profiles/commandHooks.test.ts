import { describe, expect, it } from "vitest";
import { applyPipelineChanges, applyPipelineChangesWithInverse } from "../pipeline/changes";
import { pipelineSchema, PIPELINE_FORMAT, type Hook, type Pipeline } from "../pipeline/schema";
import { claudeCodeProfile } from "./claude-code";
import { commandLanguageChange, runtimeSwitchChange } from "./commandHooks";
import { getProfile } from "./index";

const preToolUse = claudeCodeProfile.points.find((p) => p.id === "PreToolUse");
const doc: Pipeline = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "cc",
  profile: "claude-code",
  hooks: [{ id: "g", point: "PreToolUse", name: "Guard Bash", code: preToolUse?.template ?? "", matcher: "Bash" }],
});
const hookOf = (d: Pipeline) => d.hooks[0] as Hook;

describe("runtimeSwitchChange", () => {
  it("turns a function hook into a bash command hook with the event's template, in one undoable change", () => {
    const change = runtimeSwitchChange(claudeCodeProfile, hookOf(doc), "command");
    expect(change).not.toBeNull();
    const { doc: next, inverse } = applyPipelineChangesWithInverse(doc, change ? [change] : []);
    expect(hookOf(next).runtime).toEqual({
      kind: "command",
      language: "bash",
      command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-bash.sh"',
      script: { root: "project", path: ".claude/hooks/guard-bash.sh" },
    });
    expect(hookOf(next).code).toBe(claudeCodeProfile.commandAuthoring?.template("PreToolUse", "bash"));
    expect(applyPipelineChanges(next, inverse)).toEqual(doc);

    const back = runtimeSwitchChange(claudeCodeProfile, hookOf(next), "function");
    const fn = applyPipelineChanges(next, back ? [back] : []);
    expect(hookOf(fn).runtime).toBeUndefined();
    expect(hookOf(fn).code).toBe(preToolUse?.template);
  });

  it("is null for the runtime a hook already has, and for a profile without commands", () => {
    expect(runtimeSwitchChange(claudeCodeProfile, hookOf(doc), "function")).toBeNull();
    const vellum = getProfile("vellum");
    if (vellum) expect(runtimeSwitchChange(vellum, { ...hookOf(doc), point: "pre-model-call" }, "command")).toBeNull();
  });
});

describe("commandLanguageChange", () => {
  const switched = (() => {
    const change = runtimeSwitchChange(claudeCodeProfile, hookOf(doc), "command");
    return applyPipelineChanges(doc, change ? [change] : []);
  })();

  it("brings the new language's template, script extension and command line while they are still the defaults", () => {
    const change = commandLanguageChange(claudeCodeProfile, hookOf(switched), "python");
    const next = hookOf(applyPipelineChanges(switched, change ? [change] : []));
    expect(next.code).toBe(claudeCodeProfile.commandAuthoring?.template("PreToolUse", "python"));
    expect(next.runtime).toEqual({
      kind: "command",
      language: "python",
      command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard-bash.py"',
      script: { root: "project", path: ".claude/hooks/guard-bash.py" },
    });
  });

  it("keeps an edited script and a hand-written command line", () => {
    const edited = applyPipelineChanges(switched, [
      { type: "updateHookCode", hookId: "g", code: "#!/bin/sh\necho mine\n" },
      { type: "setHookCommand", hookId: "g", command: "sh ./mine.sh" },
    ]);
    const change = commandLanguageChange(claudeCodeProfile, hookOf(edited), "sh");
    expect(change).toEqual({ type: "setHookCommandLanguage", hookId: "g", language: "sh" });
  });

  it("is null for a function hook or the same language", () => {
    expect(commandLanguageChange(claudeCodeProfile, hookOf(doc), "python")).toBeNull();
    expect(commandLanguageChange(claudeCodeProfile, hookOf(switched), "bash")).toBeNull();
  });
});
