import { describe, expect, it } from "vitest";
import { claudeCodeCommandIo } from "./commandIo";
import { claudeCodePoints } from "./points";

describe("claudeCodeCommandIo", () => {
  it("lists every event's stdin and stdout fields from the shared types, each with a doc", () => {
    for (const point of claudeCodePoints) {
      const io = claudeCodeCommandIo(point.id);
      expect(io, point.id).not.toBeNull();
      const undocumented = [...(io?.stdin ?? []), ...(io?.stdout ?? [])].filter((f) => f.doc === "").map((f) => f.name);
      expect(undocumented, point.id).toEqual([]);
      expect(io?.stdin.map((f) => f.name), point.id).toEqual(expect.arrayContaining(["session_id", "hook_event_name"]));
    }
  });

  it("reads PreToolUse's own fields and its hookSpecificOutput", () => {
    const io = claudeCodeCommandIo("PreToolUse");
    expect(io?.stdin.find((f) => f.name === "tool_input")).toMatchObject({ type: "unknown", optional: false });
    expect(io?.stdin.find((f) => f.name === "mcp_server")).toMatchObject({ type: "{ name: string; source: string }", optional: true });
    expect(io?.stdout.find((f) => f.name === "hookSpecificOutput.permissionDecision")).toMatchObject({ type: '"allow" | "deny" | "ask" | "defer"', optional: true });
    expect(io?.exitCodes.find((c) => c.code === "2")?.meaning).toMatch(/blocks the tool call/);
  });

  it("has no hookSpecificOutput for an event without one, and null for an unknown event", () => {
    expect(claudeCodeCommandIo("SessionEnd")?.stdout.map((f) => f.name)).not.toContain("hookSpecificOutput");
    expect(claudeCodeCommandIo("before_tool_call")).toBeNull();
  });
});
