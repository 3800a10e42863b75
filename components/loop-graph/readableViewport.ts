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
 * Where to show the drawing (`bounds`, flow coordinates) in a pane of `view` pixels: all of it
 * when it fits at a readable zoom, centred; otherwise at the readable zoom, from its top (a turn
 * starts there), horizontally centred on `focusX` (the start event) without scrolling past
 * either side. The user pans from there.
 */
export function readableViewport(bounds: Box, view: { width: number; height: number }, focusX: number): Viewport {
  const fit = Math.min((view.width - 2 * MARGIN) / Math.max(1, bounds.width), (view.height - 2 * MARGIN) / Math.max(1, bounds.height));
  const zoom = Math.min(MAX_FIT_ZOOM, Math.max(READABLE_ZOOM, fit));
  const width = bounds.width * zoom;
  const height = bounds.height * zoom;

  let x: number;
  if (width + 2 * MARGIN <= view.width) x = (view.width - width) / 2 - bounds.x * zoom;
  else {
    const leftmost = MARGIN - bounds.x * zoom;
    const rightmost = view.width - MARGIN - (bounds.x + bounds.width) * zoom;
    x = Math.min(leftmost, Math.max(rightmost, view.width / 2 - focusX * zoom));
  }
  const y = height + 2 * MARGIN <= view.height ? (view.height - height) / 2 - bounds.y * zoom : MARGIN - bounds.y * zoom;
  return { x, y, zoom };
}
