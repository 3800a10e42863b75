"use client";
import { useEffect } from "react";

/** Arrows step by event, J/K by hook; ignored while typing in a field or an editor. */
export function useStepKeys(handlers: { event: (dir: 1 | -1) => void; hook: (dir: 1 | -1) => void }, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target;
      if (target instanceof Element && target.closest("input, textarea, select, [contenteditable=true], .monaco-editor")) return;
      const act: Record<string, () => void> = {
        ArrowRight: () => handlers.event(1),
        ArrowDown: () => handlers.event(1),
        ArrowLeft: () => handlers.event(-1),
        ArrowUp: () => handlers.event(-1),
        j: () => handlers.hook(1),
        J: () => handlers.hook(1),
        k: () => handlers.hook(-1),
        K: () => handlers.hook(-1),
      };
      const run = act[e.key];
      if (!run) return;
      e.preventDefault();
      run();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [handlers, enabled]);
}
