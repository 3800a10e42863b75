import { describe, expect, it } from "vitest";
import { READABLE_ZOOM, readableViewport } from "./readableViewport";

describe("readableViewport", () => {
  it("fits and centres a drawing that is readable whole", () => {
    // 400×300 in a 500×400 pane: fit zoom min(476/400, 376/300) = 1.19, capped at 1.15.
    const v = readableViewport({ x: 0, y: 0, width: 400, height: 300 }, { width: 500, height: 400 }, 200);
    expect(v.zoom).toBe(1.15);
    expect(v.x).toBeCloseTo((500 - 460) / 2);
    expect(v.y).toBeCloseTo((400 - 345) / 2);
  });

  it("never zooms out below the readable zoom: the top of a large drawing shows, centred on the focus", () => {
    const bounds = { x: -300, y: -20, width: 1200, height: 1600 };
    const v = readableViewport(bounds, { width: 480, height: 360 }, 300);
    expect(v.zoom).toBeCloseTo(READABLE_ZOOM);
    expect(v.y).toBeCloseTo(12 + 20 * READABLE_ZOOM);
    // The focus (x = 300) sits in the middle of the pane.
    expect(v.x + 300 * v.zoom).toBeCloseTo(240);
  });

  it("does not pan past the drawing's edge to centre a focus near it", () => {
    const bounds = { x: 0, y: 0, width: 1200, height: 1600 };
    const v = readableViewport(bounds, { width: 480, height: 360 }, 10);
    // The drawing's left edge stays at the margin instead of moving right of it.
    expect(v.x).toBeCloseTo(12);
    const right = readableViewport(bounds, { width: 480, height: 360 }, 1190);
    expect(right.x + 1200 * right.zoom).toBeCloseTo(480 - 12);
  });

  it("centres a drawing that fits across only in less than the usual margin, instead of panning it", () => {
    // 250 wide at 0.92 is 230 px: in a 240 px pane it fits, with 5 px either side.
    const v = readableViewport({ x: -10, y: 0, width: 250, height: 2000 }, { width: 240, height: 500 }, 92);
    expect(v.zoom).toBeCloseTo(READABLE_ZOOM);
    expect(v.x - 10 * v.zoom).toBeCloseTo(5);
  });

  it("fits between the readable zoom and the cap when that is what the pane allows", () => {
    const v = readableViewport({ x: 0, y: 0, width: 1000, height: 500 }, { width: 1024, height: 700 }, 500);
    expect(v.zoom).toBeCloseTo(1000 / 1000);
  });
});
