import { describe, expect, it } from "vitest";
import { lineDiff } from "./lineDiff";

describe("lineDiff", () => {
  it("keeps common lines and marks removed and added ones in order", () => {
    expect(lineDiff("a\nb\nc\n", "a\nx\nc\nd\n")).toEqual([
      { kind: "same", text: "a" },
      { kind: "removed", text: "b" },
      { kind: "added", text: "x" },
      { kind: "same", text: "c" },
      { kind: "added", text: "d" },
      { kind: "same", text: "" },
    ]);
  });

  it("shows a new file as all added and a deleted one as all removed", () => {
    expect(lineDiff("", "one\ntwo")).toEqual([
      { kind: "added", text: "one" },
      { kind: "added", text: "two" },
    ]);
    expect(lineDiff("gone", "")).toEqual([{ kind: "removed", text: "gone" }]);
  });
});
