import { describe, expect, it } from "vitest";
import type { JsonObject } from "../json";
import type { Message } from "../pipeline/schema";
import type { EncodedTraceEvent, PointStartEvent, RunEndEvent } from "./events";
import { createTraceResolver, resolveEvent, resolveTrace, TraceDeltaError } from "./resolve";

const big = "x".repeat(100_000);
const m = (role: "user" | "assistant", text: string): Message => ({ role, content: [{ type: "text", text }] });
/** A message as a context field (contexts are plain JSON). */
const mj = (role: "user" | "assistant", text: string): JsonObject => ({ role, content: [{ type: "text", text }] });

function v2Trace(): EncodedTraceEvent[] {
  return [
    { seq: 1, type: "run.start", format: "hookwright.trace/v2", runId: "r", pipeline: "p", profile: "vellum", scenario: "s", clockStart: 0, seed: 1 },
    { seq: 2, type: "point.start", point: "pre-model-call", context: { systemPrompt: "S", messages: [mj("user", big)], big: { deep: [1, 2, 3] } } },
    { seq: 3, type: "point.end", point: "pre-model-call" },
    { seq: 4, type: "model.request", call: 1, system: "S", messagesDelta: { from: 2, path: "/context/messages", patch: [] } },
    { seq: 5, type: "model.response", call: 1, content: [{ type: "text", text: "hi" }], stopReason: "end_turn" },
    {
      seq: 6,
      type: "point.start",
      point: "pre-model-call",
      contextDelta: { from: 2, path: "/context", patch: [{ op: "add", path: "/messages/-", value: mj("assistant", "hi") }, { op: "replace", path: "/systemPrompt", value: "T" }] },
    },
    { seq: 7, type: "point.end", point: "pre-model-call" },
    { seq: 8, type: "run.end", exitReason: "no_tool_calls", error: null, messagesDelta: { from: 6, path: "/context/messages", patch: [] } },
  ];
}

describe("resolveTrace", () => {
  it("resolves every delta to the exact value, in the stored key order", () => {
    const out = resolveTrace(v2Trace());
    expect(out[3]).toEqual({ seq: 4, type: "model.request", call: 1, system: "S", messages: [m("user", big)] });
    expect(Object.keys(out[3] as object)).toEqual(["seq", "type", "call", "system", "messages"]);
    expect((out[5] as PointStartEvent).context).toEqual({ systemPrompt: "T", messages: [m("user", big), m("assistant", "hi")], big: { deep: [1, 2, 3] } });
    expect((out[7] as RunEndEvent).messages).toEqual([m("user", big), m("assistant", "hi")]);
  });

  it("shares every unchanged subtree with the event it derives from (no copies)", () => {
    const stored = v2Trace();
    const out = resolveTrace(stored);
    const first = (out[1] as PointStartEvent).context;
    const second = (out[5] as PointStartEvent).context;
    expect(out[1]).toBe(stored[1]); // an event without deltas is returned as stored
    expect((out[3] as { messages: unknown }).messages).toBe(first.messages); // empty patch: the very same array
    expect(second.big).toBe(first.big); // untouched field
    expect(second.messages).not.toBe(first.messages); // patched path copied...
    expect((second.messages as JsonObject[])[0]).toBe((first.messages as JsonObject[])[0]); // ...but only along the path
    expect((out[7] as RunEndEvent).messages).toBe(second.messages);
    // The stored events are not mutated.
    expect(stored[5]).not.toHaveProperty("context");
    expect((stored[1] as PointStartEvent).context.systemPrompt).toBe("S");
  });

  it("reads a v1 trace as a v2 trace without deltas (the same objects)", () => {
    const v1: EncodedTraceEvent[] = [
      { seq: 1, type: "run.start", format: "hookwright.trace/v1", runId: "r", pipeline: "p", profile: "vellum", scenario: "s", clockStart: 0, seed: 1 },
      { seq: 2, type: "model.request", call: 1, system: null, messages: [m("user", "hi")] },
      { seq: 3, type: "run.end", exitReason: "error", error: "overloaded" },
    ];
    const out = resolveTrace(v1);
    out.forEach((e, i) => expect(e).toBe(v1[i]));
  });
});

describe("bad deltas", () => {
  const trace = (delta: unknown, extra: Record<string, unknown> = {}): EncodedTraceEvent[] => [
    ...v2Trace().slice(0, 3),
    { seq: 4, type: "model.request", call: 1, system: "S", messagesDelta: delta, ...extra } as unknown as EncodedTraceEvent,
  ];
  const error = (events: EncodedTraceEvent[]): TraceDeltaError => {
    try {
      resolveTrace(events);
    } catch (e) {
      if (e instanceof TraceDeltaError) return e;
      throw e;
    }
    throw new Error("resolved without an error");
  };

  it("names the event, the field and the reason", () => {
    expect(error(trace({ from: 9, path: "/context/messages", patch: [] })).message).toBe('event 4 (model.request): messagesDelta "from" 9 is not an earlier event');
    expect(error(trace({ from: 0, path: "/context/messages", patch: [] })).message).toBe('event 4 (model.request): messagesDelta "from" 0 is not an event of this trace (or is not loaded)');
    expect(error(trace({ from: 2, path: "/context/nope", patch: [] })).message).toBe("event 4 (model.request): messagesDelta \"path\" /context/nope does not exist in event 2");
    expect(error(trace({ from: 2, path: "context", patch: [] })).message).toBe('event 4 (model.request): messagesDelta "path": JSON pointer "context" must start with "/"');
    expect(error(trace({ from: 2, path: "/context/messages", patch: [{ op: "remove", path: "/5" }] })).message).toBe(
      'event 4 (model.request): messagesDelta "patch" does not apply to /context/messages of event 2: patch op 0 (remove /5): index 5 is out of range',
    );
    expect(error(trace({ from: "2", path: "/context", patch: [] })).message).toBe('event 4 (model.request): messagesDelta "from" must be the seq of an earlier event, got "2"');
    expect(error(trace({ from: 2, path: "/context", patch: {} })).message).toBe('event 4 (model.request): messagesDelta "patch" must be an array of RFC 6902 operations');
    expect(error(trace(null)).message).toBe("event 4 (model.request): messagesDelta is not an object {from, path, patch}");
    expect(error(trace({ from: 2, path: "/context/messages", patch: [] }, { messages: [] })).message).toBe("event 4 (model.request): messagesDelta cannot be stored together with messages");
    const e = error(trace({ from: 2, path: "/context/messages", patch: [{ op: "jump", path: "/0" }] }));
    expect([e.seq, e.field, e.message]).toEqual([4, "messages", 'event 4 (model.request): messagesDelta "patch" does not apply to /context/messages of event 2: patch op 0 (jump /0): unknown op "jump"']);
  });
});

describe("createTraceResolver (lazy, any arrival order)", () => {
  it("resolves an event once its bases are added, and says which are missing", () => {
    const events = v2Trace();
    const r = createTraceResolver();
    r.add(events[7] as EncodedTraceEvent);
    expect(r.get(8)).toBeUndefined();
    expect(r.missing(8)).toEqual([6]);
    r.add(events[5] as EncodedTraceEvent);
    expect(r.missing(8)).toEqual([2]);
    for (const e of events) r.add(e);
    expect(r.missing(8)).toEqual([]);
    const end = r.get(8) as RunEndEvent;
    expect(end.messages).toEqual([m("user", big), m("assistant", "hi")]);
    expect(r.get(8)).toBe(end); // memoized
    expect((r.get(6) as PointStartEvent).context.messages).toBe(end.messages);
  });

  it("resolves a chain of 20,000 deltas without deep recursion, sharing the untouched history", () => {
    const events: EncodedTraceEvent[] = [{ seq: 1, type: "point.start", point: "p", context: { history: [big], n: 0 } }];
    for (let s = 2; s <= 20_000; s++) events.push({ seq: s, type: "point.start", point: "p", contextDelta: { from: s - 1, path: "/context", patch: [{ op: "replace", path: "/n", value: s }] } });
    const r = createTraceResolver();
    for (const e of events) r.add(e);
    const last = r.get(20_000) as PointStartEvent;
    expect(last.context).toEqual({ history: [big], n: 20_000 });
    expect(last.context.history).toBe((events[0] as PointStartEvent).context.history);
  });

  it("resolveEvent with a base lookup resolves one event", () => {
    const [, start] = v2Trace();
    const e = resolveEvent({ seq: 9, type: "model.request", call: 2, system: null, messagesDelta: { from: 2, path: "/context/messages/0/content", patch: [] } } as unknown as EncodedTraceEvent, (s) =>
      s === 2 ? (start as PointStartEvent) : undefined,
    );
    expect((e as unknown as { messages: unknown }).messages).toEqual([{ type: "text", text: big }]);
  });

  it("keeps an anchor out of the resolved event, and resolves deltas based on it once it is loaded", () => {
    const events: EncodedTraceEvent[] = [
      { seq: 1, type: "point.start", point: "post-tool-use", context: { toolResponse: { content: "a" }, messages: [mj("user", big)] } },
      { seq: 2, type: "tool.result", toolUseId: "t", content: "B".repeat(3000), isError: false, anchorDelta: { from: 1, path: "/context", patch: [] } },
      {
        seq: 3,
        type: "point.start",
        point: "post-tool-use",
        contextDelta: { from: 2, path: "", patch: [{ op: "copy", from: "/content", path: "/anchor/toolResponse/content" }, { op: "move", from: "/anchor", path: "" }] },
      },
    ];
    const [, result, next] = resolveTrace(events);
    expect(result).toEqual({ seq: 2, type: "tool.result", toolUseId: "t", content: "B".repeat(3000), isError: false });
    expect((next as PointStartEvent).context).toEqual({ toolResponse: { content: "B".repeat(3000) }, messages: [mj("user", big)] });
    expect((next as PointStartEvent).context.messages).toBe((events[0] as PointStartEvent).context.messages);
    const r = createTraceResolver();
    r.add(events[2] as EncodedTraceEvent);
    r.add(events[1] as EncodedTraceEvent);
    expect(r.missing(3)).toEqual([1]);
    r.add(events[0] as EncodedTraceEvent);
    expect((r.get(3) as PointStartEvent).context).toEqual((next as PointStartEvent).context);
    expect(Object.keys(r.get(2) as object)).not.toContain("anchor");
  });
});

