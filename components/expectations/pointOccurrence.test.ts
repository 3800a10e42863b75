import { describe, expect, it } from "vitest";
import { appendToOutline, emptyOutline, type OutlineEntry } from "~/core/run/outline";
import { pointOccurrence } from "./pointOccurrence";

const entry = (type: string, point: string | null = null, hookId: string | null = null): OutlineEntry => ({ type, point, hookId, edge: null, status: null });

describe("pointOccurrence", () => {
  const outline = emptyOutline();
  [
    entry("run.start"),
    entry("point.start", "pre-model-call"), // 1
    entry("hook.start", "pre-model-call", "a"),
    entry("hook.end", "pre-model-call", "a"), // 3
    entry("point.end", "pre-model-call"), // 4
    entry("point.start", "post-model-call"),
    entry("point.end", "post-model-call"),
    entry("point.start", "pre-model-call"), // 7
    entry("hook.start", "pre-model-call", "a"),
    entry("hook.end", "pre-model-call", "a"), // 9
  ].forEach((e) => appendToOutline(outline, e));

  it("counts the crossings of the hook's own point and finds the end of its chain", () => {
    expect(pointOccurrence(outline, { index: 3, point: "pre-model-call" })).toEqual({ occurrence: 1, endIndex: 4 });
  });

  it("returns -1 for the end while the second crossing is still running", () => {
    expect(pointOccurrence(outline, { index: 9, point: "pre-model-call" })).toEqual({ occurrence: 2, endIndex: -1 });
  });
});
