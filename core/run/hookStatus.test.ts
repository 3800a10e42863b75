import { describe, expect, it } from "vitest";
import type { HookEndEvent } from "../trace/events";
import { beConciseTrace } from "./fixtureTrace";
import { hookNameAt, hookNameBefore, hookOutcome, summarizeRun } from "./hookStatus";

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
  it("says what a hook that changed no context did in the sandbox", () => {
    const write = { op: "write" as const, path: "/workspace/a.txt", before: null, after: "a", encoding: "utf8" as const };
    const request = { method: "GET", url: "https://api.example.com/", status: 200, response: "" };
    expect(hookOutcome(hookEnd({ status: "unchanged", files: [write] }))).toEqual({ status: "unchanged", changedFields: [], label: "wrote 1 file" });
    expect(hookOutcome(hookEnd({ files: [write, { ...write, op: "append", before: "a", after: "ab" }, { ...write, path: "/tmp/b" }] })).label).toBe("wrote 2 files");
    expect(hookOutcome(hookEnd({ files: [{ ...write, op: "delete", before: "a", after: null }] })).label).toBe("deleted 1 file");
    expect(hookOutcome(hookEnd({ files: [write, { ...write, op: "rename", to: "/workspace/b.txt", after: null }] })).label).toBe("changed 2 files");
    expect(hookOutcome(hookEnd({ requests: [request] })).label).toBe("made 1 request");
    expect(hookOutcome(hookEnd({ files: [write], requests: [request, { ...request, status: 404 }] })).label).toBe("wrote 1 file, made 2 requests");
    expect(hookOutcome(hookEnd({ files: [], requests: [] })).label).toBe("changed nothing");
  });
  it("keeps the other labels when the hook also wrote files", () => {
    const files = [{ op: "write" as const, path: "/tmp/x", before: null, after: "x", encoding: "utf8" as const }];
    expect(hookOutcome(hookEnd({ status: "unchanged", decision: "deny", files })).label).toBe("decided deny");
    expect(hookOutcome(hookEnd({ status: "unchanged", output: { prependContext: "x" }, files })).label).toBe("returned a result");
    expect(hookOutcome(hookEnd({ patch: [{ op: "replace", path: "/systemPrompt", value: "x" }], files })).label).toBe("changed 1 field");
    expect(hookOutcome(hookEnd({ error: "TypeError: boom", files })).label).toBe("threw");
  });
  it("keeps the engine's status", () => {
    expect(hookOutcome(hookEnd({ status: "blocked" })).label).toBe("blocked");
  });
  it("says a middleware the chain never reached was not reached, rather than that it decided something", () => {
    expect(hookOutcome(hookEnd({ status: "unchanged", decision: "not reached: use-trash answered above it", middleware: { outcome: "not-reached", stoppedBy: "use-trash", nextCalls: 0 } })).label).toBe("not reached");
    expect(hookOutcome(hookEnd({ status: "unchanged", decision: "not reached", middleware: { outcome: "not-reached", stoppedBy: null, nextCalls: 0 } })).label).toBe("not reached");
    expect(hookOutcome(hookEnd({ status: "unchanged", decision: "passed", middleware: { outcome: "passed", stoppedBy: null, nextCalls: 1 } })).label).toBe("decided passed");
  });
});


describe("summarizeRun", () => {
  it("reports hooks that changed something, errors and the exit reason", () => {
    const trace = beConciseTrace();
    expect(summarizeRun(trace)).toEqual({ events: 8, hooksRun: 1, hooksChanged: 1, errors: 0, exitReason: "completed" });
  });
  it("does not count a middleware the chain never reached as run", () => {
    const answered = hookEnd({ seq: 1, hookId: "use-trash", status: "claimed", decision: 'answered: deny "use the trash, not rm"' });
    const skipped = hookEnd({ seq: 2, hookId: "rm-interactive", status: "unchanged", decision: "not reached: use-trash answered above it", middleware: { outcome: "not-reached", stoppedBy: "use-trash", nextCalls: 0 } });
    expect(summarizeRun([answered, skipped])).toEqual({ events: 2, hooksRun: 1, hooksChanged: 0, errors: 0, exitReason: null });
  });
});


describe("hookNameAt", () => {
  it("reads the name from the hook.start right before the hook.end", () => {
    const trace = beConciseTrace().map((e) => (e.type === "hook.start" ? { ...e, name: "Be concise!" } : e));
    expect(hookNameAt((s) => trace[s - 1], 4)).toBe("Be concise!");
    expect(hookNameAt((s) => trace[s - 1], 5)).toBeUndefined();
  });
});

describe("hookNameBefore", () => {
  it("finds the name of the hook that answered a tool call from its hook.start before the result", () => {
    const trace = beConciseTrace().map((e) => (e.type === "hook.start" ? { ...e, name: "Be concise!" } : e));
    const start = trace.find((e) => e.type === "hook.start");
    const id = start?.type === "hook.start" ? start.hookId : "";
    expect(hookNameBefore((s) => trace[s - 1], trace.length, id)).toBe("Be concise!");
    expect(hookNameBefore((s) => trace[s - 1], trace.length, "someone-else")).toBeUndefined();
    expect(hookNameBefore((s) => trace[s - 1], 1, id)).toBeUndefined();
  });
});
