"use client";

import { useEffect, useRef } from "react";

export type PaneId = "graph" | "hooks" | "editor" | "run" | "runs";

/** Alt+1…5 focus a pane, Alt+0 maximises or restores the editor (the same keys on every layout). */
export const paneKeys: Readonly<Record<PaneId, string>> = { graph: "Alt+1", hooks: "Alt+2", editor: "Alt+3", run: "Alt+4", runs: "Alt+5" };
export const maximiseKey = "Alt+0";

const byCode: Readonly<Record<string, PaneId>> = { Digit1: "graph", Digit2: "hooks", Digit3: "editor", Digit4: "run", Digit5: "runs" };

/**
 * The pane shortcuts. Keys are matched by `code`, not `key`: on macOS Option+digit types a
 * symbol. Listened to in the capture phase so Monaco and the graph see them only after us.
 */
export function usePaneShortcuts(actions: { focusPane(pane: PaneId): void; toggleMaximise(): void }): void {
  const latest = useRef(actions);
  useEffect(() => {
    latest.current = actions;
  });
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
      if (e.code === "Digit0") {
        e.preventDefault();
        latest.current.toggleMaximise();
        return;
      }
      const pane = byCode[e.code];
      if (!pane) return;
      e.preventDefault();
      latest.current.focusPane(pane);
    };
    window.addEventListener("keydown", onKey, true);
    return () => window.removeEventListener("keydown", onKey, true);
  }, []);
}
