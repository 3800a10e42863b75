import { describe, expect, it } from "vitest";
import { deputyProfile } from "~/core/profiles";
import { completionsAt, type CallbackSyntax } from "./callbackCompletions";

const authoring = deputyProfile.callbackAuthoring?.r;
if (!authoring) throw new Error("the deputy profile has no R callback authoring");
const syntax: CallbackSyntax = { member: "$", namedArgument: (name) => `${name} = `, comment: "#" };
const at = (before: string, point = "PreToolUse") => completionsAt({ before, point, authoring, syntax });

describe("callback completions (deputy, R)", () => {
  it("offers the context's fields after context$, from deputy's hook_context for the event", () => {
    const labels = at("function(tool_name, tool_input, context) {\n  if (context$perm").map((c) => c.label);
    expect(labels[0]).toBe("working_dir");
    expect(labels).toEqual(expect.arrayContaining(["tool_call_id", "permission_mode", "tool_annotations", "session_id", "run_id", "agent_id"]));
    expect(at("x <- context$", "Stop").map((c) => c.label)).toEqual(expect.arrayContaining(["total_turns", "cost"]));
    expect(at("x <- context$", "Stop").map((c) => c.label)).not.toContain("tool_call_id");
    expect(at("x <- context$", "PreToolUse")[0]).toMatchObject({ kind: "field", insertText: "working_dir", detail: "string" });
    expect(at("cmd <- tool_input$")).toEqual([]);
  });

  it("offers the result constructor's arguments not yet given, as named arguments", () => {
    const items = at('  return(deputy::HookResultPreToolUse(permission = "deny", ');
    expect(items.map((i) => i.insertText)).toEqual(["reason = ", "continue = ", "additional_context = ", "stop_reason = "]);
    expect(items[0]?.detail).toBe("string | NULL = NULL");
    expect(at("HookResultPreCompact(", "PreCompact").map((i) => i.label)).toEqual(["continue", "summary"]);
  });

  it("offers the callback's arguments and the point's results where an identifier is typed", () => {
    const labels = at("function(tool_name, tool_input, context) {\n  if (is.null(tool").map((c) => c.label);
    expect(labels).toEqual(["tool_name", "tool_input", "context", "deputy::HookResultPreToolUse"]);
    expect(at("  reas", "Stop").map((c) => c.label)).toEqual(["reason", "context"]);
    expect(at("  deputy::Hook").map((c) => c.label)).toEqual(["HookResultPreToolUse"]);
  });

  it("offers nothing in comments, strings, or on a point the profile does not have", () => {
    expect(at("  # context$")).toEqual([]);
    expect(at('  message("context$')).toEqual([]);
    expect(at('  message("#", tool')).not.toEqual([]);
    expect(at("  tool", "Nope")).toEqual([]);
  });
});
