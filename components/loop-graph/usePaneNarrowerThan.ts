import { useLayoutEffect, useState, type RefObject } from "react";

/**
 * Whether the element is narrower than `width` pixels, kept up to date as it is resized (false
 * until measured). Changes only when the answer does, so a splitter drag re-renders the graph
 * once, when it crosses `width`.
 */
export function usePaneNarrowerThan(ref: RefObject<HTMLElement | null>, width: number): boolean {
  const [narrower, setNarrower] = useState(false);
  // Before paint: a pane that is narrow from the start never shows the other layout.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => {
      const w = el.getBoundingClientRect().width;
      if (w > 0) setNarrower(w < width);
    };
    check();
    const ro = new ResizeObserver(check);
    ro.observe(el);
    return () => ro.disconnect();
  }, [ref, width]);
  return narrower;
}
