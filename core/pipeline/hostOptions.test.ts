import { describe, expect, it } from "vitest";
import { applyPipelineChanges, invertPipelineChange } from "./changes";
import { parsePipeline } from "./parsePipeline";
import type { Pipeline } from "./schema";

function doc(): Pipeline {
  const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: "p", profile: "openclaw", hooks: [{ id: "a", point: "before_tool_call", name: "a", code: "" }] });
  if (!parsed.ok) throw new Error("bad fixture");
  return parsed.value;
}

describe("hook budgets and host settings as undoable changes", () => {
  it("sets a hook's timeoutMs and removes it again (the host's default), undo restores the previous value", () => {
    const before = doc();
    const change = { type: "setHookTimeout", hookId: "a", timeoutMs: 2500 } as const;
    const after = applyPipelineChanges(before, [change]);
    expect(after.hooks[0]?.timeoutMs).toBe(2500);
    const undo = invertPipelineChange(before, change);
    expect(applyPipelineChanges(after, undo)).toEqual(before);
    expect("timeoutMs" in (applyPipelineChanges(after, [{ type: "setHookTimeout", hookId: "a", timeoutMs: null }]).hooks[0] ?? {})).toBe(false);
  });

  it("sets a host setting, and null removes it (no empty hostSettings left behind)", () => {
    const before = doc();
    const on = applyPipelineChanges(before, [{ type: "setHostSetting", id: "allowConversationAccess", value: true }]);
    expect(on.hostSettings).toEqual({ allowConversationAccess: true });
    const off = applyPipelineChanges(on, [{ type: "setHostSetting", id: "allowConversationAccess", value: null }]);
    expect(off).toEqual(before);
    expect(applyPipelineChanges(on, invertPipelineChange(before, { type: "setHostSetting", id: "allowConversationAccess", value: true }))).toEqual(before);
  });

  it("keeps a list matcher (OpenClaw tool ids) through the pipeline schema", () => {
    const parsed = parsePipeline({ format: "hookwright.pipeline/v1", name: "p", profile: "openclaw", hooks: [{ id: "a", point: "before_tool_call", name: "a", code: "", matcher: ["exec", "web_search"], timeoutMs: 0 }] });
    expect(parsed.ok).toBe(false);
    const ok = parsePipeline({ format: "hookwright.pipeline/v1", name: "p", profile: "openclaw", hooks: [{ id: "a", point: "before_tool_call", name: "a", code: "", matcher: ["exec", "web_search"] }] });
    expect(ok.ok && ok.value.hooks[0]?.matcher).toEqual(["exec", "web_search"]);
  });
});
