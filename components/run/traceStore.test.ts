import { describe, expect, it } from "vitest";
import { appendToOutline, emptyOutline, outlineEntryOf } from "~/core/run/outline";
import type { TraceEvent } from "~/core/trace/events";
import { createTraceStore, PAGE_SIZE } from "./traceStore";

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
});
