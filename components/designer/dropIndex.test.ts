import { describe, expect, it } from "vitest";
import { dropTargetIndex } from "./dropIndex";

describe("dropTargetIndex", () => {
  it("moves down past the row dropped after", () => {
    expect(dropTargetIndex({ from: 0, overIndex: 2, after: true })).toBe(2);
    expect(dropTargetIndex({ from: 0, overIndex: 2, after: false })).toBe(1);
  });

  it("moves up to the row dropped before", () => {
    expect(dropTargetIndex({ from: 3, overIndex: 1, after: false })).toBe(1);
    expect(dropTargetIndex({ from: 3, overIndex: 1, after: true })).toBe(2);
  });

  it("stays put when dropped on its own edges", () => {
    expect(dropTargetIndex({ from: 2, overIndex: 2, after: false })).toBe(2);
    expect(dropTargetIndex({ from: 2, overIndex: 2, after: true })).toBe(2);
  });
});
