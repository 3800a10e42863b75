import { describe, expect, it } from "vitest";
import type { Hook } from "~/core/pipeline/schema";
import type { LifecycleEdge, LifecycleNode } from "~/core/profiles/types";
import { getProfile } from "~/core/profiles";
import { buildFlowEdges, buildFlowNodes, countHooks, groupFrames } from "./buildFlowElements";
import { layoutProfile } from "./layoutProfile";
import { layoutStacked } from "./stackedLayout";

const node = (id: string, kind: LifecycleNode["kind"] = "event"): LifecycleNode => ({ id, label: id.toUpperCase(), kind, doc: `${id} doc` });
const edges: LifecycleEdge[] = [
  { id: "e1", source: "a", target: "b", points: ["p1", "p2"] },
  { id: "e2", source: "b", target: "a", points: ["p2"], back: true, label: "again" },
  { id: "e3", source: "boot", target: "a", points: [] },
];
const profile = {
  nodes: [node("boot", "outside"), node("a", "start"), node("b")],
  edges,
  points: [
    { id: "p1", doc: "first point" },
    { id: "p2", doc: "second point" },
  ],
};
const hook = (id: string, point: string, enabled = true): Hook => ({ id, point, name: id, enabled, code: "", priority: null, matcher: null });
const hooks = [hook("h1", "p1"), hook("h2", "p1", false), hook("h3", "p2"), hook("h4", "p1")];
const layout = layoutProfile(profile);
const none = { selectedPointId: null, activeEdgeId: null, activePoint: null, activeHookId: null };

describe("countHooks", () => {
  it("counts enabled and all hooks per point", () => {
    expect(Object.fromEntries(countHooks(hooks))).toEqual({ p1: { enabled: 2, total: 3 }, p2: { enabled: 1, total: 1 } });
  });
});

describe("buildFlowNodes", () => {
  it("types outside events apart and puts the frame behind them", () => {
    const nodes = buildFlowNodes(layout);
    expect(nodes.map((n) => [n.id, n.type])).toEqual([
      ["__bounds", "bounds"],
      ["__outside-frame", "frame"],
      ["boot", "outside"],
      ["a", "event"],
      ["b", "event"],
    ]);
    expect(nodes[1]?.zIndex).toBe(-1);
  });
});

describe("buildFlowEdges", () => {
  it("shows every point of an edge with its enabled count and doc, including points without hooks", () => {
    const out = buildFlowEdges({ layout, profile, hooks: [hook("h3", "p2")], highlights: none });
    const e1 = out.find((e) => e.id === "e1");
    expect(e1?.type).toBe("forward");
    expect(e1?.data?.points.map((p) => [p.pointId, p.enabled, p.total, p.doc])).toEqual([
      ["p1", 0, 0, "first point"],
      ["p2", 1, 1, "second point"],
    ]);
  });

  it("routes back-edges through their lane handles and keeps their label", () => {
    const e2 = buildFlowEdges({ layout, profile, hooks, highlights: none }).find((e) => e.id === "e2");
    expect(e2).toMatchObject({ type: "back", sourceHandle: "right-out", targetHandle: "right-in", data: { label: "again" } });
  });

  it("draws the one-column layout's jumps as lane edges, dashed for back-edges, with labels wrapped", () => {
    const out = buildFlowEdges({ layout: layoutStacked(profile), profile, hooks, highlights: none });
    const e2 = out.find((e) => e.id === "e2");
    expect(e2).toMatchObject({ type: "lane", targetHandle: "right-in", data: { label: "again", back: true, wrapLabel: true } });
    expect(out.find((e) => e.id === "e1")).toMatchObject({ type: "forward", data: { wrapLabel: true } });
    expect(buildFlowEdges({ layout, profile, hooks, highlights: none }).every((e) => e.data?.wrapLabel === false)).toBe(true);
  });

  it("marks the selected point on every edge that carries it", () => {
    const out = buildFlowEdges({ layout, profile, hooks, highlights: { ...none, selectedPointId: "p2" } });
    const selected = out.flatMap((e) => (e.data?.points ?? []).filter((p) => p.selected).map((p) => `${e.id}:${p.pointId}`));
    expect(selected).toEqual(["e1:p2", "e2:p2"]);
  });

  it("lights the executing hook's point on the active edge only", () => {
    const out = buildFlowEdges({ layout, profile, hooks, highlights: { ...none, activeEdgeId: "e2", activeHookId: "h3" } });
    const active = out.flatMap((e) => (e.data?.points ?? []).filter((p) => p.active).map((p) => `${e.id}:${p.pointId}`));
    expect(active).toEqual(["e2:p2"]);
    expect(out.find((e) => e.id === "e2")?.data?.active).toBe(true);
    expect(out.find((e) => e.id === "e1")?.data?.active).toBe(false);
  });
});

describe("stage group frames", () => {
  it("frames each named group's loop nodes (OpenClaw's 23 points read as stages), none for other profiles", () => {
    const openclaw = getProfile("openclaw");
    const vellum = getProfile("vellum");
    if (!openclaw || !vellum) throw new Error("profiles");
    const layout = layoutProfile(openclaw);
    const frames = groupFrames(layout, openclaw.groups);
    expect(frames.map((f) => f.data)).toEqual([{ label: "Turn preamble" }, { label: "Model loop" }, { label: "Tool calls" }, { label: "End of run" }, { label: "Delivery" }]);
    for (const frame of frames) {
      const group = frame.id.replace("__group-", "");
      for (const p of layout.nodes.filter((n) => n.node.group === group && n.node.kind !== "outside")) {
        expect(p.x >= frame.position.x && p.y >= frame.position.y && p.x + p.width <= frame.position.x + (frame.width ?? 0) && p.y + p.height <= frame.position.y + (frame.height ?? 0)).toBe(true);
      }
    }
    expect(groupFrames(layoutProfile(vellum), vellum.groups)).toEqual([]);
  });
});

describe("stage group frames in either layout", () => {
  const grouped = [getProfile("openclaw"), getProfile("claude-code")].flatMap((p) => (p ? [p] : []));
  it.each(grouped.flatMap((p) => [[p.id, "side by side", layoutProfile(p), p] as const, [p.id, "one column", layoutStacked(p), p] as const]))(
    "%s, %s: a frame holds only its own group's events, and each of them is in a frame or alone",
    (_, __, l, p) => {
      const frames = groupFrames(l, p.groups);
      expect(frames.length).toBeGreaterThan(0);
      const inside = (n: (typeof l.nodes)[number], f: (typeof frames)[number]) =>
        n.x < f.position.x + (f.width ?? 0) && f.position.x < n.x + n.width && n.y < f.position.y + (f.height ?? 0) && f.position.y < n.y + n.height;
      for (const f of frames) {
        const group = f.id.replace(/^__group-/, "").replace(/-\d+$/, "");
        for (const n of l.nodes.filter((x) => x.node.kind !== "outside" && inside(x, f))) expect(n.node.group, `${n.node.id} in ${f.id}`).toBe(group);
      }
    },
  );
});
