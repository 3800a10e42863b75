import { describe, expect, it } from "vitest";
import { lanePath, smoothPath } from "./edgePaths";

describe("smoothPath", () => {
  it("draws a straight segment between two points", () => {
    expect(smoothPath([{ x: 0, y: 0 }, { x: 0, y: 50 }])).toBe("M 0 0 L 0 50");
  });

  it("bends through inner points and ends exactly at the last point", () => {
    expect(smoothPath([{ x: 0, y: 0 }, { x: 0, y: 40 }, { x: 20, y: 60 }, { x: 20, y: 100 }])).toBe(
      "M 0 0 Q 0 40 10 50 Q 20 60 20 100",
    );
  });

  it("is empty without points", () => {
    expect(smoothPath([])).toBe("");
  });
});

describe("lanePath", () => {
  it("goes right to the lane, up, and back left into the target", () => {
    expect(lanePath({ x: 100, y: 300 }, { x: 100, y: 100 }, 200, 10)).toBe(
      "M 100 300 L 190 300 Q 200 300 200 290 L 200 110 Q 200 100 190 100 L 100 100",
    );
  });

  it("shrinks the corner radius on short spans", () => {
    expect(lanePath({ x: 0, y: 10 }, { x: 0, y: 0 }, 50, 14)).toContain("Q 50 10 50 5");
  });
});
