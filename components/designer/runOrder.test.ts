import { describe, expect, it } from "vitest";
import type { Hook } from "~/core/pipeline/schema";
import { ordinal, orderingReason, runPositions, startsTogether } from "./runOrder";
import { claudeCodeProfile } from "~/core/profiles/claude-code";
import { openclawProfile } from "~/core/profiles/openclaw";
import type { HookPointSpec, Profile } from "~/core/profiles/types";

const hook = (id: string, priority: number | null, enabled = true): Hook => ({ id, point: "p", name: id, enabled, code: "", priority, matcher: null });
const hooks = [hook("a", 5), hook("b", 1), hook("c", 5), hook("d", 0, false), hook("e", null)];

describe("runPositions", () => {
  it("follows registration order and skips disabled hooks", () => {
    expect([...runPositions(hooks, "registration")]).toEqual([["a", 1], ["b", 2], ["c", 3], ["e", 4]]);
  });

  it("runs lower priorities first, ties in registration order, no priority as 0", () => {
    expect([...runPositions(hooks, "priority-asc")]).toEqual([["e", 1], ["b", 2], ["a", 3], ["c", 4]]);
  });

  it("runs higher priorities first, ties in registration order", () => {
    expect([...runPositions(hooks, "priority-desc")]).toEqual([["a", 1], ["c", 2], ["b", 3], ["e", 4]]);
  });
});

describe("ordinal", () => {
  it("spells English ordinals", () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 101].map(ordinal)).toEqual(["1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st"]);
  });
});

describe("orderingReason", () => {
  const point = (profile: Profile, id: string): HookPointSpec => {
    const found = profile.points.find((p) => p.id === id);
    if (!found) throw new Error(`no point ${id}`);
    return found;
  };
  it("says that Claude Code hooks start together and are folded as they finish", () => {
    const pre = point(claudeCodeProfile, "PreToolUse");
    expect(startsTogether(pre)).toBe(true);
    expect(orderingReason(pre)).toContain("start at the same time on the same input");
  });
  it("keeps the priority rule for OpenClaw's sequential points", () => {
    const before = point(openclawProfile, "before_tool_call");
    expect(startsTogether(before)).toBe(false);
    expect(orderingReason(before)).toContain("priority 50 runs before priority 0");
  });
});
