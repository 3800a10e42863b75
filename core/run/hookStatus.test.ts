import { describe, expect, it } from "vitest";
import type { HookEndEvent } from "../trace/events";
import { beConciseTrace } from "./fixtureTrace";
import { hookNameAt, hookOutcome, summarizeRun } from "./hookStatus";

const hookEnd = (over: Partial<HookEndEvent>): HookEndEvent => ({
  seq: 1, type: "hook.end", hookId: "h", point: "p", patch: [], error: null, durationMs: 1, logs: [], ...over,
});

describe("hookOutcome", () => {
  it("counts changed top-level fields", () => {
    const o = hookOutcome(hookEnd({ patch: [{ op: "replace", path: "/systemPrompt", value: "x" }, { op: "add", path: "/messages/1", value: 1 }, { op: "remove", path: "/messages/0" }] }));
    expect(o).toEqual({ status: "changed", changedFields: ["messages", "systemPrompt"], label: "changed 2 fields" });
  });
  it("derives threw and timed out from the error when no status was recorded", () => {
    expect(hookOutcome(hookEnd({ error: "TypeError: x is undefined" })).label).toBe("threw");
    expect(hookOutcome(hookEnd({ error: "timed out after 1000 ms" })).label).toBe("timed out");
    expect(hookOutcome(hookEnd({})).label).toBe("changed nothing");
  });
  it("names what a hook that answers through its output decided or returned", () => {
    expect(hookOutcome(hookEnd({ status: "unchanged", decision: "deny", output: { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } } })))
      .toEqual({ status: "unchanged", changedFields: [], label: "decided deny" });
    expect(hookOutcome(hookEnd({ status: "unchanged", output: { prependContext: "Answer in British English." } })).label).toBe("returned a result");
    expect(hookOutcome(hookEnd({ status: "unchanged", output: {} })).label).toBe("changed nothing");
    expect(hookOutcome(hookEnd({ status: "unchanged", output: null })).label).toBe("changed nothing");
  });
  it("keeps the engine's status", () => {
    expect(hookOutcome(hookEnd({ status: "blocked" })).label).toBe("blocked");
  });
});


describe("summarizeRun", () => {
  it("reports hooks that changed something, errors and the exit reason", () => {
    const trace = beConciseTrace();
    expect(summarizeRun(trace)).toEqual({ events: 8, hooksRun: 1, hooksChanged: 1, errors: 0, exitReason: "completed" });
  });
});


describe("hookNameAt", () => {
  it("reads the name from the hook.start right before the hook.end", () => {
    const trace = beConciseTrace().map((e) => (e.type === "hook.start" ? { ...e, name: "Be concise!" } : e));
    expect(hookNameAt((s) => trace[s - 1], 4)).toBe("Be concise!");
    expect(hookNameAt((s) => trace[s - 1], 5)).toBeUndefined();
  });
});
