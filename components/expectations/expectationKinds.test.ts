import { describe, expect, it } from "vitest";
import { getProfile } from "~/core/profiles";
import { expectationKindsFor } from "./expectationKinds";

describe("expectationKindsFor", () => {
  it("offers order-independent only on a profile with parallel points", () => {
    const kinds = (id: string) => expectationKindsFor(getProfile(id) ?? { points: [] });
    expect(kinds("claude-code")).toEqual(["exitReason", "context", "hookFired", "hookDecision", "toolCall", "noHookFailed", "orderIndependent"]);
    expect(kinds("vellum")).toEqual(["exitReason", "context", "hookFired", "hookDecision", "toolCall", "noHookFailed"]);
    expect(kinds("openclaw")).toEqual(["exitReason", "context", "hookFired", "hookDecision", "toolCall", "noHookFailed"]);
  });
});
