import type { Box } from "./layoutProfile";

/**
 * The graph's smallest text is 12 px (loopGraph.module.css); at this zoom it is just over 11 px
 * on screen, the least a badge or label may show at (11/12 exactly lands a hair under 11 once
 * the transform is applied).
 */
export const SMALLEST_GRAPH_FONT = 12;
export const READABLE_ZOOM = 0.92;
/** A small graph in a large pane is not blown up beyond this. */
export const MAX_FIT_ZOOM = 1.15;
const MARGIN = 12;

export interface Viewport {
  x: number;
  y: number;
  zoom: number;
}

/**
 * The pane width under which the one-column layout (stackedLayout) replaces the side-by-side
 * one (layoutProfile): the side-by-side drawing does not fit across at the readable zoom, and
 * the pane has room for less than two of the column's width, so the side-by-side drawing would
 * show about one of its branches at a time and pan sideways. 0 when the column is no narrower.
 */
export function columnLayoutBelow(wide: Pick<Box, "width">, column: Pick<Box, "width">): number {
  if (column.width >= wide.width) return 0;
  return Math.min(wide.width, 2 * column.width) * READABLE_ZOOM;
}

/**
 * Where to show the drawing (`bounds`, flow coordinates) in a pane of `view` pixels: all of it
 * when it fits at a readable zoom, centred (in less margin if that is what it takes to fit across); otherwise at the readable zoom, from its top (a turn
 * starts there), horizontally centred on `focusX` (the start event) without scrolling past
 * either side. The user pans from there.
 */
export function readableViewport(bounds: Box, view: { width: number; height: number }, focusX: number): Viewport {
  const fit = Math.min((view.width - 2 * MARGIN) / Math.max(1, bounds.width), (view.height - 2 * MARGIN) / Math.max(1, bounds.height));
  const zoom = Math.min(MAX_FIT_ZOOM, Math.max(READABLE_ZOOM, fit));
  const width = bounds.width * zoom;
  const height = bounds.height * zoom;

  let x: number;
  if (width <= view.width) x = (view.width - width) / 2 - bounds.x * zoom;
  else {
    const leftmost = MARGIN - bounds.x * zoom;
    const rightmost = view.width - MARGIN - (bounds.x + bounds.width) * zoom;
    x = Math.min(leftmost, Math.max(rightmost, view.width / 2 - focusX * zoom));
  }
  const y = height + 2 * MARGIN <= view.height ? (view.height - height) / 2 - bounds.y * zoom : MARGIN - bounds.y * zoom;
  return { x, y, zoom };
}
