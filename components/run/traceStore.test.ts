import { describe, expect, it } from "vitest";
import { appendToOutline, emptyOutline, outlineEntryOf } from "~/core/run/outline";
import type { EncodedTraceEvent, PointStartEvent, TraceEvent } from "~/core/trace/events";
import { createTraceStore, LIVE_BATCH_MS, PAGE_SIZE } from "./traceStore";

function longTrace(n: number): TraceEvent[] {
  return Array.from({ length: n }, (_, i) =>
    i === 0
      ? { seq: 1, type: "run.start", format: "hookwright.trace/v1", runId: "r", pipeline: "p", profile: "vellum", scenario: "s", clockStart: 0, seed: 1 }
      : { seq: i + 1, type: "tool.result", toolUseId: `t${i}`, content: `r${i}`, isError: false },
  );
}

describe("createTraceStore", () => {
  it("grows live, ignoring duplicates and out-of-order events", async () => {
    const store = createTraceStore();
    const t = longTrace(4);
    let notified = 0;
    store.subscribe(() => notified++);
    store.append(t.slice(0, 2));
    store.append([t[1] as TraceEvent, t[3] as TraceEvent]); // a duplicate and a gap
    store.append([t[2] as TraceEvent]);
    expect(store.outline.count).toBe(3);
    expect(store.event(3)).toEqual(t[2]);
    await Promise.resolve();
    expect(notified).toBe(0); // live events are shown once per frame, not once each
    await new Promise((r) => setTimeout(r, LIVE_BATCH_MS + 5));
    expect(notified).toBe(1); // one notification per burst
  });

  it("loads only the pages a replay needs, each once", async () => {
    const t = longTrace(10_000);
    const loads: number[] = [];
    const store = createTraceStore({
      load: (afterSeq, limit) => {
        loads.push(afterSeq);
        return Promise.resolve(t.slice(afterSeq, afterSeq + limit));
      },
    });
    const outline = emptyOutline();
    for (const e of t) appendToOutline(outline, outlineEntryOf(e));
    store.setOutline(outline);
    await Promise.all([store.ensure(9000, 9100), store.ensure(9050, 9060)]);
    expect(loads).toEqual([8800, 9000]);
    expect(store.event(9001)).toEqual(t[9000]);
    expect(store.event(1)).toBeUndefined();
    await store.ensure(8801, 9200);
    expect(loads).toHaveLength(2);
    expect(PAGE_SIZE).toBe(200);
  });

  it("resolves v2 deltas lazily: a page whose deltas need earlier events loads those pages at once", async () => {
    const history = ["x".repeat(1000)];
    const t: EncodedTraceEvent[] = [{ seq: 1, type: "point.start", point: "p", context: { history, n: 1 } }];
    for (let s = 2; s <= 1000; s++) t.push({ seq: s, type: "point.start", point: "p", contextDelta: { from: s - 1, path: "/context", patch: [{ op: "replace", path: "/n", value: s }] } });
    const loads: number[] = [];
    const store = createTraceStore({
      load: (afterSeq, limit) => {
        loads.push(afterSeq);
        return Promise.resolve(t.slice(afterSeq, afterSeq + limit));
      },
    });
    const outline = emptyOutline();
    for (const e of t) appendToOutline(outline, outlineEntryOf(e));
    store.setOutline(outline);
    await store.ensure(1000, 1000);
    expect(loads).toEqual([800, 0, 200, 400, 600]);
    const last = store.event(1000) as PointStartEvent;
    expect(last.context).toEqual({ history, n: 1000 });
    expect(last.context.history).toBe(history); // shared, not copied
    expect(store.problem()).toBeNull();
  });

  it("says which step cannot be read when a delta does not resolve", () => {
    const store = createTraceStore();
    store.append([
      { seq: 1, type: "point.start", point: "p", context: { a: 1 } },
      { seq: 2, type: "point.start", point: "p", contextDelta: { from: 1, path: "/context", patch: [{ op: "remove", path: "/b" }] } },
    ]);
    expect(store.event(2)).toBeUndefined();
    expect(store.problem()).toBe('This trace cannot be read from step 2 on: event 2 (point.start): contextDelta "patch" does not apply to /context of event 1: patch op 0 (remove /b): the path does not exist');
  });
});
