import { describe, expect, it } from "vitest";
import { applyPatch } from "../trace/jsonPatch";
import type { TraceEvent } from "../trace/events";
import { createContextCursor } from "./contextCursor";
import { beConciseTrace } from "./fixtureTrace";
import { appendToOutline, emptyOutline, findStep, outlineEntry, outlineEntryOf, positionAt } from "./outline";

function outlineOf(events: TraceEvent[]) {
  const o = emptyOutline();
  for (const e of events) appendToOutline(o, outlineEntryOf(e));
  return o;
}

/** Two hooks on one point: the second sees the first's change. */
function twoHookTrace(): TraceEvent[] {
  const base = beConciseTrace();
  return [
    ...base.slice(0, 4),
    { seq: 5, type: "hook.start", hookId: "shout", point: "pre-model-call" },
    { seq: 6, type: "hook.end", hookId: "shout", point: "pre-model-call", patch: [{ op: "add", path: "/maxTokens", value: 100 }], error: null, durationMs: 1, logs: [] },
    ...base.slice(4).map((e) => ({ ...e, seq: e.seq + 2 })),
  ];
}

describe("outline", () => {
  it("records type, point, hook, edge and status per event", () => {
    const o = outlineOf(beConciseTrace());
    expect(o.count).toBe(8);
    expect(outlineEntry(o, 1)).toEqual({ type: "point.start", point: "pre-model-call", hookId: null, edge: "e-prompt-model", status: null });
    expect(outlineEntry(o, 3)).toEqual({ type: "hook.end", point: "pre-model-call", hookId: "be-concise", edge: null, status: "changed" });
  });
  it("finds the next and previous hook", () => {
    const o = outlineOf(twoHookTrace());
    expect(findStep(o, { from: 0, dir: 1, type: "hook.end" })).toBe(3);
    expect(findStep(o, { from: 3, dir: 1, type: "hook.end" })).toBe(5);
    expect(findStep(o, { from: 5, dir: -1, type: "hook.end" })).toBe(3);
    expect(findStep(o, { from: 5, dir: 1, type: "hook.end" })).toBe(-1);
  });
  it("places the graph on the point's edge while its chain runs, and nowhere after", () => {
    const o = outlineOf(beConciseTrace());
    expect(positionAt(o, 2)).toEqual({ edge: "e-prompt-model", point: "pre-model-call", hookId: "be-concise" });
    expect(positionAt(o, 6)).toEqual({ edge: null, point: null, hookId: null });
  });
});

describe("createContextCursor", () => {
  it("rebuilds the context after each hook from the snapshot and patches", () => {
    const events = twoHookTrace();
    const o = outlineOf(events);
    const cursor = createContextCursor({ outline: () => o, event: (s) => events[s - 1], apply: applyPatch });
    const at4 = cursor.at(4);
    expect(at4.kind === "context" && at4.context["systemPrompt"]).toBe("You are a helpful assistant.\nBe concise.");
    const at6 = cursor.at(6);
    expect(at6.kind === "context" && at6.context["maxTokens"]).toBe(100);
    expect(at6.kind === "context" && at6.context["systemPrompt"]).toBe("You are a helpful assistant.\nBe concise.");
    // Backwards restarts from the snapshot and is still exact.
    const at3 = cursor.at(3);
    expect(at3.kind === "context" && at3.context).toEqual({ callSite: "mainAgent", systemPrompt: "You are a helpful assistant.", messages: [{ role: "user", content: [{ type: "text", text: "Explain what a hook is." }] }] });
    expect(cursor.at(9)).toEqual({ kind: "none" });
  });
  it("asks for missing bodies instead of guessing", () => {
    const events = twoHookTrace();
    const o = outlineOf(events);
    const cursor = createContextCursor({ outline: () => o, event: (s) => (s === 3 ? undefined : events[s - 1]), apply: applyPatch });
    expect(cursor.at(6)).toEqual({ kind: "missing", from: 3, to: 6 });
  });
  it("applies each patch once when stepping forward", () => {
    const events = twoHookTrace();
    const o = outlineOf(events);
    let applied = 0;
    const cursor = createContextCursor({ outline: () => o, event: (s) => events[s - 1], apply: (d, p) => (applied++, applyPatch(d, p)) });
    for (let s = 1; s <= events.length; s++) cursor.at(s);
    expect(applied).toBe(2);
  });
});
