/**
 * The designer's pane sizes: what the user asked for (fractions of the window, remembered) and
 * what fits on screen now (pixels). Pure, so the rules are tested without a browser.
 */

export type RunTab = "run" | "runs";

/** What the user chose; stored per browser (localStorage). */
export interface PaneSizes {
  /** Width of the loop graph as a fraction of the designer's width. */
  graph: number;
  /** Width of the hook panel as a fraction of the designer's width. */
  panel: number;
  /** Height of the run panel as a fraction of the designer's height. */
  run: number;
  graphCollapsed: boolean;
  panelCollapsed: boolean;
  runCollapsed: boolean;
  /** The editor takes the graph's and the hook panel's room. */
  editorMaximised: boolean;
  runTab: RunTab;
}

export const defaultPaneSizes: PaneSizes = {
  graph: 0.38,
  panel: 0.24,
  run: 0.3,
  graphCollapsed: false,
  panelCollapsed: false,
  runCollapsed: false,
  editorMaximised: false,
  runTab: "run",
};

export const GRAPH_MIN = 220;
export const PANEL_MIN = 260;
export const EDITOR_MIN = 340;
/** A collapsed pane is a strip this wide with the button that opens it again. */
export const RAIL = 30;
export const SPLITTER = 6;
export const RUN_MIN = 140;
/** The run panel's header (tabs) when collapsed or open. */
export const RUN_HEADER = 34;
/** The graph, hook panel and editor keep at least this much height above the run panel. */
export const MAIN_MIN = 220;

export interface PaneWidths {
  /** 0 when the pane shows as a rail. */
  graph: number;
  panel: number;
  editor: number;
  graphRail: boolean;
  panelRail: boolean;
}

const clamp = (v: number, lo: number, hi: number) => Math.min(Math.max(v, lo), Math.max(lo, hi));

/** The editor's least width: EDITOR_MIN, and half the designer while a file is open. */
export function editorMinWidth(width: number, fileOpen: boolean): number {
  return Math.max(EDITOR_MIN, fileOpen ? Math.round(width / 2) : 0);
}

/**
 * Pixel widths for a designer `width` wide. The editor keeps at least EDITOR_MIN, and at least
 * half of the width while a file is open (the graph gives up room first, then the hook panel);
 * each side pane keeps its own minimum. Rounded to whole pixels; the editor takes the rest.
 */
export function paneWidths(width: number, sizes: PaneSizes, fileOpen: boolean): PaneWidths {
  const graphRail = sizes.graphCollapsed || sizes.editorMaximised;
  const panelRail = sizes.panelCollapsed || sizes.editorMaximised;
  const splitters = (graphRail ? 0 : SPLITTER) + (panelRail ? 0 : SPLITTER);
  const rails = (graphRail ? RAIL : 0) + (panelRail ? RAIL : 0);
  const room = Math.max(0, width - splitters - rails);
  const editorMin = editorMinWidth(width, fileOpen);

  let panel = panelRail ? 0 : Math.max(PANEL_MIN, Math.round(sizes.panel * width));
  let graph = graphRail ? 0 : Math.max(GRAPH_MIN, Math.round(sizes.graph * width));
  const over = () => graph + panel + editorMin - room;
  if (over() > 0 && !graphRail) graph = clamp(graph - over(), GRAPH_MIN, graph);
  if (over() > 0 && !panelRail) panel = clamp(panel - over(), PANEL_MIN, panel);
  const editor = Math.max(0, room - graph - panel);
  return { graph, panel, editor, graphRail, panelRail };
}

/** The run panel's body height for a designer `height` tall (0 when collapsed). */
export function runHeight(height: number, sizes: PaneSizes): number {
  if (sizes.runCollapsed) return 0;
  const max = height - MAIN_MIN - RUN_HEADER - SPLITTER;
  return Math.round(clamp(sizes.run * height, RUN_MIN, max));
}

/** Fractions from the stored JSON; anything missing or out of range falls back to its default. */
export function parsePaneSizes(text: string | null): PaneSizes {
  if (!text) return defaultPaneSizes;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return defaultPaneSizes;
  }
  if (typeof raw !== "object" || raw === null) return defaultPaneSizes;
  const r = raw as Record<string, unknown>;
  const frac = (v: unknown, d: number) => (typeof v === "number" && v > 0 && v < 1 ? v : d);
  const flag = (v: unknown, d: boolean) => (typeof v === "boolean" ? v : d);
  return {
    graph: frac(r.graph, defaultPaneSizes.graph),
    panel: frac(r.panel, defaultPaneSizes.panel),
    run: frac(r.run, defaultPaneSizes.run),
    graphCollapsed: flag(r.graphCollapsed, false),
    panelCollapsed: flag(r.panelCollapsed, false),
    runCollapsed: flag(r.runCollapsed, false),
    editorMaximised: flag(r.editorMaximised, false),
    runTab: r.runTab === "runs" ? "runs" : "run",
  };
}
