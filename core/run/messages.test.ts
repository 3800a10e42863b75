import { describe, expect, it } from "vitest";
import { diffMessages } from "./messages";

describe("diffMessages", () => {
  it("pairs an edited message as changed and keeps tool calls readable", () => {
    const u = { role: "user", content: [{ type: "text", text: "a" }] };
    const r = { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "ok", is_error: false }] };
    const r2 = { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "[truncated]", is_error: false }] };
    const d = diffMessages([u, r], [u, r2]);
    expect(d.map((c) => c.kind)).toEqual(["same", "changed"]);
    const changed = d[1];
    expect(changed?.kind === "changed" && changed.after.blocks).toEqual([{ kind: "tool_result", toolUseId: "t1", text: "[truncated]", isError: false }]);
  });
});

