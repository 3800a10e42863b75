import { describe, expect, it } from "vitest";
import { listProfiles } from "~/core/profiles";
import type { LifecycleEdge, LifecycleNode } from "~/core/profiles/types";
import { layoutProfile, NODE_WIDTH, type ProfileLayout } from "./layoutProfile";
import { columnLayoutBelow, READABLE_ZOOM } from "./readableViewport";
import { columnOrder, labelLines, layoutStacked, stackSize } from "./stackedLayout";

const node = (id: string, kind: LifecycleNode["kind"] = "event", group?: string): LifecycleNode => ({
  id,
  label: id,
  kind,
  doc: "",
  ...(group ? { group } : {}),
});
const edge = (id: string, source: string, target: string, extra: Partial<LifecycleEdge> = {}): LifecycleEdge => ({
  id,
  source,
  target,
  points: [],
  ...extra,
});

// A loop with a branch, a jump past events, two back-edges into one event, and events outside it.
const graph = {
  nodes: [node("load", "outside"), node("unload", "outside"), node("prompt", "start"), node("model"), node("reply"), node("tool"), node("result"), node("end", "terminal")],
  edges: [
    edge("init", "load", "unload", { points: ["init"] }),
    edge("submit", "prompt", "model", { points: ["user-prompt-submit", "pre-model-call"] }),
    edge("call", "model", "reply", { points: ["post-model-call"], label: "model request" }),
    edge("use", "reply", "tool", { label: "reply has tool_use" }),
    edge("run", "tool", "result", { points: ["post-tool-use"] }),
    edge("denied", "tool", "result", { label: "denied: an error result" }),
    edge("next", "result", "model", { points: ["pre-model-call"], back: true }),
    edge("continue", "reply", "model", { back: true, label: "decision: continue" }),
    edge("stop", "reply", "end", { points: ["stop"], label: "no tool_use" }),
    edge("boot", "load", "prompt"),
  ],
};

const at = (l: ProfileLayout, id: string) => {
  const n = l.nodes.find((p) => p.node.id === id);
  if (!n) throw new Error(`no node ${id}`);
  return n;
};

type Rect = { id: string; x: number; y: number; w: number; h: number };
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

function drawnBoxes(l: ProfileLayout): Rect[] {
  const boxes: Rect[] = l.nodes.map((n) => ({ id: n.node.id, x: n.x, y: n.y, w: n.width, h: n.height }));
  for (const { edge: e, route, stack } of l.edges) {
    if (stack.height > 0) boxes.push({ id: `stack of ${e.id}`, x: route.label.x - stack.width / 2, y: route.label.y - stack.height / 2, w: stack.width, h: stack.height });
  }
  return boxes;
}

describe("labelLines", () => {
  it("wraps words to the badges' width, generously", () => {
    expect(labelLines("ask")).toBe(1);
    expect(labelLines("Stop block: reason fed back (at most 9 in a row)")).toBe(2);
    expect(labelLines("x".repeat(60))).toBe(3);
  });
});

describe("columnOrder", () => {
  it("keeps a branch together and puts every forward edge's target below its source", () => {
    const ids = columnOrder(graph.nodes.slice(2), graph.edges).map((n) => n.id);
    expect(ids).toEqual(["prompt", "model", "reply", "tool", "result", "end"]);
  });

  it("still lists every event when forward edges form a cycle", () => {
    const ids = columnOrder([node("a"), node("b")], [edge("ab", "a", "b"), edge("ba", "b", "a")]).map((n) => n.id);
    expect(ids.sort()).toEqual(["a", "b"]);
  });
});

describe("layoutStacked", () => {
  const l = layoutStacked(graph);

  it("puts every event in one column, the loop from the top and the outside events in a frame below it", () => {
    expect(new Set(l.nodes.map((n) => n.x))).toEqual(new Set([0]));
    const ys = ["prompt", "model", "reply", "tool", "result", "end", "load", "unload"].map((id) => at(l, id).y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    const frame = l.outsideFrame;
    if (!frame) throw new Error("no outside frame");
    expect(frame.y).toBeGreaterThan(at(l, "end").y + at(l, "end").height);
    expect(frame.y + frame.height).toBeGreaterThanOrEqual(at(l, "unload").y + at(l, "unload").height);
    expect(l.stacked).toBe(true);
  });

  it("runs the edge to the next event straight down, and every other edge through a lane right of everything else", () => {
    const straight = l.edges.filter((e) => e.route.kind === "forward").map((e) => e.edge.id);
    expect(straight.sort()).toEqual(["call", "init", "run", "submit", "use"]);
    const right = Math.max(...drawnBoxes(l).map((b) => b.x + b.w), (l.outsideFrame?.x ?? 0) + (l.outsideFrame?.width ?? 0));
    for (const { edge: e, route } of l.edges) {
      if (route.kind !== "lane") continue;
      expect(route.laneX, `${e.id}'s lane`).toBeGreaterThan(right);
      expect(route.to.x).toBe(NODE_WIDTH);
      expect(route.to.y).toBeCloseTo(at(l, e.target).y + at(l, e.target).height / 2, -1);
    }
  });

  it("lets the edges into one event from one side share a lane", () => {
    const lane = (id: string) => {
      const r = l.edges.find((e) => e.edge.id === id)?.route;
      return r?.kind === "lane" ? r.laneX : null;
    };
    expect(lane("next")).not.toBeNull();
    expect(lane("next")).toBe(lane("continue"));
    expect(lane("stop")).not.toBe(lane("next"));
  });

  it("draws the line from an event down to its last stack once, through the stacks above it", () => {
    const fromReply = l.edges.filter((e) => e.edge.source === "reply");
    // `use` goes to the next event: it comes last and draws the trunk; the jumps start at their stacks.
    const use = fromReply.find((e) => e.edge.id === "use");
    const others = fromReply.filter((e) => e.edge.id !== "use");
    expect(others.every((e) => e.route.kind === "lane" && e.route.lead === null)).toBe(true);
    expect(others.every((e) => e.route.label.y < (use?.route.label.y ?? 0))).toBe(true);
  });

  it("reserves the lines of a wrapped label", () => {
    expect(stackSize({ points: ["a"], label: "Stop block: reason fed back (at most 9 in a row)" }).height).toBe(2 * 13 + 26 + 4);
  });
});

describe("layoutStacked on every registered profile", () => {
  it.each(listProfiles().map((p) => [p.id, p] as const))("%s: one column no wider than the side-by-side layout, nothing overlapping", (_, profile) => {
    const l = layoutStacked(profile);
    const wide = layoutProfile(profile);
    expect(l.edges).toHaveLength(profile.edges.length);
    expect(l.nodes).toHaveLength(profile.nodes.length);
    // Narrow enough for the designer's graph pane with a file open at 1024 px (240 px).
    expect(l.bounds.width * READABLE_ZOOM).toBeLessThanOrEqual(240);
    expect(l.bounds.width).toBeLessThan(wide.bounds.width);
    const boxes = drawnBoxes(l);
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) expect(overlaps(a, b), `${a.id} overlaps ${b.id}`).toBe(false);
    }
    for (const b of boxes) {
      expect(b.x).toBeGreaterThanOrEqual(l.bounds.x);
      expect(b.x + b.w).toBeLessThanOrEqual(l.bounds.x + l.bounds.width);
    }
    // Forward edges inside the loop go down the column.
    const outside = new Set(profile.nodes.filter((n) => n.kind === "outside").map((n) => n.id));
    for (const e of profile.edges) {
      if (e.back || outside.has(e.source) || outside.has(e.target)) continue;
      expect(at(l, e.target).y, `${e.id} goes down`).toBeGreaterThan(at(l, e.source).y);
    }
  });
});

describe("columnLayoutBelow", () => {
  it("is the narrower of the side-by-side drawing and two columns, at the readable zoom", () => {
    expect(columnLayoutBelow({ width: 2000 }, { width: 250 })).toBeCloseTo(500 * READABLE_ZOOM);
    expect(columnLayoutBelow({ width: 400 }, { width: 250 })).toBeCloseTo(400 * READABLE_ZOOM);
    expect(columnLayoutBelow({ width: 200 }, { width: 250 })).toBe(0);
  });
});
