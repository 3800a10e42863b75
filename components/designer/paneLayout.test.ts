import { describe, expect, it } from "vitest";
import { defaultPaneSizes, EDITOR_MIN, GRAPH_MIN, PANEL_MIN, paneWidths, parsePaneSizes, RAIL, runHeight, SPLITTER } from "./paneLayout";

const total = (w: ReturnType<typeof paneWidths>) =>
  w.graph + w.panel + w.editor + (w.graphRail ? RAIL : SPLITTER) + (w.panelRail ? RAIL : SPLITTER);

describe("paneWidths", () => {
  it("fills the width exactly at the three screen sizes, with or without a file open", () => {
    for (const width of [1024, 1280, 1440]) {
      for (const fileOpen of [false, true]) {
        const w = paneWidths(width, defaultPaneSizes, fileOpen);
        expect(total(w)).toBe(width);
        expect(w.graph).toBeGreaterThanOrEqual(GRAPH_MIN);
        expect(w.panel).toBeGreaterThanOrEqual(PANEL_MIN);
      }
    }
  });

  it("gives the editor half the width when a file is open, taking it from the graph", () => {
    expect(paneWidths(1280, defaultPaneSizes, true)).toEqual({ graph: 321, panel: 307, editor: 640, graphRail: false, panelRail: false });
    expect(paneWidths(1024, defaultPaneSizes, true)).toEqual({ graph: 240, panel: 260, editor: 512, graphRail: false, panelRail: false });
  });

  it("keeps the user's graph width when no file is open", () => {
    expect(paneWidths(1280, defaultPaneSizes, false).graph).toBe(486);
  });

  it("never squeezes the editor below its minimum: the graph shrinks, then the hook panel", () => {
    const w = paneWidths(1024, { ...defaultPaneSizes, graph: 0.8, panel: 0.6 }, false);
    expect(w.editor).toBe(EDITOR_MIN);
    expect(w.graph).toBe(GRAPH_MIN);
    expect(w.panel).toBe(1024 - 2 * SPLITTER - GRAPH_MIN - EDITOR_MIN);
  });

  it("turns collapsed panes, and both side panes of a maximised editor, into rails", () => {
    const collapsed = paneWidths(1280, { ...defaultPaneSizes, graphCollapsed: true }, true);
    expect(collapsed).toMatchObject({ graph: 0, graphRail: true, panelRail: false });
    expect(total(collapsed)).toBe(1280);
    expect(paneWidths(1280, { ...defaultPaneSizes, editorMaximised: true }, true)).toEqual({
      graph: 0,
      panel: 0,
      editor: 1280 - 2 * RAIL,
      graphRail: true,
      panelRail: true,
    });
  });
});

describe("runHeight", () => {
  it("is a fraction of the height within its bounds, and 0 collapsed", () => {
    expect(runHeight(668, defaultPaneSizes)).toBe(200);
    expect(runHeight(668, { ...defaultPaneSizes, run: 0.9 })).toBe(668 - 220 - 34 - 6);
    expect(runHeight(668, { ...defaultPaneSizes, run: 0.01 })).toBe(140);
    expect(runHeight(668, { ...defaultPaneSizes, runCollapsed: true })).toBe(0);
  });
});

describe("parsePaneSizes", () => {
  it("reads what was stored and falls back field by field", () => {
    expect(parsePaneSizes(JSON.stringify({ graph: 0.5, runTab: "runs", panelCollapsed: true }))).toEqual({
      ...defaultPaneSizes,
      graph: 0.5,
      runTab: "runs",
      panelCollapsed: true,
    });
    expect(parsePaneSizes(JSON.stringify({ graph: 7, panel: "wide", runTab: "other" }))).toEqual(defaultPaneSizes);
    expect(parsePaneSizes("{not json")).toEqual(defaultPaneSizes);
    expect(parsePaneSizes(null)).toEqual(defaultPaneSizes);
  });
});
