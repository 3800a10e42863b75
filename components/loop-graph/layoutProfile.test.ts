import { describe, expect, it } from "vitest";
import { listProfiles } from "~/core/profiles";
import type { LifecycleEdge, LifecycleNode } from "~/core/profiles/types";
import { BADGE_WIDTH, edgeLabelSize, layoutProfile, NODE_HEIGHT, type ProfileLayout } from "./layoutProfile";

const node = (id: string, kind: LifecycleNode["kind"] = "event"): LifecycleNode => ({ id, label: id, kind, doc: "" });
const edge = (id: string, source: string, target: string, points: string[] = [], back = false): LifecycleEdge => ({
  id,
  source,
  target,
  points,
  back,
});

// The shape of an agent loop: a forward path, two back-edges, and lifecycle events outside it.
const graph = {
  nodes: [
    node("load", "outside"),
    node("ready", "outside"),
    node("unload", "outside"),
    node("prompt", "start"),
    node("model"),
    node("reply"),
    node("tool"),
    node("end", "terminal"),
  ],
  edges: [
    edge("init", "load", "ready", ["init"]),
    edge("shutdown", "ready", "unload", ["shutdown"]),
    edge("submit", "prompt", "model", ["user-prompt-submit", "pre-model-call"]),
    edge("call", "model", "reply", ["post-model-call"]),
    edge("use", "reply", "tool"),
    edge("result", "tool", "model", ["post-tool-use", "pre-model-call"], true),
    edge("continue", "reply", "model", [], true),
    edge("stop", "reply", "end", ["stop"]),
  ],
};

const at = (l: ProfileLayout, id: string) => {
  const n = l.nodes.find((p) => p.node.id === id);
  if (!n) throw new Error(`no node ${id}`);
  return n;
};

describe("edgeLabelSize", () => {
  it("reserves one badge row per hook point plus a line for the label", () => {
    expect(edgeLabelSize({ points: ["a", "b"], label: "x" })).toEqual({ width: BADGE_WIDTH, height: 2 * 26 + 4 + 16 });
    expect(edgeLabelSize({ points: [] })).toEqual({ width: 0, height: 0 });
  });
});

describe("layoutProfile", () => {
  const l = layoutProfile(graph);

  it("places the loop top to bottom along its forward path", () => {
    const ys = ["prompt", "model", "reply", "tool"].map((id) => at(l, id).y);
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    expect(at(l, "end").y).toBeGreaterThan(at(l, "reply").y);
  });

  it("routes back-edges to the right of every loop node, upward", () => {
    const loopRight = Math.max(...l.nodes.filter((n) => n.node.kind !== "outside").map((n) => n.x + n.width));
    const backs = l.edges.filter((e) => e.route.kind === "back");
    expect(backs.map((e) => e.edge.id).sort()).toEqual(["continue", "result"]);
    for (const { route } of backs) {
      if (route.kind !== "back") continue;
      expect(route.laneX - BADGE_WIDTH / 2).toBeGreaterThan(loopRight);
      expect(route.to.y).toBeLessThan(route.from.y);
    }
  });

  it("gives overlapping back-edges separate lanes", () => {
    const lanes = l.edges.flatMap((e) => (e.route.kind === "back" ? [e.route.laneX] : []));
    expect(new Set(lanes).size).toBe(2);
  });

  it("frames the outside events to the left of the loop", () => {
    expect(l.outsideFrame).not.toBeNull();
    const frame = l.outsideFrame;
    if (!frame) return;
    const loopLeft = Math.min(...l.nodes.filter((n) => n.node.kind !== "outside").map((n) => n.x));
    for (const id of ["load", "ready", "unload"]) {
      const n = at(l, id);
      expect(n.x).toBeGreaterThanOrEqual(frame.x);
      expect(n.x + n.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(n.y + n.height).toBeLessThanOrEqual(frame.y + frame.height);
    }
    expect(frame.x + frame.width).toBeLessThan(loopLeft);
  });

  it("keeps every badge stack clear of every node", () => {
    for (const { edge: e, route } of l.edges) {
      const size = edgeLabelSize(e);
      if (size.height === 0) continue;
      const box = { x: route.label.x - size.width / 2, y: route.label.y - size.height / 2, w: size.width, h: size.height };
      for (const n of l.nodes) {
        const overlaps = box.x < n.x + n.width && n.x < box.x + box.w && box.y < n.y + n.height && n.y < box.y + box.h;
        expect(overlaps, `${e.id} badges over node ${n.node.id}`).toBe(false);
      }
    }
  });

  it("starts forward paths at the source's border and ends them at the target's", () => {
    const submit = l.edges.find((e) => e.edge.id === "submit")?.route;
    if (submit?.kind !== "forward") throw new Error("submit should be a forward edge");
    expect(submit.path[0]?.y).toBeCloseTo(at(l, "prompt").y + NODE_HEIGHT, 0);
    expect(submit.path.at(-1)?.y).toBeCloseTo(at(l, "model").y, 0);
  });

  it("lays out a profile without outside events and without edges", () => {
    const bare = layoutProfile({ nodes: [node("a"), node("b")], edges: [] });
    expect(bare.outsideFrame).toBeNull();
    expect(bare.nodes).toHaveLength(2);
    expect(bare.edges).toEqual([]);
  });

  it("drops edges naming unknown nodes", () => {
    expect(layoutProfile({ nodes: [node("a")], edges: [edge("x", "a", "ghost")] }).edges).toEqual([]);
  });
});

describe("layoutProfile on every registered profile", () => {
  it.each(listProfiles().map((p) => [p.id, p] as const))("%s: badges clear of nodes, nodes clear of each other, every edge drawn", (_, profile) => {
    const l = layoutProfile(profile);
    expect(l.edges).toHaveLength(profile.edges.length);
    const boxes = l.nodes.map((n) => ({ id: n.node.id, x: n.x, y: n.y, w: n.width, h: n.height }));
    for (const { edge: e, route } of l.edges) {
      const size = edgeLabelSize(e);
      if (size.height > 0) boxes.push({ id: `badges of ${e.id}`, x: route.label.x - size.width / 2, y: route.label.y - size.height / 2, w: size.width, h: size.height });
    }
    for (const [i, a] of boxes.entries()) {
      for (const b of boxes.slice(i + 1)) {
        const overlaps = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
        expect(overlaps, `${a.id} overlaps ${b.id}`).toBe(false);
      }
    }
    const points = new Set(profile.points.map((p) => p.id));
    for (const e of profile.edges) for (const p of e.points) expect(points.has(p), `edge ${e.id} names unknown point ${p}`).toBe(true);
  });
});
