import { describe, expect, it } from "vitest";
import type { JsonObject } from "../json";
import type { TraceEvent } from "./events";
import { createRecorder } from "./recorder";
import { createTraceReducer } from "./reducer";

/** A trace of `points` points with `hooks` hooks each; hook k of a point appends k to /log. */
function syntheticTrace(points: number, hooks: number): TraceEvent[] {
  const events: TraceEvent[] = [];
  const rec = createRecorder((_, full) => events.push(full));
  rec.record({ type: "run.start", format: "hookwright.trace/v1", runId: "r", pipeline: "p", profile: "vellum", scenario: "s", clockStart: 0, seed: 1 });
  for (let p = 0; p < points; p++) {
    rec.record({ type: "point.start", point: "pre-model-call", context: { n: p, log: [], big: { blob: "x".repeat(1000) } } });
    for (let k = 0; k < hooks; k++) {
      rec.record({ type: "hook.start", hookId: `h${k}`, point: "pre-model-call" });
      rec.record({ type: "hook.end", hookId: `h${k}`, point: "pre-model-call", patch: [{ op: "add", path: "/log/-", value: k }], error: null, durationMs: 0, logs: [] });
    }
    rec.record({ type: "point.end", point: "pre-model-call" });
    rec.record({ type: "model.request", call: p + 1, messages: [], system: null });
  }
  rec.record({ type: "run.end", exitReason: "no_tool_calls" });
  return events;
}

describe("createRecorder", () => {
  it("numbers events from 1 without gaps", () => {
    const events = syntheticTrace(2, 1);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(Object.keys(events[0] as object)[0]).toBe("seq");
  });
});

describe("createTraceReducer", () => {
  it("gives the snapshot plus the patches so far at every step, and null between points", () => {
    const events = syntheticTrace(2, 3);
    const reducer = createTraceReducer({ events });
    const log = (seq: number) => (reducer.contextAt(seq)?.context as JsonObject | undefined)?.log;
    expect(reducer.contextAt(1)).toBeNull(); // run.start
    expect(log(2)).toEqual([]); // point.start
    expect(log(3)).toEqual([]); // hook.start h0
    expect(log(4)).toEqual([0]); // hook.end h0
    expect(log(8)).toEqual([0, 1, 2]);
    expect(log(9)).toEqual([0, 1, 2]); // point.end
    expect(reducer.contextAt(10)).toBeNull(); // model.request
    expect(log(13)).toEqual([0]);
    expect(log(6)).toEqual([0, 1]); // backwards
    expect(reducer.contextAt(12)?.pointSeq).toBe(11);
  });

  it("follows a growing trace", () => {
    const events = syntheticTrace(1, 2);
    const reducer = createTraceReducer();
    for (const e of events.slice(0, 4)) reducer.push(e);
    expect(reducer.contextAt(4)?.context.log).toEqual([0]);
    for (const e of events.slice(4)) reducer.push(e);
    expect(reducer.contextAt(6)?.context.log).toEqual([0, 1]);
    expect(() => reducer.push({ ...(events[0] as TraceEvent), seq: 99 })).toThrow("expected");
  });

  it("steps through every event of a 10,000-event trace quickly, forwards then backwards", () => {
    const events = syntheticTrace(250, 19); // 250 * (2 + 38 + 1) + 2 = 10,252 events
    expect(events.length).toBeGreaterThan(10_000);
    const reducer = createTraceReducer({ events, cachedPoints: 8 });
    const t0 = performance.now();
    let total = 0;
    for (let seq = 1; seq <= events.length; seq++) total += (reducer.contextAt(seq)?.context.log as number[] | undefined)?.length ?? 0;
    for (let seq = events.length; seq >= 1; seq--) total += (reducer.contextAt(seq)?.context.log as number[] | undefined)?.length ?? 0;
    expect(performance.now() - t0).toBeLessThan(1000);
    expect(reducer.contextAt(events.length - 2)?.context.log).toHaveLength(19);
    expect(total).toBeGreaterThan(0);
  });
});
