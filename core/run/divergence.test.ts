import { describe, expect, it } from "vitest";
import { alignTraces, firstDivergence } from "./divergence";
import { beConciseTrace } from "./fixtureTrace";

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
