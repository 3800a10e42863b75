"use client";

import { useReactFlow } from "@xyflow/react";
import { useEffect, type RefObject } from "react";
import type { Box } from "./layoutProfile";
import { readableViewport } from "./readableViewport";

/**
 * Shows the graph at a readable zoom (readableViewport) when it mounts and again whenever its
 * pane changes size: a window resize, a splitter drag, a pane collapsed or the editor maximised.
 */
export function ReadableFit(props: {
  pane: RefObject<HTMLElement | null>;
  bounds: Box;
  focusX: number;
  /** Bumped to fit again on demand (the fit button). */
  request: number;
}) {
  const { pane, bounds, focusX, request } = props;
  const flow = useReactFlow();
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    let frame = 0;
    const fit = () => {
      const { width, height } = el.getBoundingClientRect();
      if (width > 0 && height > 0) void flow.setViewport(readableViewport(bounds, { width, height }, focusX));
    };
    // Observing reports the current size at once, so this also fits on mount and on request.
    // One fit per frame however many size changes a drag reports.
    const ro = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(fit);
    });
    ro.observe(el);
    return () => {
      ro.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [flow, pane, bounds, focusX, request]);
  return null;
}
