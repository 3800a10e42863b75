import { describe, expect, it } from "vitest";
import type { HookEndEvent } from "../trace/events";
import { alignTraces, firstDivergence } from "./divergence";
import { describeFieldChanges } from "./fieldChanges";
import { beConciseTrace } from "./fixtureTrace";
import { hookOutcome, summarizeRun } from "./hookStatus";
import { diffMessages } from "./messages";

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

describe("describeFieldChanges", () => {
  it("shows a long string as an inline word diff", () => {
    const before = { systemPrompt: "You are a helpful assistant who answers questions about hooks." };
    const after = { systemPrompt: before.systemPrompt + "\nBe concise." };
    const changes = describeFieldChanges({ before, after, patch: [{ op: "replace", path: "/systemPrompt", value: after.systemPrompt }] });
    expect(changes).toEqual([
      {
        field: "systemPrompt", change: "changed", ignored: null, view: "text", before: before.systemPrompt, after: after.systemPrompt,
        segments: [{ kind: "same", text: before.systemPrompt }, { kind: "add", text: "\nBe concise." }],
      },
    ]);
  });
  it("shows message arrays as messages and short values as before/after", () => {
    const m1 = { role: "user", content: [{ type: "text", text: "hi" }] };
    const m2 = { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "search", input: { q: "x" } }] };
    const changes = describeFieldChanges({
      before: { messages: [m1], maxTokens: 10 },
      after: { messages: [m1, m2], maxTokens: 20 },
      patch: [{ op: "add", path: "/messages/1", value: m2 }, { op: "replace", path: "/maxTokens", value: 20 }],
    });
    expect(changes[0]).toMatchObject({ field: "messages", view: "messages" });
    expect(changes[0]?.view === "messages" && changes[0].messages.map((m) => m.kind)).toEqual(["same", "added"]);
    expect(changes[1]).toEqual({ field: "maxTokens", change: "changed", ignored: null, view: "value", before: "10", after: "20" });
  });
  it("flags writes the host ignores even when the patch dropped them", () => {
    const changes = describeFieldChanges({
      before: { sessionId: "s1" }, after: { sessionId: "s1" }, patch: [],
      ignoredWrites: [{ path: "/sessionId", reason: "read-only field: the host does not read it back" }],
    });
    expect(changes).toEqual([{ field: "sessionId", change: "changed", ignored: "read-only field: the host does not read it back", view: "value", before: '"s1"', after: '"s1"' }]);
  });
});

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

describe("firstDivergence", () => {
  it("returns null for a faithful re-run with another run id and timings", () => {
    const b = beConciseTrace({ runId: "r2" }).map((e) => (e.type === "hook.end" ? { ...e, durationMs: 9 } : e));
    expect(firstDivergence(beConciseTrace(), b)).toBeNull();
  });
  it("points at the edited hook", () => {
    const d = firstDivergence(beConciseTrace(), beConciseTrace({ suffix: "\nBe brief." }));
    expect(d).toEqual({ index: 3, seqA: 4, seqB: 4, hookId: "be-concise", point: "pre-model-call", reason: "hook be-concise changed the context differently" });
  });
  it("reports a run that ended earlier", () => {
    const a = beConciseTrace();
    expect(firstDivergence(a, a.slice(0, 6))?.reason).toBe("the second run ended earlier");
  });
});

describe("alignTraces", () => {
  it("aligns steps by occurrence even when one run has extra events", () => {
    const a = beConciseTrace();
    const b = [...a.slice(0, 5), { seq: 6, type: "compact" as const, beforeChars: 10, afterChars: 5 }, ...a.slice(5).map((e) => ({ ...e, seq: e.seq + 1 }))];
    expect(Array.from(alignTraces(a, b))).toEqual([0, 1, 2, 3, 4, -1, 5, 6, 7]);
  });
});
