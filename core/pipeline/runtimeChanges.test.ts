import { describe, expect, it } from "vitest";
import { applyPipelineChanges, applyPipelineChangesWithInverse, type PipelineChange } from "./changes";
import { pipelineSchema, PIPELINE_FORMAT, type Pipeline } from "./schema";

const command = { kind: "command" as const, language: "bash" as const, command: 'bash "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.sh"', script: { root: "project" as const, path: ".claude/hooks/guard.sh" } };

const doc: Pipeline = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "cc",
  profile: "claude-code",
  hooks: [
    { id: "fn", point: "PreToolUse", name: "fn", code: "export default async () => {};", matcher: "Bash" },
    { id: "cmd", point: "PreToolUse", name: "cmd", code: "#!/bin/sh\nexit 0\n", runtime: command },
  ],
});

/** Applies `change`, then its inverse, and expects the document back exactly. */
function roundTrip(change: PipelineChange): Pipeline {
  const { doc: next, inverse } = applyPipelineChangesWithInverse(doc, [change]);
  expect(applyPipelineChanges(next, inverse)).toEqual(doc);
  return next;
}

describe("setHookRuntime", () => {
  it("switches a function hook to a command with its script in one change, and undoes both", () => {
    const next = roundTrip({ type: "setHookRuntime", hookId: "fn", runtime: command, code: "#!/usr/bin/env bash\n" });
    expect(next.hooks[0]).toMatchObject({ runtime: command, code: "#!/usr/bin/env bash\n" });
    expect(next.hooks[1]).toBe(doc.hooks[1]);
  });

  it("switches a command back to a function by removing the field", () => {
    const next = roundTrip({ type: "setHookRuntime", hookId: "cmd", runtime: null, code: "export default async () => {};" });
    expect("runtime" in (next.hooks[1] ?? {})).toBe(false);
    expect(next.hooks[1]?.code).toBe("export default async () => {};");
  });

  it("returns the same document when nothing changes", () => {
    expect(applyPipelineChanges(doc, [{ type: "setHookRuntime", hookId: "cmd", runtime: command, code: "#!/bin/sh\nexit 0\n" }])).toBe(doc);
  });

  it("refuses an empty command line and a path with .., naming the hook and the field", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "setHookRuntime", hookId: "fn", runtime: { ...command, command: "  " }, code: "" }])).toThrow(
      'hook "fn": command line: a command hook needs the command line the host runs',
    );
    expect(() => applyPipelineChanges(doc, [{ type: "setHookRuntime", hookId: "fn", runtime: { ...command, script: { root: "project", path: "../x.sh" } }, code: "" }])).toThrow(
      /hook "fn": script path: .*may not contain \.\./,
    );
  });
});

describe("setHookCommand / setHookScript / setHookCommandLanguage", () => {
  it("sets the command line, trimmed, and undoes it", () => {
    const next = roundTrip({ type: "setHookCommand", hookId: "cmd", command: " python3 guard.py " });
    expect(next.hooks[1]?.runtime).toEqual({ ...command, command: "python3 guard.py" });
  });

  it("refuses an empty command line", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "setHookCommand", hookId: "cmd", command: "" }])).toThrow(/command line: a command hook needs/);
  });

  it("sets or removes the script, and refuses an absolute path or ..", () => {
    expect(roundTrip({ type: "setHookScript", hookId: "cmd", script: { root: "plugin", path: "hooks/g.sh" } }).hooks[1]?.runtime).toMatchObject({ script: { root: "plugin", path: "hooks/g.sh" } });
    expect(roundTrip({ type: "setHookScript", hookId: "cmd", script: null }).hooks[1]?.runtime).toMatchObject({ script: null });
    expect(() => applyPipelineChanges(doc, [{ type: "setHookScript", hookId: "cmd", script: { root: "project", path: "a/../../etc/passwd" } }])).toThrow(/script path: .*\.\./);
    expect(() => applyPipelineChanges(doc, [{ type: "setHookScript", hookId: "cmd", script: { root: "project", path: "/etc/passwd" } }])).toThrow(/script path/);
  });

  it("sets the language with the code, command and script that go with it, in one undoable change", () => {
    const next = roundTrip({ type: "setHookCommandLanguage", hookId: "cmd", language: "python", code: "import sys\n", command: "python3 g.py", script: { root: "project", path: "g.py" } });
    expect(next.hooks[1]).toMatchObject({ code: "import sys\n", runtime: { kind: "command", language: "python", command: "python3 g.py", script: { root: "project", path: "g.py" } } });
    expect(roundTrip({ type: "setHookCommandLanguage", hookId: "cmd", language: "sh" }).hooks[1]).toMatchObject({ code: "#!/bin/sh\nexit 0\n", runtime: { ...command, language: "sh" } });
  });

  it("refuses command edits on a function hook and on an unknown hook", () => {
    expect(() => applyPipelineChanges(doc, [{ type: "setHookCommand", hookId: "fn", command: "true" }])).toThrow('hook "fn" is a function hook: switch it to a command first');
    expect(() => applyPipelineChanges(doc, [{ type: "setHookScript", hookId: "nope", script: null }])).toThrow(/nope/);
  });
});

describe("setHookRuntimeTimeout", () => {
  const rDoc: Pipeline = pipelineSchema.parse({
    format: PIPELINE_FORMAT,
    name: "deputy",
    profile: "deputy",
    hooks: [
      { id: "gate", point: "PreToolUse", name: "gate", code: "function(tool_name, tool_input, context) NULL\n", runtime: { kind: "r" } },
      { id: "timed", point: "PreToolUse", name: "timed", code: "function(...) NULL\n", runtime: { kind: "r", timeout: 5 } },
    ],
  });
  const rRoundTrip = (change: PipelineChange): Pipeline => {
    const { doc: next, inverse } = applyPipelineChangesWithInverse(rDoc, [change]);
    expect(applyPipelineChanges(next, inverse)).toEqual(rDoc);
    return next;
  };

  it("sets an R hook's timeout in seconds (0 = in process) and undoes it", () => {
    expect(rRoundTrip({ type: "setHookRuntimeTimeout", hookId: "gate", timeout: 0 }).hooks[0]?.runtime).toEqual({ kind: "r", timeout: 0 });
    expect(rRoundTrip({ type: "setHookRuntimeTimeout", hookId: "gate", timeout: 2.5 }).hooks[0]?.runtime).toEqual({ kind: "r", timeout: 2.5 });
  });

  it("removes it with null (the host's default) and keeps the code", () => {
    const next = rRoundTrip({ type: "setHookRuntimeTimeout", hookId: "timed", timeout: null });
    expect(next.hooks[1]).toMatchObject({ runtime: { kind: "r" }, code: "function(...) NULL\n" });
    expect(next.hooks[1]?.runtime).not.toHaveProperty("timeout");
  });

  it("returns the same document when the timeout does not change", () => {
    expect(applyPipelineChanges(rDoc, [{ type: "setHookRuntimeTimeout", hookId: "timed", timeout: 5 }])).toBe(rDoc);
  });

  it("refuses a negative, too large or non-finite timeout, and hooks whose runtime has none", () => {
    expect(() => applyPipelineChanges(rDoc, [{ type: "setHookRuntimeTimeout", hookId: "gate", timeout: -1 }])).toThrow('hook "gate": timeout (seconds) must be 0 or more');
    expect(() => applyPipelineChanges(rDoc, [{ type: "setHookRuntimeTimeout", hookId: "gate", timeout: 4000 }])).toThrow('hook "gate": timeout (seconds) must be at most 3600');
    expect(() => applyPipelineChanges(rDoc, [{ type: "setHookRuntimeTimeout", hookId: "gate", timeout: Number.NaN }])).toThrow(/must be a number/);
    expect(() => applyPipelineChanges(doc, [{ type: "setHookRuntimeTimeout", hookId: "fn", timeout: 3 }])).toThrow('hook "fn": a function hook has no timeout setting');
    expect(() => applyPipelineChanges(doc, [{ type: "setHookRuntimeTimeout", hookId: "cmd", timeout: 3 }])).toThrow('hook "cmd": a command hook has no timeout setting');
  });
});
