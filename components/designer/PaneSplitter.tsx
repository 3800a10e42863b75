"use client";

import { useRef, type KeyboardEvent, type PointerEvent } from "react";
import styles from "./designer.module.css";

const KEY_STEP = 24;

/**
 * A handle between two panes, dragged with the pointer or moved with the arrow keys (a WAI-ARIA
 * window splitter). `onResize` gets the size the pane before it (left or above) should have,
 * from the size it had when the drag started; `size` is that pane's current size in pixels.
 */
export function PaneSplitter(props: {
  orientation: "vertical" | "horizontal";
  label: string;
  size: number;
  min: number;
  max: number;
  /** The pane the handle sizes grows to the right / downward when the handle moves that way. */
  grows: "after" | "before";
  onResize(size: number): void;
  controls: string;
  testId?: string;
}) {
  const drag = useRef<{ start: number; size: number } | null>(null);
  const vertical = props.orientation === "vertical";
  const sign = props.grows === "before" ? 1 : -1;
  const set = (size: number) => props.onResize(Math.round(Math.min(Math.max(size, props.min), props.max)));

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { start: vertical ? e.clientX : e.clientY, size: props.size };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    set(d.size + sign * ((vertical ? e.clientX : e.clientY) - d.start));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    drag.current = null;
    if (e.currentTarget.hasPointerCapture(e.pointerId)) e.currentTarget.releasePointerCapture(e.pointerId);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const less = vertical ? "ArrowLeft" : "ArrowUp";
    const more = vertical ? "ArrowRight" : "ArrowDown";
    const step = e.shiftKey ? KEY_STEP * 4 : KEY_STEP;
    if (e.key === less) set(props.size - sign * step);
    else if (e.key === more) set(props.size + sign * step);
    else if (e.key === "Home") set(props.min);
    else if (e.key === "End") set(props.max);
    else return;
    e.preventDefault();
  };

  return (
    <div
      role="separator"
      aria-orientation={props.orientation}
      aria-label={props.label}
      aria-controls={props.controls}
      aria-valuenow={Math.round(props.size)}
      aria-valuemin={Math.round(props.min)}
      aria-valuemax={Math.round(props.max)}
      tabIndex={0}
      title={`${props.label}: drag, or focus and use the arrow keys`}
      className={vertical ? styles.splitterV : styles.splitterH}
      data-testid={props.testId}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
    />
  );
}
